import { AGE_GATE_COOKIE_VALUE, COOKIE_MAX_AGE, COOKIE_NAMES } from "@camatlas/shared";

// Spec §4: Yes with Remember me saves age_gate=18 for 30 days. Yes without it closes the gate for this visit
// only: a session cookie (gone when the browser closes) keeps it closed across pages and full reloads.

export const AGE_GATE_VISIT_COOKIE = "age_gate_visit";
/** Where No sends the visitor: a general search engine. */
export const SEARCH_ENGINE_URL = "https://www.google.com";

/** Cookie names present in a Cookie header. */
export function cookieNames(cookieHeader: string | null | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) names.add(name);
  }
  return names;
}

/** The gate shows while no confirmation is saved and the visitor is not signed in (token cookie). */
export function isAgeGateOpen(cookieHeader: string | null | undefined): boolean {
  const names = cookieNames(cookieHeader);
  return !(
    names.has(COOKIE_NAMES.ageGate) ||
    names.has(AGE_GATE_VISIT_COOKIE) ||
    names.has(COOKIE_NAMES.token)
  );
}

/** The Set-Cookie value (also usable as document.cookie) recording a Yes. */
export function ageGateCookie(remember: boolean, secure: boolean): string {
  const flags = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return remember
    ? `${COOKIE_NAMES.ageGate}=${AGE_GATE_COOKIE_VALUE}; Max-Age=${COOKIE_MAX_AGE.ageGate}; ${flags}`
    : `${AGE_GATE_VISIT_COOKIE}=1; ${flags}`;
}
