import { COOKIE_MAX_AGE, COOKIE_NAMES } from "@camatlas/shared";
import { parseCookieHeader } from "../../lib/session/cookies.ts";

// The colour theme a visitor chose with the header's toggle. Without a choice the page carries no data-theme and
// app.css decides: dark, or light for a browser that prefers light. The server reads the cookie, so the first
// byte of the page is already in the right theme (no flash, no inline script).

export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return value === "dark" || value === "light";
}

/** The chosen theme in a Cookie header, or null when none (or an unknown value) was chosen. */
export function themeFromCookie(cookieHeader: string | null | undefined): Theme | null {
  const value = parseCookieHeader(cookieHeader).get(COOKIE_NAMES.theme);
  return isTheme(value) ? value : null;
}

/** The Set-Cookie value (also usable as document.cookie) remembering a theme for a year. */
export function themeCookie(theme: Theme, secure: boolean): string {
  return `${COOKIE_NAMES.theme}=${theme}; Max-Age=${COOKIE_MAX_AGE.theme}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The other theme: what the toggle switches to. */
export function otherTheme(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}
