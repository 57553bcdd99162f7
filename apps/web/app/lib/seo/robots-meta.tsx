import { useLocation } from "react-router";
import { isNoindexPath } from "./page-meta.ts";

/** For the root <head>: every page whose URL contains /stats/ is noindex, whatever its own meta says. */
export function RobotsMeta() {
  const { pathname } = useLocation();
  return isNoindexPath(pathname) ? <meta name="robots" content="noindex" /> : null;
}
