import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// A nickname's session list (issue 20): her sessions from nickname_sessions, each with what her points within it
// say (statuses by time, viewers, CamScore and rank), read through the points' primary key (nickname, start).

export interface SessionListRow {
  startedAt: string;
  endedAt: string;
  seconds: number;
  statusIds: number[];
  peakViewers: number | null;
  avgViewers: number | null;
  maxCamscore: number | null;
  bestRank: number | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function pageNicknameSessions(
  db: Database,
  nicknameId: number,
  paging: { page: number; perPage: number; sort: "start" | "length"; order: "asc" | "desc" },
): Promise<{ rows: SessionListRow[]; total: number }> {
  const direction = paging.order === "asc" ? sql`asc` : sql`desc`;
  const order =
    paging.sort === "length"
      ? sql`s.seconds ${direction}, s.started_at desc`
      : sql`s.started_at ${direction}`;
  const offset = (paging.page - 1) * paging.perPage;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select to_char(s.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
        to_char(s.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ended_at, s.seconds,
        p.status_ids, p.peak_viewers, p.avg_viewers, p.max_camscore, p.best_rank
      from nickname_sessions s
      cross join lateral (
        select array(
            select a.activity_status_id from nickname_activities a
            where a.nickname_id = s.nickname_id and a.started_at >= s.started_at and a.started_at < s.ended_at
              and a.seconds > 0
            group by a.activity_status_id order by sum(a.seconds) desc, a.activity_status_id) as status_ids,
          max(a.viewers) as peak_viewers, round(avg(a.viewers))::int as avg_viewers,
          max(a.camscore) as max_camscore, min(a.rank) filter (where a.rank > 0) as best_rank
        from nickname_activities a
        where a.nickname_id = s.nickname_id and a.started_at >= s.started_at and a.started_at < s.ended_at
      ) p
      where s.nickname_id = ${nicknameId}
      order by ${order}
      limit ${paging.perPage} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from nickname_sessions where nickname_id = ${nicknameId}`),
  ]);
  return {
    rows: rowsOf<{
      started_at: string;
      ended_at: string;
      seconds: number;
      status_ids: number[] | string;
      peak_viewers: number | null;
      avg_viewers: number | null;
      max_camscore: number | null;
      best_rank: number | null;
    }>(rows).map((r) => ({
      startedAt: r.started_at,
      endedAt: r.ended_at,
      seconds: Number(r.seconds),
      statusIds: (typeof r.status_ids === "string"
        ? r.status_ids.replace(/[{}]/g, "").split(",").filter(Boolean)
        : r.status_ids
      ).map(Number),
      peakViewers: r.peak_viewers === null ? null : Number(r.peak_viewers),
      avgViewers: r.avg_viewers === null ? null : Number(r.avg_viewers),
      maxCamscore: r.max_camscore === null ? null : Number(r.max_camscore),
      bestRank: r.best_rank === null ? null : Number(r.best_rank),
    })),
    total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0),
  };
}
