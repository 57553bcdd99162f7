import { addIntervalToDays, type DayTotals, utcDayStart } from "@camatlas/shared/stats";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { CAMSITE_LOCK } from "../stats-ingest/polls.ts";
import { hoursOf, readHourHistogram } from "./stats-hour-histogram.ts";

// Scheduled upkeep of the statistics storage (run by the worker's jobs).

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Forgets polls older than `days`: they only serve replay detection and late-poll neighbours. */
export async function pruneIngestPolls(db: Database, days: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`delete from ingest_polls where observed_at < now() - make_interval(days => ${days}) returning id`,
    ),
  );
  return rows.length;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Recomputes one UTC day's time figures (seconds per status, online seconds, hour histogram) from the raw intervals
 * and fixes the rollups that disagree; returns how many rows it fixed. Incremental ingestion should leave nothing
 * to fix: this guards against manual edits and interrupted maintenance.
 */
export async function repairDailyRollups(db: Database, day: string): Promise<number> {
  const camsites = rowsOf<{ id: number }>(
    await db.execute(
      sql`select distinct cam_site_id as id from nickname_daily_stats where day = ${day}::date`,
    ),
  );
  let fixed = 0;
  // Camsite by camsite, under the lock ingestion takes, so no poll changes a rollup between reading and fixing.
  for (const { id } of camsites)
    fixed += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CAMSITE_LOCK}, ${Number(id)})`);
      return repairCamsiteDay(tx, Number(id), day);
    });
  return fixed;
}

async function repairCamsiteDay(db: Database, camSiteId: number, day: string): Promise<number> {
  const start = utcDayStart(day);
  const end = start + 86_400;
  const intervals = rowsOf<{ id: number; at: number; seconds: number; status: number }>(
    await db.execute(sql`
      select nickname_id as id, extract(epoch from started_at)::float8 as at, seconds, activity_status_id as status
      from nickname_activities
      where nickname_id in (select id from nicknames where cam_site_id = ${camSiteId}) and seconds > 0 and started_at >= to_timestamp(${start - 86_400}::float8) and started_at < to_timestamp(${end}::float8)
        and ended_at > to_timestamp(${start}::float8)`),
  );
  const computed = new Map<number, DayTotals>();
  for (const row of intervals) {
    const days = new Map<string, DayTotals>();
    const at = Number(row.at);
    addIntervalToDays(days, { start: at, end: at + Number(row.seconds), status: Number(row.status) });
    const totals = days.get(day);
    if (!totals) continue;
    const id = Number(row.id);
    const current = computed.get(id);
    if (!current) {
      computed.set(id, totals);
      continue;
    }
    for (const [status, seconds] of Object.entries(totals.secondsByStatus))
      current.secondsByStatus[status] = (current.secondsByStatus[status] ?? 0) + seconds;
    current.onlineSeconds += totals.onlineSeconds;
    totals.hourHistogram.forEach((s, h) => {
      current.hourHistogram[h] = (current.hourHistogram[h] ?? 0) + s;
    });
  }
  const stored = rowsOf<{ id: number; sbs: unknown; online: number; hist: unknown }>(
    await db.execute(sql`
      select nickname_id as id, seconds_by_status as sbs, online_seconds as online, hour_histogram as hist
      from nickname_daily_stats where day = ${day}::date and cam_site_id = ${camSiteId}`),
  );
  const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  const storedBy = new Map(stored.map((r) => [Number(r.id), r]));
  const fixes: Array<{ id: number; totals: DayTotals }> = [];
  for (const [id, totals] of computed) {
    const row = storedBy.get(id);
    const normalized = Object.fromEntries(Object.entries(totals.secondsByStatus).filter(([, s]) => s !== 0));
    if (
      !row ||
      Number(row.online) !== totals.onlineSeconds ||
      !sameJson(parse(row.sbs), normalized) ||
      !sameJson(readHourHistogram(row.hist), hoursOf(totals.hourHistogram))
    )
      fixes.push({ id, totals: { ...totals, secondsByStatus: normalized } });
  }
  for (const row of stored)
    if (!computed.has(Number(row.id)) && Number(row.online) !== 0)
      fixes.push({
        id: Number(row.id),
        totals: { secondsByStatus: {}, onlineSeconds: 0, hourHistogram: new Array(24).fill(0) },
      });
  if (fixes.length === 0) return 0;
  await db.execute(sql`
    insert into nickname_daily_stats (nickname_id, day, cam_site_id, seconds_by_status, online_seconds, hour_histogram)
    select u.id, ${day}::date, n.cam_site_id, u.sbs::jsonb, u.online, u.hist::int[]
    from unnest(${sql.param(fixes.map((f) => f.id))}::int[], ${sql.param(fixes.map((f) => JSON.stringify(f.totals.secondsByStatus)))}::text[],
      ${sql.param(fixes.map((f) => f.totals.onlineSeconds))}::int[], ${sql.param(fixes.map((f) => `{${hoursOf(f.totals.hourHistogram).join(",")}}`))}::text[])
      as u(id, sbs, online, hist)
    join nicknames n on n.id = u.id
    on conflict (nickname_id, day) do update set seconds_by_status = excluded.seconds_by_status,
      online_seconds = excluded.online_seconds, hour_histogram = excluded.hour_histogram`);
  return fixes.length;
}
