import { safeReturnPath } from "@camatlas/shared";
import { redirect } from "react-router";
import { isTheme, themeCookie } from "../features/theme/theme-cookie.ts";
import type { Route } from "./+types/theme";

// The theme toggle's form target for visitors without JavaScript: remembers the chosen theme and returns to the
// page (the site-wide return path rule). An unknown theme changes nothing.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  const back = safeReturnPath(form.get("redirect_to"));
  if (!isTheme(theme)) return redirect(back, { status: 303 });
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": themeCookie(theme, secure) } });
}

export function loader() {
  return redirect("/");
}
