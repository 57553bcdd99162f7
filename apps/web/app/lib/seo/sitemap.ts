import { absoluteUrl } from "./page-meta.ts";

export interface SitemapEntry {
  path: string;
  updated_at?: string | null;
}

/** Fixed public pages listed before the API's entries (models, camsites, static pages, later reviews and posts). */
export const FIXED_SITEMAP_PATHS = [
  "/",
  "/models",
  "/camsites",
  "/reviews",
  "/blog",
  "/news",
  "/forum",
] as const;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );
}

export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of [...FIXED_SITEMAP_PATHS.map((path) => ({ path })), ...entries]) {
    const loc = absoluteUrl(publicUrl, entry.path);
    if (seen.has(loc)) continue;
    seen.add(loc);
    const updated = "updated_at" in entry && entry.updated_at ? entry.updated_at : null;
    const lastmod = updated ? `<lastmod>${escapeXml(new Date(updated).toISOString())}</lastmod>` : "";
    urls.push(`<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Production invites crawlers (except private areas); other environments keep them out entirely. */
export function robotsTxt(publicUrl: string, production: boolean): string {
  const rules = production
    ? ["User-agent: *", "Disallow: /admin", "Disallow: /account", "Disallow: /api/", "Allow: /"]
    : ["User-agent: *", "Disallow: /"];
  return `${rules.join("\n")}\n\nSitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}\n`;
}
