import { siteEndpoints } from "@camatlas/shared/api-contract";
import { apiContext, configContext } from "../lib/load-context.ts";
import { type SitemapEntry, sitemapXml } from "../lib/seo/sitemap.ts";
import type { Route } from "./+types/sitemap-xml";

// /sitemap.xml: fixed pages plus models, camsites and static pages from GET /api/sitemap-entries.
export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(configContext);
  let entries: SitemapEntry[] = [];
  try {
    entries = (await context.get(apiContext).call(siteEndpoints.sitemapEntries, {})).entries;
  } catch {
    // The fixed pages still make a valid sitemap.
  }
  return new Response(sitemapXml(publicUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
