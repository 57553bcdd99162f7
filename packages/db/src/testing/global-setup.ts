import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../client.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "../migrate.ts";
import { seedReferenceData } from "../seed/reference-data.ts";
import { adminClient, databaseUrl, TEST_DATABASE_PREFIX } from "./test-database.ts";

const CACHE_DIR = path.resolve(import.meta.dirname, "../../../../node_modules/.cache/camatlas");
const TEMPLATE_PREFIX = "camatlas_tpl_";
/** A per-test database older than this belongs to a finished or crashed run; younger ones may be a parallel run's. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;
/** Serialises the template check/build of runs started together on one server. */
const SETUP_LOCK_ID = 727_272;

/** Changes whenever a migration or the reference data changes, so templates are rebuilt exactly then. */
export function templateHash(): string {
  const hash = createHash("sha256");
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file));
  const sharedDir = path.resolve(import.meta.dirname, "../../../shared/src");
  for (const file of ["camsites.ts", "activity-statuses.ts", "countries.ts", "regions.ts", "roles.ts"]) {
    const full = path.join(sharedDir, file);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  hash.update(readFileSync(path.resolve(import.meta.dirname, "../seed/reference-data.ts")));
  return hash.digest("hex").slice(0, 8);
}

/** Builds one migrated + seeded database per run: a PGlite dump, or a PostgreSQL template database. */
export default async function setup(project: TestProject) {
  const hash = templateHash();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide("postgresTemplate", await preparePostgresTemplate(url, `${TEMPLATE_PREFIX}${hash}`));
    project.provide("pgliteTemplateFile", "");
  } else {
    project.provide("pgliteTemplateFile", await preparePgliteDump(hash));
    project.provide("postgresTemplate", "");
  }
}

async function preparePgliteDump(hash: string): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const name = `pglite-template-${hash}.tar`;
  const file = path.join(CACHE_DIR, name);
  if (existsSync(file)) {
    // Marks it in use, so a run on another schema (another work tree state) leaves it alone for the next hour.
    utimesSync(file, new Date(), new Date());
    return file;
  }
  const handle = await openDatabase();
  try {
    await runMigrations(handle);
    await seedReferenceData(handle.db);
    const dump = await handle.dump?.();
    if (!dump) throw new Error("PGlite handle without dump()");
    // Stored uncompressed: loading skips the gunzip, which halves the time of every createTestDatabase().
    // Written then renamed, so a run started alongside never reads half a file.
    const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
    writeFileSync(partial, gunzipSync(Buffer.from(await dump.arrayBuffer())));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  // Templates of other schemas go once unused for an hour: a run started alongside may still be loading one.
  for (const old of readdirSync(CACHE_DIR)) {
    if (!old.startsWith("pglite-template-") || old === name || old.endsWith(".partial")) continue;
    const oldFile = path.join(CACHE_DIR, old);
    if (Date.now() - statSync(oldFile).mtimeMs > 3_600_000) rmSync(oldFile, { force: true });
  }
  return file;
}

async function preparePostgresTemplate(url: string, template: string): Promise<string> {
  const admin = await adminClient(url);
  try {
    await admin.query("select pg_advisory_lock($1)", [SETUP_LOCK_ID]);
    await dropLeftovers(admin, template);
    const found = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (found.rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const handle = await openDatabase({ url: databaseUrl(url, building), poolSize: 2 });
      try {
        await runMigrations(handle);
        await seedReferenceData(handle.db);
      } finally {
        await handle.close();
      }
      // Renamed only when complete, so a crash mid-build never leaves a half-made template behind.
      await admin.query(`alter database "${building}" rename to "${template}"`);
    }
    return template;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [SETUP_LOCK_ID]).catch(() => {});
    await admin.end();
  }
}

/** Drops per-test databases of earlier runs (a crashed worker never dropped its own) and outdated templates. */
async function dropLeftovers(admin: pg.Client, template: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'camatlas\\_t%'",
  );
  const now = Date.now();
  for (const { datname } of rows) {
    if (datname.startsWith(TEST_DATABASE_PREFIX)) {
      const createdAt = Number.parseInt(datname.slice(TEST_DATABASE_PREFIX.length).split("_")[0] ?? "", 36);
      if (Number.isNaN(createdAt) || now - createdAt > LEFTOVER_AGE_MS) {
        await admin.query(`drop database if exists "${datname}" with (force)`);
      }
    } else if (datname.startsWith(TEMPLATE_PREFIX) && datname !== template) {
      // Not forced: a parallel run on older migrations may be copying it right now; a later run retries.
      await admin.query(`drop database if exists "${datname}"`).catch(() => {});
    }
  }
}
