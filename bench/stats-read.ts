// Stats page reads on PostgreSQL: a nickname with two years of one-minute polls against one with a week.
// npm run bench:stats-read -- [--url postgres://postgres@127.0.0.1:5432/postgres] [--days 730] [--requests 300]
// Creates (and drops first) the database camatlas_stats_read_bench on that server. The history goes through the
// ingestion code (bulk series, the same arithmetic as POST /api/ingest/observations); the reads go through the
// in-process API (routing, validation, visibility, queries, presenters), one request at a time.
import { parseArgs } from "node:util";
import type { IngestPollInput } from "@camatlas/db";
import { ingestPollSeries } from "@camatlas/db";
import { sql } from "drizzle-orm";
import { createBenchApi, openBenchDatabase, timeReads } from "./in-process-api.ts";

const { values } = parseArgs({
  options: {
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    days: { type: "string", default: "730" },
    requests: { type: "string", default: "300" },
    background: { type: "string", default: "5000" },
  },
});
const DAYS = Number(values.days);
const REQUESTS = Number(values.requests);
const BACKGROUND = Number(values.background);
const CAMSITE = 12;
const GAP = 300;
const DAY = 86_400;

const database = await openBenchDatabase("camatlas_stats_read_bench", values.url);
const { handle } = database;
const { db } = handle;

// History: every day a session from 12:00 to 20:00 UTC polled every minute (481 polls, the last one without her),
// CamScore and rank drifting; the one-week nickname streams alongside in the last 7 days.
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const started = performance.now();
let polls = 0;
for (let d = DAYS; d >= 1; d--) {
  const dayStart = today - d * DAY;
  const series: IngestPollInput[] = [];
  for (let m = 0; m <= 480; m++) {
    const at = dayStart + 12 * 3600 + m * 60;
    const observations =
      m === 480
        ? []
        : [
            {
              nickname: "two_years_girl",
              status: m % 97 < 8 ? 2 : m % 53 < 3 ? 5 : 1,
              viewers: 100 + ((m * 7 + d) % 300),
              camscore: 3000 + Math.sin(d / 30) * 400 + (m % 10),
              rank: 400 + (d % 50),
              topic: m === 0 ? `Day ${d}: welcome!` : null,
            },
            ...(d <= 7
              ? [{ nickname: "one_week_girl", status: 1, viewers: 50 + (m % 40), camscore: 2500, rank: 900 }]
              : []),
          ];
    series.push({ camSiteId: CAMSITE, observedAt: at, complete: true, observations });
  }
  polls += (await ingestPollSeries(db, CAMSITE, series, { maxGapSeconds: GAP })).polls;
}
const ingestSeconds = (performance.now() - started) / 1000;

// Other nicknames' rollups, so the indexes are read in a full table rather than a tiny one.
await db.execute(sql`
  insert into nicknames (nickname, cam_site_id, has_stats, first_seen_at)
  select 'background_' || g, ${CAMSITE}, true, now() - interval '200 days' from generate_series(1, ${BACKGROUND}) g`);
await db.execute(sql`
  insert into nickname_daily_stats (nickname_id, day, cam_site_id, seconds_by_status, online_seconds, sessions,
    longest_session_seconds, hour_histogram, viewers_sum, viewers_samples, viewers_max)
  select n.id, current_date - d, ${CAMSITE}, jsonb_build_object('1', 3600), 3600, 1, 3600,
    '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3600,0,0,0,0}'::int[], 6000, 60, 150
  from nicknames n cross join generate_series(1, 200) d where n.nickname like 'background_%'`);
await db.execute(sql`analyze`);

const counts = (
  (await db.execute(sql`
    select (select count(*) from nickname_activities)::int as intervals,
      (select count(*) from nickname_activities a join nicknames n on n.id = a.nickname_id
        where n.nickname = 'two_years_girl')::int as two_year_intervals,
      (select count(*) from nickname_activities a join nicknames n on n.id = a.nickname_id
        where n.nickname = 'one_week_girl')::int as one_week_intervals,
      (select count(*) from nickname_daily_stats)::int as rollups,
      (select count(*) from nickname_sessions)::int as sessions`)) as unknown as {
    rows: Array<Record<string, number>>;
  }
).rows[0];
console.log(`history: ${polls} polls written in ${ingestSeconds.toFixed(1)} s`);
console.log("rows:", counts);

const site = createBenchApi(database, "./data/bench-stats-read");

const longRange = `from_date=${new Date((today - (DAYS - 1) * DAY) * 1000).toISOString().slice(0, 10)}`;
const scenarios: Array<[string, string]> = [
  ["stats nickname (last 30 days)", ""],
  ["chat stats (last 30 days)", "/chat-stats"],
  ["camscore (last 30 days)", "/camscore"],
  ["snapshots + topics", "/topics"],
  [`chat stats (whole ${DAYS} days)`, `/chat-stats?${longRange}`],
];
console.log(`\n${REQUESTS} sequential requests each (after 20 warm-up), in-process API on PostgreSQL:`);
console.log("scenario".padEnd(36), "two years p50/p95/p99 ms".padEnd(28), "one week p50/p95/p99 ms");
for (const [label, suffix] of scenarios) {
  const [a, b] = [
    await timeReads(site, REQUESTS, () => `/stats/nicknames/myfreecams/two_years_girl${suffix}`),
    await timeReads(site, REQUESTS, () => `/stats/nicknames/myfreecams/one_week_girl${suffix}`),
  ];
  const fmt = (r: { p50: number; p95: number; p99: number }) =>
    `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`;
  console.log(label.padEnd(36), fmt(a).padEnd(28), fmt(b));
}
const lists: Array<[string, string]> = [
  ["search (8)", "/stats/nicknames?query=girl"],
  ["online now", "/stats/online"],
  ["top by time online (7 days)", "/stats/top"],
];
for (const [label, path] of lists) {
  const r = await timeReads(site, REQUESTS, () => path);
  console.log(label.padEnd(36), `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`);
}
await handle.close();
