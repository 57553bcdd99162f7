// Where ingest time goes: wall time per SQL statement (client side, PostgreSQL) for in-order complete polls.
// node bench/stats-ingest-profile.ts [--url postgres://postgres@127.0.0.1:5432/postgres] [--polls 10] [--batch 5000]
// Uses (and drops first) the database camatlas_stats_profile. --setup-sql 'SQL' (repeatable) runs after the
// migrations, to measure a schema variant before writing its migration. Run with `node --cpu-prof` for the Node side.
import { parseArgs } from "node:util";
import { ingestPoll, openDatabase, runMigrations } from "@camatlas/db";
import { seedReferenceData } from "@camatlas/db/seed";
import { sql } from "drizzle-orm";
import pg from "pg";
import { processCpuMs } from "./process-cpu.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    polls: { type: "string", default: "10" },
    batch: { type: "string", default: "5000" },
    /** SQL run after the migrations, to measure a schema variant before writing its migration. */
    "setup-sql": { type: "string", multiple: true, default: [] },
  },
});
const BATCH = Number(values.batch);
const POOL = BATCH * 4;
const admin = await openDatabase({ url: values.url, poolSize: 1 });
await admin.db.execute(sql`drop database if exists camatlas_stats_profile with (force)`);
await admin.db.execute(sql`create database camatlas_stats_profile`);
await admin.close();
const url = new URL(values.url);
url.pathname = "/camatlas_stats_profile";
const setup = await openDatabase({ url: url.toString(), poolSize: 2 });
await runMigrations(setup);
await seedReferenceData(setup.db);
for (const statement of values["setup-sql"]) await setup.db.execute(sql.raw(statement));
await setup.close();
const handle = await openDatabase({ url: url.toString(), poolSize: 1 });

function pollAt(i: number, at: number) {
  const observations = [];
  for (let k = 0; k < BATCH; k++) {
    const n = (k + Math.floor(i * BATCH * 0.02)) % POOL;
    const roll = (n * 7919 + i * 104_729) % 100;
    const status = roll < 5 ? 2 : roll < 8 ? 5 : roll < 10 ? 7 : 1;
    observations.push({ nickname: `bench_model_${n}`, status, viewers: (n * 31 + i) % 900, topic: null });
  }
  return { camSiteId: 33, observedAt: at, complete: true, observations };
}

const totals = new Map<string, { ms: number; cpu: number; calls: number }>();
let backendPid = 0;
/** CPU seconds of the PostgreSQL backend (same machine only): wall time on a shared machine is mostly waiting. */
function serverCpu(): number {
  if (!backendPid) return 0;
  return processCpuMs(backendPid) ?? 0;
}
let measuring = false;
const original = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: a timing shim over every call shape of pg's query
(pg.Client.prototype as any).query = function timed(this: pg.Client, ...args: any[]) {
  const config = args[0];
  const text = String(typeof config === "string" ? config : config?.text)
    .replace(/\s+/g, " ")
    .slice(0, 90);
  const started = performance.now();
  const cpuStart = measuring ? serverCpu() : 0;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const result = (original as any).apply(this, args);
  if (measuring && result && typeof result.then === "function")
    result.then(() => {
      const entry = totals.get(text) ?? { ms: 0, cpu: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.cpu += serverCpu() - cpuStart;
      entry.calls += 1;
      totals.set(text, entry);
    });
  return result;
};

const t0 = Math.floor(Date.now() / 1000) - 3600;
const polls = Number(values.polls);
for (let i = 0; i < 3; i++) await ingestPoll(handle.db, pollAt(i, t0 + i * 60), { maxGapSeconds: 300 });
backendPid = Number(
  (
    (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: Array<{ pid: number }>;
    }
  ).rows[0]?.pid,
);
const cpu0 = serverCpu();
const node0 = process.cpuUsage();
measuring = true;
const started = performance.now();
for (let i = 3; i < 3 + polls; i++)
  await ingestPoll(handle.db, pollAt(i, t0 + i * 60), { maxGapSeconds: 300 });
const elapsed = performance.now() - started;
measuring = false;
const serverMs = serverCpu() - cpu0;
const nodeUse = process.cpuUsage(node0);
const nodeMs = (nodeUse.user + nodeUse.system) / 1000;
let sqlMs = 0;
for (const [text, e] of [...totals].sort((a, b) => b[1].ms - a[1].ms)) {
  sqlMs += e.ms;
  console.log(
    `${(e.ms / polls).toFixed(1).padStart(7)} ms/poll, server CPU ${(e.cpu / polls).toFixed(0).padStart(4)} ms ${String(e.calls).padStart(4)}×  ${text}`,
  );
}
console.log(`total ${(elapsed / polls).toFixed(0)} ms/poll, in SQL ${(sqlMs / polls).toFixed(0)} ms/poll`);
console.log(
  `CPU per poll: PostgreSQL ${(serverMs / polls).toFixed(0)} ms + Node ${(nodeMs / polls).toFixed(0)} ms = ${(((serverMs + nodeMs) * 1000) / (polls * BATCH)).toFixed(1)} µs per observation (load ${(await import("node:os")).loadavg()[0]?.toFixed(1)})`,
);
await handle.close();
