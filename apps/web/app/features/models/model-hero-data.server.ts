import { statsEndpoints } from "@camatlas/shared/api-contract";
import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import type { ApiClient } from "../../lib/api-client.ts";
import { sumHours, sumWeeks, type UsualSeries, usualHours } from "./usual-hours.ts";

/** Nicknames asked about: her first few are enough to know her hours, and each is one read. */
const NICKNAMES_READ = 3;

/**
 * When she usually streams, for the top of her page: her online seconds per UTC hour and per UTC weekday × hour
 * over the stats' default range, summed over her nicknames (the page moves them into the visitor's time zone). A
 * nickname without stats (or a failed read) just adds nothing: the line is a convenience and never fails the page.
 */
export async function usualOnlineHours(
  api: ApiClient,
  nicknames: ModelProfile["nicknames"],
): Promise<UsualSeries | null> {
  const reads = nicknames.slice(0, NICKNAMES_READ).map((n) =>
    api
      .call(statsEndpoints.chatStats, {
        params: { camSiteSlug: n.cam_site.slug, nickname: n.nickname },
        query: {},
      })
      .then((stats) => ({ hours: stats.hours_utc, week: stats.weekday_hours_utc }))
      .catch(() => null),
  );
  const series = (await Promise.all(reads)).filter((s) => s !== null);
  const hoursUtc = sumHours(series.map((s) => s.hours));
  // Only a page with usual hours gets the line, and its week.
  return usualHours(hoursUtc) ? { hoursUtc, weekUtc: sumWeeks(series.map((s) => s.week)) } : null;
}
