import { OFFLINE_STATUS_ID } from "@camatlas/shared";
import {
  countedSeconds,
  coveredSpans,
  dailyTotals,
  firstAfter,
  isOnlineStatus,
  nextCoveringAt,
  sessionsOf,
  utcDay,
} from "@camatlas/shared/stats";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { mergeCoverage } from "../stats-ingest/coverage.ts";
import { type DailyRow, emptyDaily, upsertDaily } from "../stats-ingest/daily-rollups.ts";
import { ingestPoll } from "../stats-ingest/ingest-poll.ts";
import { dedupe, upsertNicknames } from "../stats-ingest/nicknames.ts";
import { CAMSITE_LOCK } from "../stats-ingest/polls.ts";
import type { IngestOptions, IngestPollInput } from "../stats-ingest/types.ts";
import { ensureActivityPartitions } from "./stats-partitions.ts";

// A series of polls of one camsite that all come after anything stored for it (history imports, the demo history)
// gives the same rows as ingesting the polls one by one — same arithmetic, from packages/shared — but is computed in
// memory and written in bulk. Anything else falls back to ingestPoll, poll by poll.

const CHUNK = 5000;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface SeriesPoint {
  at: number;
  status: number;
  viewers: number | null;
  camscore: number | null;
  rank: number | null;
  topic: string | null;
}

export async function ingestPollSeries(
  db: Database,
  camSiteId: number,
  input: readonly IngestPollInput[],
  options: IngestOptions,
): Promise<{ polls: number; mode: "bulk" | "per-poll" }> {
  const byTime = new Map<number, IngestPollInput>();
  for (const poll of input) {
    const at = Math.floor(poll.observedAt);
    if (poll.camSiteId !== camSiteId) throw new Error("ingestPollSeries takes polls of one camsite");
    if (!byTime.has(at)) byTime.set(at, { ...poll, observedAt: at, observations: dedupe(poll.observations) });
  }
  const polls = [...byTime.values()].sort((a, b) => a.observedAt - b.observedAt);
  const first = polls[0];
  if (!first) return { polls: 0, mode: "bulk" };
  const [latest] = rowsOf<{ at: number | null }>(
    await db.execute(
      sql`select extract(epoch from max(observed_at))::float8 as at from ingest_polls where cam_site_id = ${camSiteId}`,
    ),
  );
  if (latest?.at != null && Number(latest.at) >= first.observedAt - options.maxGapSeconds) {
    for (const poll of polls) await ingestPoll(db, poll, options);
    return { polls: polls.length, mode: "per-poll" };
  }
  await ensureActivityPartitions(
    db,
    polls.map((p) => p.observedAt),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAMSITE_LOCK}, ${camSiteId})`);
    await tx.execute(sql`
      insert into ingest_polls (cam_site_id, observed_at, complete, observations)
      select ${camSiteId}, to_timestamp(u.at), u.complete, u.n
      from unnest(${sql.param(polls.map((p) => p.observedAt))}::float8[], ${sql.param(polls.map((p) => p.complete))}::boolean[],
        ${sql.param(polls.map((p) => p.observations.length))}::int[]) as u(at, complete, n)`);
    // The spans the series covers, joined to the camsite's latest span when the series continues it.
    for (const span of coveredSpans(
      polls.map((p) => p.observedAt),
      options.maxGapSeconds,
    ))
      await mergeCoverage(tx, camSiteId, span.start, span.end, options.maxGapSeconds);

    // Every nickname once, spelled as first seen.
    const spelling = new Map<string, string>();
    for (const poll of polls)
      for (const o of poll.observations)
        if (!spelling.has(o.nickname.toLowerCase())) spelling.set(o.nickname.toLowerCase(), o.nickname);
    const names = [...spelling.values()];
    const { ids } = await upsertNicknames(
      tx,
      camSiteId,
      first.observedAt,
      names.map((nickname) => ({ nickname, status: OFFLINE_STATUS_ID })),
    );
    const idOf = new Map(names.map((n, i) => [n.toLowerCase(), ids[i] as number]));

    const points = new Map<number, SeriesPoint[]>();
    for (const poll of polls)
      for (const o of poll.observations) {
        const id = idOf.get(o.nickname.toLowerCase()) as number;
        const list = points.get(id) ?? [];
        list.push({
          at: poll.observedAt,
          status: o.status,
          viewers: o.viewers ?? null,
          camscore: o.camscore ?? null,
          rank: o.rank ?? null,
          topic: o.topic?.trim() || null,
        });
        points.set(id, list);
      }
    const completeTimes = polls.filter((p) => p.complete).map((p) => p.observedAt);

    const activityRows: Array<{ id: number; point: SeriesPoint; seconds: number }> = [];
    const sessionRows: Array<{ id: number; start: number; end: number }> = [];
    const daily: DailyRow[] = [];
    const topics: Array<{ id: number; topic: string; at: number }> = [];
    const state: Array<{ id: number; status: number; seen: number; active: number | null }> = [];
    for (const [id, list] of points) {
      const intervals: Array<{ start: number; end: number; status: number }> = [];
      list.forEach((point, i) => {
        const covering = nextCoveringAt(list[i + 1]?.at, firstAfter(completeTimes, point.at));
        const seconds = countedSeconds(point.at, point.status, covering, options.maxGapSeconds);
        activityRows.push({ id, point, seconds });
        if (seconds > 0) intervals.push({ start: point.at, end: point.at + seconds, status: point.status });
      });
      const sessions = sessionsOf(intervals);
      for (const s of sessions) sessionRows.push({ id, ...s });
      const rows = new Map<string, DailyRow>();
      const rowOf = (day: string) => {
        const row = rows.get(day) ?? emptyDaily(`${id}|${day}`);
        rows.set(day, row);
        return row;
      };
      for (const [day, totals] of dailyTotals(intervals)) rowOf(day).totals = totals;
      for (const s of sessions) {
        const row = rowOf(utcDay(s.start));
        row.sessions += 1;
        row.longest = Math.max(row.longest, s.end - s.start);
      }
      const lastTopicAt = new Map<string, number>();
      for (const p of list) {
        if (p.viewers != null || p.camscore != null || p.rank != null || isOnlineStatus(p.status)) {
          const row = rowOf(utcDay(p.at));
          if (p.viewers != null) {
            row.viewersSum += p.viewers;
            row.viewersSamples += 1;
            row.viewersMax = Math.max(row.viewersMax ?? 0, p.viewers);
          }
          if (p.camscore != null) {
            row.camscoreSum += p.camscore;
            row.camscoreSamples += 1;
            row.camscoreMin = row.camscoreMin === null ? p.camscore : Math.min(row.camscoreMin, p.camscore);
            row.camscoreMax = row.camscoreMax === null ? p.camscore : Math.max(row.camscoreMax, p.camscore);
            row.camscoreLast = p.camscore;
          }
          if (p.rank != null && p.rank > 0) {
            row.rankBest = row.rankBest === null ? p.rank : Math.min(row.rankBest, p.rank);
            row.rankLast = p.rank;
          }
          row.lastObservedAt = p.at;
        }
        // The same rule as live ingestion: a topic is kept again once a day at most.
        const seenAt = p.topic ? lastTopicAt.get(p.topic) : undefined;
        if (p.topic && (seenAt === undefined || p.at - seenAt >= 86_400)) {
          topics.push({ id, topic: p.topic, at: p.at });
          lastTopicAt.set(p.topic, p.at);
        }
      }
      daily.push(...rows.values());
      const last = list[list.length - 1] as SeriesPoint;
      const laterComplete = firstAfter(completeTimes, last.at) !== undefined;
      const online = list.filter((p) => isOnlineStatus(p.status));
      state.push({
        id,
        status: laterComplete ? OFFLINE_STATUS_ID : last.status,
        seen: last.at,
        active: online.length > 0 ? (online[online.length - 1] as SeriesPoint).at : null,
      });
    }

    for (let i = 0; i < activityRows.length; i += CHUNK) {
      const chunk = activityRows.slice(i, i + CHUNK);
      await tx.execute(sql`
        insert into nickname_activities (nickname_id, started_at, ended_at, seconds, activity_status_id, viewers, camscore, rank)
        select u.id, to_timestamp(u.at), to_timestamp(u.at + u.seconds), u.seconds, u.status, u.viewers, u.camscore, u.rank
        from unnest(${sql.param(chunk.map((r) => r.id))}::int[], ${sql.param(chunk.map((r) => r.point.at))}::float8[],
          ${sql.param(chunk.map((r) => r.seconds))}::int[], ${sql.param(chunk.map((r) => r.point.status))}::int[],
          ${sql.param(chunk.map((r) => r.point.viewers))}::int[], ${sql.param(chunk.map((r) => r.point.camscore))}::real[],
          ${sql.param(chunk.map((r) => r.point.rank))}::int[]) as u(id, at, seconds, status, viewers, camscore, rank)`);
    }
    for (let i = 0; i < sessionRows.length; i += CHUNK) {
      const chunk = sessionRows.slice(i, i + CHUNK);
      await tx.execute(sql`
        insert into nickname_sessions (nickname_id, started_at, ended_at, seconds)
        select u.id, to_timestamp(u.start), to_timestamp(u."end"), (u."end" - u.start)::int
        from unnest(${sql.param(chunk.map((r) => r.id))}::int[], ${sql.param(chunk.map((r) => r.start))}::float8[],
          ${sql.param(chunk.map((r) => r.end))}::float8[]) as u(id, start, "end")`);
    }
    for (let i = 0; i < daily.length; i += CHUNK) await upsertDaily(tx, camSiteId, daily.slice(i, i + CHUNK));
    for (let i = 0; i < topics.length; i += CHUNK) {
      const chunk = topics.slice(i, i + CHUNK);
      await tx.execute(sql`
        insert into nickname_topics (nickname_id, topic, observed_at)
        select u.id, u.topic, to_timestamp(u.at)
        from unnest(${sql.param(chunk.map((r) => r.id))}::int[], ${sql.param(chunk.map((r) => r.topic))}::text[],
          ${sql.param(chunk.map((r) => r.at))}::float8[]) as u(id, topic, at)`);
    }
    if (state.length > 0) {
      await tx.execute(sql`
        update nicknames n set activity_status_id = u.status, last_seen_at = to_timestamp(u.seen),
          last_activity_at = greatest(n.last_activity_at, to_timestamp(u.active)), has_stats = true
        from unnest(${sql.param(state.map((s) => s.id))}::int[], ${sql.param(state.map((s) => s.status))}::int[],
          ${sql.param(state.map((s) => s.seen))}::float8[], ${sql.param(state.map((s) => s.active))}::float8[]) as u(id, status, seen, active)
        where n.id = u.id`);
      await tx.execute(sql`
        update models m set last_activity_at = greatest(m.last_activity_at, x.active)
        from (select n.model_id, max(n.last_activity_at) as active from nicknames n
          where n.id = any(${sql.param(state.map((s) => s.id))}::int[]) and n.model_id is not null group by n.model_id) x
        where m.id = x.model_id and x.active is not null`);
    }
    if (completeTimes.length > 0)
      await tx.execute(sql`
        update nicknames set activity_status_id = ${OFFLINE_STATUS_ID}
        where cam_site_id = ${camSiteId} and activity_status_id <> ${OFFLINE_STATUS_ID}
          and not (id = any(${sql.param(state.map((s) => s.id))}::int[]))`);
    const lastPoll = polls[polls.length - 1] as IngestPollInput;
    await tx.execute(sql`
      insert into cam_site_collectors (cam_site_id, last_poll_at, tracked_since, status)
      values (${camSiteId}, to_timestamp(${lastPoll.observedAt}::float8), to_timestamp(${first.observedAt}::float8), 'ok')
      on conflict (cam_site_id) do update set last_poll_at = greatest(cam_site_collectors.last_poll_at, excluded.last_poll_at),
        tracked_since = least(cam_site_collectors.tracked_since, excluded.tracked_since)`);
  });
  return { polls: polls.length, mode: "bulk" };
}
