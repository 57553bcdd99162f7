import type { CamSiteRow } from "@camatlas/db";
import type { CamSiteSummary } from "@camatlas/shared/schemas/model-card";

/** Pipe-separated text (spec §3) → a list. */
export const splitPipes = (value: string | null) =>
  (value ?? "")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);

export function presentCamSite(row: CamSiteRow, can: { edit: boolean }): CamSiteSummary {
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
