// Navigation rules (spec §2), mostly given by React Router and relied upon here:
// - same-URL navigation: a <Link> to the current address is a REPLACE navigation that revalidates every loader;
// - every navigation scrolls to top and `#anchor` links scroll to their anchor: <ScrollRestoration /> in root;
// - review, blog and news addresses reload the whole page: link to them with `reloadDocument` (FULL_RELOAD_PATHS).

/** URL areas that the spec reloads as a whole page. */
export const FULL_RELOAD_PREFIXES = ["/reviews", "/blog", "/news"] as const;

export function needsFullReload(path: string): boolean {
  return FULL_RELOAD_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
