import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { createNotifyChannel, type NotifyChannel } from "./notify-channel.ts";
import { ensurePrivateDir, makeTreePrivate } from "./private-files.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Closes the pool or the embedded database. */
  close: () => Promise<void>;
  /** Runs `fn` while holding a PostgreSQL advisory lock, so concurrent instances take turns (a no-op on PGlite). */
  withLock: <T>(lockId: number, fn: () => Promise<T>) => Promise<T>;
  /** PGlite only: a tarball of the whole database, loadable with `loadDataDir` (fast test databases). */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL only: a LISTEN/NOTIFY channel between the processes on this database (cache invalidations without
   * Redis). Absent on PGlite, which serves one process.
   */
  openChannel?: (channel: string, onError?: (error: unknown) => void) => NotifyChannel;
}

export interface DatabaseOptions {
  /** postgres://… — absent means the embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string | undefined;
  /** PGlite only: start from a dump made by `dumpDataDir` (fast test databases). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /**
   * PostgreSQL only: how long a query waits for a connection (opening one, or a free one of the pool) before it
   * fails. Short, so an unreachable database answers 503 within seconds instead of holding every request.
   */
  connectTimeoutMs?: number;
}

/** Default wait for a database connection: past it the request fails (503) rather than queue without end. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

const drizzleOptions = { schema, casing: "snake_case" } as const;

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
      // A connection whose peer vanished (network cut) is found dead by TCP rather than never.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // No JIT: the site's queries are short, and PostgreSQL compiles one whenever its estimated cost is high (a
      // search walking an index under a LIMIT), which on the scale data set cost ~90 ms a statement to save nothing.
      // No parallel workers either, for the same reason: starting two for a search sorting a few thousand nicknames
      // ("eyes" in a million) took 62 ms where one process took 21; and the requests side by side use the cores.
      options: "-c jit=off -c max_parallel_workers_per_gather=0",
    });
    // An idle connection the server ends (restart, forced drop) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // Fail fast with a clear line when the server is unreachable, rather than on the first query.
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end().catch(() => {});
      throw new DatabaseUnreachableError(options.url ?? "", error);
    });
    client.release();
    const db = drizzleNodePostgres(pool, drizzleOptions) as unknown as Database;
    const withLock = async <T>(lockId: number, fn: () => Promise<T>): Promise<T> => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [lockId]);
        return await fn();
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [lockId]).catch(() => {});
        lockClient.release();
      }
    };
    const openChannel = (channel: string, onError?: (error: unknown) => void) =>
      createNotifyChannel({ url, pool, channel, ...(onError ? { onError } : {}) });
    return { db, engine: "postgres", close: () => pool.end(), withLock, openChannel };
  }
  // PGlite does not create parent folders, and makes its own files 0666 whatever the umask: its folder is 0700.
  if (options.dataDir) ensurePrivateDir(options.dataDir);
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  if (options.dataDir) makeTreePrivate(options.dataDir);
  const db = drizzlePglite(client, drizzleOptions) as unknown as Database;
  return {
    db,
    engine: "pglite",
    close: () => client.close(),
    withLock: (_lockId, fn) => fn(),
    dump: () => client.dumpDataDir("gzip"),
  };
}

export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Cannot reach the database at ${redactUrl(url)}: ${reason}`);
    this.name = "DatabaseUnreachableError";
  }
}

/** Hides the password of a connection string in messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid DATABASE_URL)";
  }
}
