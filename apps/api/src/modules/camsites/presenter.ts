import type { CamSiteRow } from "@camatlas/db";
import type {
  CamSiteDetailReply,
  CamSiteMetaItemReply,
  CamSiteSummaryReply,
} from "@camatlas/shared/api-contract";

/** Pipe-separated text (spec §3) → a list. */
export const splitPipes = (value: string | null) =>
  (value ?? "")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);

export function presentCamSite(row: CamSiteRow, can: { edit: boolean }): CamSiteSummaryReply {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: row.url,
    model_url_template: row.modelUrlTemplate,
    headline: row.headline,
    price_range: row.priceRange,
    advantages: splitPipes(row.advantages),
    disadvantages: splitPipes(row.disadvantages),
    logo_path: row.logoPath ? `/media/${row.logoPath}` : null,
    is_indexed: row.isIndexed,
    known_accounts_count: row.knownAccountsCount,
    active_accounts_count: row.activeAccountsCount,
    models_registered_count: row.modelsRegisteredCount,
    models_active_count: row.modelsActiveCount,
    can,
  };
}

/** One camsite's page: the summary plus its SEO text (markdown). */
export function presentCamSiteDetail(
  row: CamSiteRow & { seoText: string | null },
  can: { edit: boolean },
): CamSiteDetailReply {
  return { ...presentCamSite(row, can), seo_text: row.seoText };
}

export function presentCamSiteMeta(row: { metaKey: string; metaValue: string }): CamSiteMetaItemReply {
  return { metaKey: row.metaKey, metaValue: row.metaValue };
}
