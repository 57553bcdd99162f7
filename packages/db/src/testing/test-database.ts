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

/**
 * A fresh, migrated database with reference data that no other test sees.
 * PGlite by default (loaded from a dump in milliseconds); PostgreSQL when TEST_DATABASE_URL is set (a copy of a
 * template database, dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return createPostgresTestDatabase(url, inject("postgresTemplate"));
  const dump = await readFile(inject("pgliteTemplateFile"));
  return openDatabase({ loadDataDir: new Blob([dump], { type: "application/x-gzip" }) });
}

async function createPostgresTestDatabase(url: string, template: string): Promise<DatabaseHandle> {
  const name = `camatlas_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(url, `create database "${name}" template "${template}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString(), poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(url, `drop database if exists "${name}"`);
    },
  };
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
