import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../client.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "../migrate.ts";
import { seedReferenceData } from "../seed/reference-data.ts";
import { adminQuery } from "./test-database.ts";

const CACHE_DIR = path.resolve(import.meta.dirname, "../../../../node_modules/.cache/camatlas");

/** Changes whenever a migration or the reference data changes, so templates are rebuilt exactly then. */
function templateHash(): string {
  const hash = createHash("sha256");
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  const sharedDir = path.resolve(import.meta.dirname, "../../../shared/src");
  for (const file of ["camsites.ts", "activity-statuses.ts", "countries.ts", "regions.ts", "roles.ts"]) {
    const full = path.join(sharedDir, file);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  hash.update(readFileSync(path.resolve(import.meta.dirname, "../seed/reference-data.ts")));
  return hash.digest("hex").slice(0, 12);
}

/** Builds one migrated + seeded database per run: a PGlite dump, or a PostgreSQL template database. */
export default async function setup(project: TestProject) {
  const hash = templateHash();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `camatlas_tpl_${hash}`;
    const existing = await adminQuery(
      url,
      `select datname from pg_database where datname like 'camatlas_t%'`,
    );
    for (const { datname } of existing.rows as { datname: string }[]) {
      // Leftovers of earlier runs (a crashed worker never dropped its database) and outdated templates.
      if (
        datname.startsWith("camatlas_t_") ||
        (datname.startsWith("camatlas_tpl_") && datname !== template)
      ) {
        await adminQuery(url, `drop database if exists "${datname}" with (force)`);
      }
    }
    if (!existing.rows.some((r: { datname: string }) => r.datname === template)) {
      const building = `${template}_building`;
      await adminQuery(url, `drop database if exists "${building}" with (force)`);
      await adminQuery(url, `create database "${building}"`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const handle = await openDatabase({ url: target.toString(), poolSize: 2 });
      await runMigrations(handle);
      await seedReferenceData(handle.db);
      await handle.close();
      await adminQuery(url, `alter database "${building}" rename to "${template}"`);
    }
    project.provide("postgresTemplate", template);
    project.provide("pgliteTemplateFile", "");
    return;
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `pglite-template-${hash}.tar.gz`);
  if (!existsSync(file)) {
    const handle = await openDatabase();
    await runMigrations(handle);
    await seedReferenceData(handle.db);
    const dump = await handle.dump!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
  }
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", "");
}
