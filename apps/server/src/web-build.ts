import path from "node:path";

// Where the one-process server finds the web app (apps/web): Vite's root in development, its build in production.
// The one place that knows the path; the SSR bundle never works out its own location.

/** The web app's folder (Vite root, `react-router build` output under build/). */
export const WEB_APP_DIR = path.resolve(import.meta.dirname, "../../web");
/** The React Router server build `npm run build` writes. */
export const WEB_SERVER_BUILD = path.join(WEB_APP_DIR, "build/server/index.js");
/** The built browser assets served under /assets and /. */
export const WEB_CLIENT_DIR = path.join(WEB_APP_DIR, "build/client");
