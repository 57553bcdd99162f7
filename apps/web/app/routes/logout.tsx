import { authEndpoints } from "@camatlas/shared/api-contract";
import { redirect } from "react-router";
import { ApiResponseError } from "../lib/api-client.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/logout";

// Log out is a POST (a link could be triggered by another site); the API clears the session cookies and the
// root middleware hands its Set-Cookie headers to the browser.
export async function action({ context }: Route.ActionArgs) {
  try {
    await context.get(apiContext).call(authEndpoints.logout, {});
  } catch (error) {
    // Whatever the API answers, the visitor goes home.
    if (!(error instanceof ApiResponseError)) throw error;
  }
  throw redirect("/");
}

export function loader() {
  throw redirect("/");
}
