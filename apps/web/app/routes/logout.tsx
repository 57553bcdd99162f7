import { redirect } from "react-router";
import { apiResponse } from "../lib/session/api-response.ts";
import type { Route } from "./+types/logout";

// Log out is a POST (a link could be triggered by another site); the API clears the session cookies and the
// root middleware hands its Set-Cookie headers to the browser.
export async function action({ context }: Route.ActionArgs) {
  await apiResponse(context, "POST", "/auth/cross-site/logout");
  throw redirect("/");
}

export function loader() {
  throw redirect("/");
}
