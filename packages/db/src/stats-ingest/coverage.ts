import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { ts } from "./sql-values.ts";

// cam_site_coverage (decision 0043): the spans in which a camsite was polled, written in the poll's transaction under
// the camsite's lock. The arithmetic is packages/shared/src/stats/coverage.ts (coveredSpans, mergeSpan).

/**
 * A poll newer than everything stored for its camsite: it extends the camsite's latest span when that span ended
 * within `gap` seconds of it, else it opens a span. One statement; the span's row is updated in place (ended_at
 * is in no index).
 */
export async function extendCoverage(tx: Database, camSiteId: number, t: number, gap: number) {
  await tx.execute(sql`
    with latest as (
      select started_at from cam_site_coverage where cam_site_id = ${camSiteId} order by started_at desc limit 1
    ), extended as (
      update cam_site_coverage c set ended_at = greatest(c.ended_at, ${ts(t)})
      from latest where c.cam_site_id = ${camSiteId} and c.started_at = latest.started_at
        and c.ended_at >= ${ts(t - gap)}
      returning 1
    )
    insert into cam_site_coverage (cam_site_id, started_at, ended_at)
    select ${camSiteId}, ${ts(t)}, ${ts(t)} where not exists (select 1 from extended)`);
}

/**
 * Any covered span [start, end] of a camsite (a late poll, a series of polls, an imported history): it replaces
 * every stored span within `gap` seconds of it by their union, so a late poll that fills a silence joins the spans
 * either side.
 */
export async function mergeCoverage(
  tx: Database,
  camSiteId: number,
  start: number,
  end: number,
  gap: number,
) {
  await tx.execute(sql`
    with joined as (
      delete from cam_site_coverage
      where cam_site_id = ${camSiteId} and started_at <= ${ts(end + gap)} and ended_at >= ${ts(start - gap)}
      returning started_at, ended_at
    )
    insert into cam_site_coverage (cam_site_id, started_at, ended_at)
    select ${camSiteId}, least(${ts(start)}, min(started_at)), greatest(${ts(end)}, max(ended_at)) from joined`);
}
