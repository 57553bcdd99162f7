// Spec §2: an internal link that starts with a path on the site's own host is rewritten to a full absolute
// address on that host (rendered HTML such as static pages, so links survive copying and feeds).

const ROOT_RELATIVE_HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])\/(?![/\\])/gi;

/** Rewrites `href="/path"` in HTML to `href="https://host/path"`; other links are left alone. */
export function absolutizeInternalLinks(html: string, siteUrl: string): string {
  const origin = new URL(siteUrl).origin;
  return html.replace(ROOT_RELATIVE_HREF, (_m, start: string, quote: string) => `${start}${quote}${origin}/`);
}

/** The site path of an address on the site's own host, or null for other hosts and non-http links. */
export function internalPath(href: string, siteOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  return url.pathname + url.search + url.hash;
}
