// Addresses of the stats pages (the legacy /{camsite}/model/{nickname}/dataJSON redirects to statsPath).

export function statsPath(
  camsiteSlug: string,
  nickname: string,
  query?: Record<string, string | undefined>,
): string {
  const base = `/stats/${encodeURIComponent(camsiteSlug)}/${encodeURIComponent(nickname)}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

export const STATS_TABS = ["stats", "statistics", "badges", "snapshots", "nicknames", "comments"] as const;
export type StatsTab = (typeof STATS_TABS)[number];

export function parseStatsTab(value: string | null): StatsTab {
  return (STATS_TABS as readonly string[]).includes(value ?? "") ? (value as StatsTab) : "stats";
}

/** A yyyy-mm-dd value from the query string, or undefined. */
export function dayParam(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** from_date / to_date from the query string; a reversed pair is swapped rather than refused. */
export function rangeParams(search: URLSearchParams): { from_date?: string; to_date?: string } {
  let from = dayParam(search.get("from_date"));
  let to = dayParam(search.get("to_date"));
  if (from && to && from > to) [from, to] = [to, from];
  return { ...(from ? { from_date: from } : {}), ...(to ? { to_date: to } : {}) };
}
