// Ingest throughput on PostgreSQL: complete polls of 5,000 observations each, as a busy camsite sends them.
// npm run bench:stats -- [--url postgres://postgres@127.0.0.1:5432/postgres] [--polls 60] [--batch 5000]
// Creates (and drops first) the database camatlas_stats_bench on that server.
import { parseArgs } from "node:util";
import { ingestPoll, listDailyStats, openDatabase, runMigrations } from "@camatlas/db";
import { seedReferenceData } from "@camatlas/db/seed";
import { sql } from "drizzle-orm";
import { processCpuMs } from "./process-cpu.ts";

const { values } = parseArgs({
  options: {
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    polls: { type: "string", default: "60" },
    batch: { type: "string", default: "5000" },
    late: { type: "string", default: "10" },
    parallel: { type: "string", default: "2" },
  },
});
const BATCH = Number(values.batch);
const POLLS = Number(values.polls);
const POOL = BATCH * 4;
const CAMSITE = 33;
const GAP = 300;
const admin = await openDatabase({ url: values.url, poolSize: 1 });
await admin.db.execute(sql`drop database if exists camatlas_stats_bench with (force)`);
await admin.db.execute(sql`create database camatlas_stats_bench`);
await admin.close();
const benchUrl = new URL(values.url);
benchUrl.pathname = "/camatlas_stats_bench";
const setup = await openDatabase({ url: benchUrl.toString(), poolSize: 2 });
await runMigrations(setup);
await seedReferenceData(setup.db);
await setup.close();
// One connection, so one server process does all the work and its CPU time can be read from /proc.
const handle = await openDatabase({ url: benchUrl.toString(), poolSize: 1 });

/** A rotating online set: 2 % of the room leaves and is replaced each minute; statuses change now and then. */
function pollAt(i: number, at: number, camSiteId = CAMSITE) {
  const observations = [];
  for (let k = 0; k < BATCH; k++) {
    const n = (k + Math.floor(i * BATCH * 0.02)) % POOL;
    const roll = (n * 7919 + i * 104_729) % 100;
    const status = roll < 5 ? 2 : roll < 8 ? 5 : roll < 10 ? 7 : 1;
    observations.push({ nickname: `bench_model_${n}`, status, viewers: (n * 31 + i) % 900, topic: null });
  }
  return { camSiteId, observedAt: at, complete: true, observations };
}

const t0 = Math.floor(Date.now() / 1000) - (POLLS + 5) * 60;
// The first polls create the nicknames; the measured ones are the steady state.
const warmup = 3;
for (let i = 0; i < warmup; i++) await ingestPoll(handle.db, pollAt(i, t0 + i * 60), { maxGapSeconds: GAP });
const [backend] = (
  (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  }
).rows;
/** CPU seconds of a PostgreSQL backend (same machine only), from /proc. */
function cpuOf(pid: number | undefined): number | null {
  const ms = pid === undefined ? null : processCpuMs(pid);
  return ms === null ? null : ms / 1000;
}
const serverCpu = () => cpuOf(backend?.pid);
const serverCpuStart = serverCpu();
const clientCpuStart = process.cpuUsage();
const timings: number[] = [];
const started = performance.now();
for (let i = warmup; i < warmup + POLLS; i++) {
  const s = performance.now();
  await ingestPoll(handle.db, pollAt(i, t0 + i * 60), { maxGapSeconds: GAP });
  timings.push(performance.now() - s);
}
const elapsed = (performance.now() - started) / 1000;
timings.sort((a, b) => a - b);
const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor(timings.length * p))]?.toFixed(0);
console.log(
  `in-order: ${POLLS} polls × ${BATCH} observations in ${elapsed.toFixed(1)} s = ${Math.round((POLLS * BATCH) / elapsed)} observations/s (per poll p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms)`,
);

const serverCpuEnd = serverCpu();
const clientCpu = process.cpuUsage(clientCpuStart);
const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
if (serverCpuStart !== null && serverCpuEnd !== null) {
  const serverSeconds = serverCpuEnd - serverCpuStart;
  // On a busy shared machine wall time includes waiting for a core; CPU time says what the work itself costs.
  console.log(
    `cpu: PostgreSQL ${serverSeconds.toFixed(1)} s + ingest process ${clientSeconds.toFixed(1)} s = ${Math.round(
      (POLLS * BATCH) / (serverSeconds + clientSeconds),
    )} observations per CPU-second, ${(((serverSeconds + clientSeconds) * 1e6) / (POLLS * BATCH)).toFixed(1)} µs per observation (load average ${(await import("node:os")).loadavg()[0]?.toFixed(1)})`,
  );
}

// Late polls: half-minute polls slotted between the stored ones, each re-deriving its window.
const lateCount = Number(values.late);
const lateStart = performance.now();
for (let j = 0; j < lateCount; j++) {
  const i = warmup + 5 + j * 3;
  await ingestPoll(handle.db, pollAt(i, t0 + i * 60 + 30), { maxGapSeconds: GAP });
}
const lateElapsed = (performance.now() - lateStart) / 1000;
console.log(
  `late: ${lateCount} polls × ${BATCH} in ${lateElapsed.toFixed(1)} s = ${Math.round((lateCount * BATCH) / lateElapsed)} observations/s`,
);

const counts = (await handle.db.execute(sql`
  select (select count(*) from nickname_activities)::int as intervals, (select count(*) from nickname_daily_stats)::int as rollups,
    (select count(*) from nickname_sessions)::int as sessions, (select count(*) from nicknames)::int as nicknames`)) as unknown as {
  rows: Array<Record<string, number>>;
};
console.log("rows:", counts.rows[0]);
const [one] = (
  (await handle.db.execute(sql`select id from nicknames where nickname = 'bench_model_1'`)) as unknown as {
    rows: Array<{ id: number }>;
  }
).rows;
const reads: number[] = [];
for (let r = 0; r < 200; r++) {
  const s = performance.now();
  await listDailyStats(handle.db, [Number(one?.id)]);
  reads.push(performance.now() - s);
}
reads.sort((a, b) => a - b);
console.log(
  `rollup read of one nickname: p50 ${reads[100]?.toFixed(2)} ms, p95 ${reads[190]?.toFixed(2)} ms`,
);
await handle.close();

// Camsites ingest side by side (each camsite's polls take turns; different camsites do not wait for each other).
const parallel = Number(values.parallel);
if (parallel > 1) {
  const camsites = [12, 36, 18, 2, 1, 3, 4, 5].slice(0, parallel);
  const many = await openDatabase({ url: benchUrl.toString(), poolSize: parallel + 1 });
  const base = Math.floor(Date.now() / 1000) - (POLLS + 5) * 60;
  await Promise.all(
    camsites.map(async (c) => {
      for (let i = 0; i < warmup; i++)
        await ingestPoll(many.db, pollAt(i, base + i * 60, c), { maxGapSeconds: GAP });
    }),
  );
  // Every backend of the pool, so CPU per observation compares across runs whatever else loads the machine.
  const pids = (
    (await many.db.execute(sql`
      select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`)) as unknown as {
      rows: Array<{ pid: number }>;
    }
  ).rows.map((r) => Number(r.pid));
  const serversCpu = () => pids.reduce((sum, pid) => sum + (cpuOf(pid) ?? Number.NaN), 0);
  const parallelServerStart = serversCpu();
  const parallelClientStart = process.cpuUsage();
  const parallelStart = performance.now();
  await Promise.all(
    camsites.map(async (c) => {
      for (let i = warmup; i < warmup + POLLS; i++)
        await ingestPoll(many.db, pollAt(i, base + i * 60, c), { maxGapSeconds: GAP });
    }),
  );
  const parallelElapsed = (performance.now() - parallelStart) / 1000;
  console.log(
    `${parallel} camsites side by side: ${parallel * POLLS} polls × ${BATCH} in ${parallelElapsed.toFixed(1)} s = ${Math.round(
      (parallel * POLLS * BATCH) / parallelElapsed,
    )} observations/s`,
  );
  const parallelServer = serversCpu() - parallelServerStart;
  const parallelClient = process.cpuUsage(parallelClientStart);
  const parallelClientSeconds = (parallelClient.user + parallelClient.system) / 1e6;
  console.log(
    `cpu: PostgreSQL ${parallelServer.toFixed(1)} s (${pids.length} backends) + ingest process ${parallelClientSeconds.toFixed(1)} s = ${(
      ((parallelServer + parallelClientSeconds) * 1e6) / (parallel * POLLS * BATCH)
    ).toFixed(1)} µs per observation (load average ${(await import("node:os")).loadavg()[0]?.toFixed(1)})`,
  );
  await many.close();
}
