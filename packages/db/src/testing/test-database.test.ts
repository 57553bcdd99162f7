import { readFileSync } from "node:fs";
import path from "node:path";
import { ACTIVITY_STATUSES, ROLE } from "@camatlas/shared";
import { asc, count, eq, getTableName, is, type SQL, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../client.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "../migrate.ts";
import * as schema from "../schema/index.ts";
import { seedReferenceData } from "../seed/reference-data.ts";
import { adminQuery, createTestDatabase, databaseUrl, TEST_DATABASE_PREFIX } from "./test-database.ts";

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const schemaTables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** Both drivers answer `execute` with `{ rows }`; the shared Database type does not say so. */
async function queryRows<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as { rows: T[] }).rows;
}

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    handle,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.table_name);
}

describe("createTestDatabase", () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("runs on the engine TEST_DATABASE_URL selects", () => {
    expect(first.engine).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("has every committed migration applied and every schema table created", async () => {
    const applied = await queryRows<{ n: number }>(
      first,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
    expect(await publicTables(first)).toEqual(schemaTables);
    const extensions = await queryRows<{ extname: string }>(
      first,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions).toHaveLength(1);
  });

  it("holds the reference data: 41 camsites, the activity statuses and the roles", async () => {
    const sites = await first.db
      .select({ id: schema.camSites.id, slug: schema.camSites.slug })
      .from(schema.camSites)
      .orderBy(asc(schema.camSites.id));
    expect(sites.map((s) => s.id)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(sites.find((s) => s.id === 33)?.slug).toMatch(/chaturbate/);
    const statuses = await first.db.select({ id: schema.activityStatuses.id }).from(schema.activityStatuses);
    expect(statuses.map((s) => s.id).sort((a, b) => a - b)).toEqual(
      ACTIVITY_STATUSES.map((s) => s.id).sort((a, b) => a - b),
    );
    expect(statuses.map((s) => s.id)).toEqual(expect.arrayContaining([1, 2, 13, 22, 40, 100]));
    const roles = await first.db.select().from(schema.roles).orderBy(asc(schema.roles.id));
    expect(roles.map((r) => r.id)).toEqual(Object.values(ROLE).sort());
  });

  it("isolates databases: a row written in one is absent in another", async () => {
    await first.db.insert(schema.tags).values({ name: "Only here", slug: "only-here" });
    const [inFirst] = await first.db
      .select({ n: count() })
      .from(schema.tags)
      .where(eq(schema.tags.slug, "only-here"));
    const [inSecond] = await second.db
      .select({ n: count() })
      .from(schema.tags)
      .where(eq(schema.tags.slug, "only-here"));
    expect(inFirst?.n).toBe(1);
    expect(inSecond?.n).toBe(0);
    // Identity sequences are not shared either.
    const [a] = await first.db.insert(schema.tags).values({ name: "A", slug: "a" }).returning();
    const [b] = await second.db.insert(schema.tags).values({ name: "A", slug: "a" }).returning();
    expect(b?.id).toBeLessThan(a?.id ?? 0);
  });

  it("enforces the data model's checks and cascades", async () => {
    const [user] = await first.db
      .insert(schema.users)
      .values({ nickName: "checker", email: "checker@example.com" })
      .returning();
    const [parent] = await first.db
      .insert(schema.comments)
      .values({ commentZone: "model", commentableId: 1, userId: user?.id, text: "parent" })
      .returning();
    await first.db.insert(schema.comments).values({
      commentZone: "model",
      commentableId: 1,
      inReplyTo: parent?.id,
      text: "reply",
      authorName: "Guest",
    });
    await expect(
      first.db
        .insert(schema.commentVotes)
        .values({ commentId: parent?.id ?? 0, userId: user?.id ?? 0, value: 2 }),
    ).rejects.toThrow();
    await first.db.delete(schema.comments).where(eq(schema.comments.id, parent?.id ?? 0));
    const left = await first.db.select().from(schema.comments);
    expect(left).toHaveLength(0);
  });
});

describe("migrations", () => {
  it("apply to an empty database on this engine, and again as a no-op, with idempotent reference data", async () => {
    const url = process.env.TEST_DATABASE_URL;
    const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_empty`;
    if (url) await adminQuery(url, `create database "${name}" template template0`);
    const handle = url
      ? await openDatabase({ url: databaseUrl(url, name), poolSize: 2 })
      : await openDatabase();
    try {
      await runMigrations(handle);
      await runMigrations(handle);
      await seedReferenceData(handle.db);
      await seedReferenceData(handle.db);
      expect(await publicTables(handle)).toEqual(schemaTables);
      const [sites] = await handle.db.select({ n: count() }).from(schema.camSites);
      expect(sites?.n).toBe(41);
    } finally {
      await handle.close();
      if (url) await adminQuery(url, `drop database if exists "${name}" with (force)`);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("drop the per-test PostgreSQL database on close", async () => {
    const url = process.env.TEST_DATABASE_URL ?? "";
    const handle = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(handle, sql`select current_database() as name`);
    expect(row?.name.startsWith(TEST_DATABASE_PREFIX)).toBe(true);
    await handle.close();
    const gone = await adminQuery(url, `select 1 from pg_database where datname = '${row?.name}'`);
    expect(gone.rowCount).toBe(0);
  });
});
