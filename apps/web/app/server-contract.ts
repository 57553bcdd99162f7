// What the one-process server (apps/server, package @camatlas/server) uses of the web app besides its build:
// the load context's input and the age gate's and theme's cookie rules (the guest page cache keys on them).
// The web app's only public entry (`@camatlas/web/server-contract`); nothing else of app/ is imported from outside.

export { cookieNames, isAgeGateOpen } from "./features/age-gate/age-gate-cookies.ts";
export { themeFromCookie } from "./features/theme/theme-cookie.ts";
export type { LoadContextInput, PublicConfig } from "./lib/load-context.ts";
