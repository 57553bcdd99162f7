import path from "node:path";
import { type DatabaseHandle, DatabaseUnreachableError, openDatabase, redactUrl } from "../src/client.ts";
import { runMigrations } from "../src/migrate.ts";
import { seedReferenceData } from "../src/seed/reference-data.ts";

/** Where the scripts work: DATABASE_URL, else the embedded database in `${DATA_DIR:-./data}/db` (like the server). */
export function scriptTarget() {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
  return {
    url,
    dataDir,
    dbDir: path.join(dataDir, "db"),
    mediaDir: path.join(dataDir, "media"),
    label: url ? redactUrl(url) : `embedded PGlite in ${path.join(dataDir, "db")}`,
  };
}

/** Opens the target database, or prints a clear line and exits 1 when it cannot be reached. */
export async function openScriptDatabase(
  options: { poolSize?: number; connectTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  const target = scriptTarget();
  try {
    return await openDatabase({ url: target.url, dataDir: target.dbDir, ...options });
  } catch (error) {
    const reason =
      error instanceof DatabaseUnreachableError
        ? error.message
        : `Cannot open ${target.label}: ${errorText(error)}`;
    fail(`${reason}\nCheck DATABASE_URL, or unset it to use the embedded database in DATA_DIR.`);
  }
}

/** Committed migrations, then the reference data (roles, statuses, camsites, countries, regions). */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle);
  await seedReferenceData(handle.db);
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * One readable line: a failed query's database error (its cause) with the start of its SQL, never the parameters of
 * a bulk insert, which can run to megabytes.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : null;
  const message = error.message.split("\nparams:")[0]!.slice(0, 300);
  return cause ? `${cause} (${message})` : message;
}

/** Runs a script body, printing a one-line error instead of a stack for expected failures. */
export async function runScript(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`Failed: ${errorText(error)}`);
    if (process.env.DEBUG) console.error(error);
    process.exit(1);
  }
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
