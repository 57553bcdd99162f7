import { type ApiDeps, createApi, createApiDeps, loadServerEnv } from "@camatlas/api";
import { type DatabaseHandle, openDatabase, runMigrations } from "@camatlas/db";
import { seedReferenceData } from "@camatlas/db/seed";
import { type SQL, sql } from "drizzle-orm";
import pino from "pino";

// What the read benchmarks share: a database of their own (PGlite, or a fresh database on the server `--url`
// names), the API in-process (routing, validation, visibility, queries, presenters: everything but the socket), and
// one timing loop, so every read figure in bench/README.md is taken the same way.

export type Engine = "PostgreSQL" | "PGlite";

export interface BenchDatabase {
  handle: DatabaseHandle;
  engine: Engine;
  /** The bench database's own address on the server, when there is one. */
  url: string | undefined;
}

/**
 * Migrated and seeded with the reference data. Without `serverUrl`, PGlite (in memory, or in `dataDir`); with it,
 * the database `name` on that server, dropped and created afresh.
 */
export async function openBenchDatabase(
  name: string,
  serverUrl: string | undefined,
  options: { dataDir?: string } = {},
): Promise<BenchDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  if (!serverUrl) {
    handle = await openDatabase(options.dataDir ? { dataDir: options.dataDir } : {});
  } else {
    const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    const own = new URL(serverUrl);
    own.pathname = `/${name}`;
    url = own.toString();
    handle = await openDatabase({ url, poolSize: 4 });
  }
  await runMigrations(handle);
  await seedReferenceData(handle.db);
  return { handle, engine: serverUrl ? "PostgreSQL" : "PGlite", url };
}

/** A query's rows. */
export async function rowsOf<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface BenchApi {
  api: ReturnType<typeof createApi>;
  deps: ApiDeps;
}

/** The API as the site builds it, quiet and with the write limits lifted; `dataDir` holds nothing the bench reads. */
export function createBenchApi(database: BenchDatabase, dataDir: string): BenchApi {
  const env = loadServerEnv({
    JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-signing",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  });
  const deps = createApiDeps({
    db: database.handle.db,
    env,
    logger: pino({ level: "silent" }),
    clientIpHeader: "CamAtlas-Client-Ip",
    internalToken: "bench-internal-token",
  });
  return { api: createApi(deps, { engine: database.engine === "PostgreSQL" ? "postgres" : "pglite" }), deps };
}

export interface Timings {
  p50: number;
  p95: number;
  p99: number;
  /** This process's CPU per request (with PGlite, the database's work too), whatever else the machine is doing. */
  cpuMs: number;
}

const WARM_UP = 20;

/**
 * Sends `requests` GETs one after another (after 20 unmeasured ones) to `/api` + `pathOf(i)`; any answer but 200
 * stops the bench. `check` may read the body to refuse an empty page.
 */
export async function timeReads(
  { api }: BenchApi,
  requests: number,
  pathOf: (i: number) => string,
  headers: Record<string, string> = {},
  check?: (response: Response, path: string) => Promise<void>,
): Promise<Timings> {
  const times: number[] = [];
  let cpuStart = process.cpuUsage();
  for (let i = 0; i < requests + WARM_UP; i++) {
    if (i === WARM_UP) cpuStart = process.cpuUsage();
    const path = pathOf(i);
    const started = performance.now();
    const response = await api.fetch(new Request(`http://localhost/api${path}`, { headers }));
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    if (check) await check(response, path);
    else await response.arrayBuffer();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuStart);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), cpuMs: (cpu.user + cpu.system) / 1000 / requests };
}
