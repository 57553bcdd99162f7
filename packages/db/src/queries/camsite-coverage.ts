import type { CoveredSpan } from "@camatlas/shared/stats";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// Reads of cam_site_coverage (decision 0043): when a camsite was polled, and the silences between. Written by
// ingestion (packages/db/src/stats-ingest/coverage.ts).

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** Every covered span of a camsite, oldest first (epoch seconds). */
export async function listCoveredSpans(db: Database, camSiteId: number): Promise<CoveredSpan[]> {
  return rowsOf<{ start: number; end: number }>(
    await db.execute(sql`
      select extract(epoch from started_at)::float8 as start, extract(epoch from ended_at)::float8 as "end"
      from cam_site_coverage where cam_site_id = ${camSiteId} order by started_at`),
  ).map((r) => ({ start: Number(r.start), end: Number(r.end) }));
}

export interface CoverageGapsRow {
  /** Where the record begins (its first span's start): silences before it are not known. */
  recordedSince: string | null;
  /** Silences between two covered spans reaching into the range: from the last poll before to the first after. */
  gaps: Array<{ start: string; end: string }>;
}

/**
 * The silences of a camsite reaching into [from, to) (ISO instants): the span at or before `from` and those
 * starting inside the range, each with the start of the span after it, by the primary key.
 */
export async function findCoverageGaps(
  db: Database,
  camSiteId: number,
  from: string,
  to: string,
): Promise<CoverageGapsRow> {
  const rows = rowsOf<{ start: number | null; end: number | null; since: number | null }>(
    await db.execute(sql`
      with first as (select min(started_at) as since from cam_site_coverage where cam_site_id = ${camSiteId})
      select extract(epoch from first.since)::float8 as since, g.start, g."end"
      from first left join lateral (
        select extract(epoch from a.ended_at)::float8 as start, extract(epoch from n.next)::float8 as "end"
        from cam_site_coverage a
        cross join lateral (
          select min(b.started_at) as next from cam_site_coverage b
          where b.cam_site_id = ${camSiteId} and b.started_at > a.started_at) n
        where a.cam_site_id = ${camSiteId} and a.ended_at < ${to}::timestamptz and n.next > ${from}::timestamptz
          and a.started_at >= coalesce((select max(started_at) from cam_site_coverage
            where cam_site_id = ${camSiteId} and started_at <= ${from}::timestamptz), '-infinity')
        order by a.started_at
      ) g on true`),
  );
  const since = rows[0]?.since;
  return {
    recordedSince: since == null ? null : isoOf(Number(since)),
    gaps: rows
      .flatMap((r) =>
        r.start == null || r.end == null ? [] : [{ start: Number(r.start), end: Number(r.end) }],
      )
      .sort((a, b) => a.start - b.start)
      .map((g) => ({ start: isoOf(g.start), end: isoOf(g.end) })),
  };
}
