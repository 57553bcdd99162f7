import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: path of the migrated + seeded dump made by the global setup. */
    pgliteTemplateFile: string;
    /** PostgreSQL: name of the migrated + seeded template database. */
    postgresTemplate: string;
  }
}

/** Per-test databases on PostgreSQL: `camatlas_t_<base36 ms>_<random>`; the time lets later runs sweep leftovers. */
export const TEST_DATABASE_PREFIX = "camatlas_t_";

/**
 * A fresh, migrated database with reference data that no other test sees.
 * PGlite by default (loaded from a dump in milliseconds); PostgreSQL when TEST_DATABASE_URL is set (a copy of a
 * template database, dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return createPostgresTestDatabase(url, inject("postgresTemplate"));
  const file = inject("pgliteTemplateFile");
  if (!file)
    throw new Error("No PGlite template: is packages/db/src/testing/global-setup.ts in test.globalSetup?");
  if (pgliteTemplate?.file !== file) {
    pgliteTemplate = { file, blob: new Blob([await readFile(file)], { type: "application/x-tar" }) };
  }
  return openDatabase({ loadDataDir: pgliteTemplate.blob });
}

/** The PGlite dump, read once per test file. */
let pgliteTemplate: { file: string; blob: Blob } | undefined;

async function createPostgresTestDatabase(url: string, template: string): Promise<DatabaseHandle> {
  if (!template)
    throw new Error("No PostgreSQL template: TEST_DATABASE_URL was not set when the global setup ran");
  const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(url, `create database "${name}" template "${template}"`);
  const handle = await openDatabase({ url: databaseUrl(url, name), poolSize: 4 }).catch(async (error) => {
    await adminQuery(url, `drop database if exists "${name}" with (force)`);
    throw error;
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      // FORCE: a backend of the closed pool may still be exiting.
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The same server and credentials, another database. */
export function databaseUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/**
 * Connects for CREATE/DROP DATABASE (they cannot run inside a pool transaction): to TEST_DATABASE_URL's own
 * database, or to `postgres` when that database does not exist.
 */
export async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code !== "3D000") throw error;
    const fallback = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
    await fallback.connect();
    return fallback;
  }
}

/** Runs one statement on its own maintenance connection. */
export async function adminQuery(url: string, statement: string): Promise<pg.QueryResult> {
  const client = await adminClient(url);
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
