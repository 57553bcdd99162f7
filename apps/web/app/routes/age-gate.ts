import { safeReturnPath } from "@camatlas/shared";
import { redirect } from "react-router";
import { ageGateCookie, SEARCH_ENGINE_URL } from "../features/age-gate/age-gate-cookies.ts";
import type { Route } from "./+types/age-gate";

// The age gate's form target, for visitors without JavaScript: Yes sets the cookie and returns to the page,
// No leaves for a general search engine. The return path follows the site-wide rule (a newline or
// "/\t/host" goes home instead of failing or leaving the site).
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("answer") !== "yes") return redirect(SEARCH_ENGINE_URL);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(safeReturnPath(form.get("redirect_to")), {
    status: 303,
    headers: { "Set-Cookie": ageGateCookie(form.get("remember") !== null, secure) },
  });
}

export function loader() {
  return redirect("/");
}
