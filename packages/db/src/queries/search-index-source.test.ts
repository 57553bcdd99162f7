import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { createUser } from "../factories/user-factory.ts";
import { modelBlocks, modelSearchChanges, models, nicknames } from "../schema/models.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import {
  maxModelId,
  pruneSearchChanges,
  readModelBlocks,
  readModelSearchFactsOfModels,
  readModelSearchFactsOfRange,
  readSearchChanges,
  readSearchNamesOfModelRange,
  readSearchNamesOfModels,
  searchChangesHorizon,
} from "./search-index-source.ts";
import { parseArrayLiteral } from "./sql-array-results.ts";

let handle: DatabaseHandle;
let luna = 0;
let mia = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const rows = await handle.db
    .insert(models)
    .values([
      { slug: "luna-rivers", name: "Luna Rivers" },
      { slug: "mia-stone", name: "Mia Stone" },
    ])
    .returning({ id: models.id });
  luna = rows[0]!.id;
  mia = rows[1]!.id;
  await handle.db.insert(nicknames).values([
    { modelId: luna, camSiteId: 33, nickname: "TrixieHayes" },
    { modelId: mia, camSiteId: 12, nickname: "MiaStoneHD" },
    { modelId: null, camSiteId: 36, nickname: "UnlinkedStats" },
  ]);
});
afterAll(() => handle.close());

/** The model ids `change` logged: read with a horizon taken before it. */
async function changedBy(change: () => Promise<unknown>): Promise<number[]> {
  const since = await searchChangesHorizon(handle.db);
  await change();
  const read = await readSearchChanges(handle.db, since, 10_000);
  return [...new Set(read.rows.map((r) => r.modelId))].sort((a, b) => a - b);
}

const newModel = async (slug: string) =>
  (await handle.db.insert(models).values({ slug, name: slug }).returning({ id: models.id }))[0]!.id;

/** The horizon of a later statement, once it has passed `xid` (other databases' transactions can hold it back). */
async function horizonPast(xid: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const horizon = await searchChangesHorizon(handle.db);
    if (BigInt(horizon) > BigInt(xid)) return horizon;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The horizon never passed ${xid}`);
}

describe("model_search_changes triggers", () => {
  it("log a new model, and a nickname added, renamed, moved away or soft-deleted", async () => {
    const { db } = handle;
    let made = 0;
    expect(
      await changedBy(async () => {
        made = await newModel("new-one");
      }),
    ).toEqual([made]);
    expect(
      await changedBy(() =>
        db.insert(nicknames).values({ modelId: made, camSiteId: 33, nickname: "NewOne" }),
      ),
    ).toEqual([made]);
    expect(
      await changedBy(() =>
        db.update(nicknames).set({ nickname: "NewOne2" }).where(eq(nicknames.nickname, "NewOne")),
      ),
    ).toEqual([made]);
    expect(
      await changedBy(() =>
        db.update(nicknames).set({ modelId: luna }).where(eq(nicknames.nickname, "NewOne2")),
      ),
    ).toEqual([luna, made].sort((a, b) => a - b));
    expect(
      await changedBy(() =>
        db.update(nicknames).set({ deletedAt: new Date() }).where(eq(nicknames.nickname, "NewOne2")),
      ),
    ).toEqual([luna]);
    expect(
      await changedBy(() => db.update(models).set({ name: "Renamed" }).where(eq(models.id, made))),
    ).toEqual([made]);
  });

  it("log a model merged, hidden, soft-deleted, deleted, made members-only or bound to a user", async () => {
    const { db } = handle;
    const made = await newModel("facts-one");
    const user = await createUser(db);
    const changes: Partial<typeof models.$inferInsert>[] = [
      { mergedIntoModelId: luna },
      { mergedIntoModelId: null },
      { isVisible: false },
      { deletedAt: new Date() },
      { pageVisibleFor: "only_registered_users" },
      { userId: user.id },
    ];
    for (const change of changes) {
      expect(await changedBy(() => db.update(models).set(change).where(eq(models.id, made)))).toEqual([made]);
    }
    expect(await changedBy(() => db.delete(models).where(eq(models.id, made)))).toEqual([made]);
  });

  it("log blocks added, changed and removed", async () => {
    const { db } = handle;
    expect(
      await changedBy(() =>
        db.insert(modelBlocks).values([
          { modelId: luna, blockableType: "country", location: "DE" },
          { modelId: luna, blockableType: "ip", location: "10.0.0.0/8" },
          { modelId: mia, blockableType: "state", location: "US-CA" },
        ]),
      ),
    ).toEqual([luna, mia].sort((a, b) => a - b));
    expect(
      await changedBy(() =>
        db.update(modelBlocks).set({ location: "AT" }).where(eq(modelBlocks.location, "DE")),
      ),
    ).toEqual([luna]);
    expect(
      await changedBy(() =>
        db.update(modelBlocks).set({ modelId: mia }).where(eq(modelBlocks.location, "AT")),
      ),
    ).toEqual([luna, mia].sort((a, b) => a - b));
    expect(await changedBy(() => db.delete(modelBlocks).where(eq(modelBlocks.modelId, mia)))).toEqual([mia]);
  });

  it("log one row per model and statement, and nothing for the ingest's updates or unchanged values", async () => {
    const { db } = handle;
    const since = await searchChangesHorizon(db);
    await db.execute(
      sql`update models set last_activity_at = now(), rating = rating + 1, updated_at = now()`,
    );
    await db.execute(
      sql`update nicknames set last_activity_at = now(), last_seen_at = now(), activity_status_id = 1`,
    );
    await db.execute(
      sql`update models set is_visible = is_visible, user_id = user_id, deleted_at = deleted_at`,
    );
    await db.insert(nicknames).values({ modelId: null, camSiteId: 36, nickname: "NewStatsOnly" });
    expect((await readSearchChanges(db, since, 100)).rows).toEqual([]);

    const extra = await changedBy(() =>
      db.insert(nicknames).values([
        { modelId: mia, camSiteId: 1, nickname: "MiaOne" },
        { modelId: mia, camSiteId: 2, nickname: "MiaTwo" },
      ]),
    );
    expect(extra).toEqual([mia]);
  });
});

describe("readSearchChanges", () => {
  it("answers each change with its model, id and transaction, in id order, and a horizon past finished ones", async () => {
    const { db } = handle;
    const since = await searchChangesHorizon(db);
    await db.update(models).set({ isVisible: false }).where(eq(models.id, mia));
    await db.update(models).set({ isVisible: true }).where(eq(models.id, mia));
    await db.update(models).set({ isVisible: false }).where(eq(models.id, luna));
    await db.update(models).set({ isVisible: true }).where(eq(models.id, luna));
    const read = await readSearchChanges(db, since, 100);
    expect(read.rows.map((r) => r.modelId)).toEqual([mia, mia, luna, luna]);
    expect(read.truncated).toBe(false);
    const ids = read.rows.map((r) => BigInt(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    for (const row of read.rows) {
      expect(row.xid).toMatch(/^\d+$/);
      expect(BigInt(row.xid) >= BigInt(since)).toBe(true);
    }

    const first = await readSearchChanges(db, since, 2);
    expect(first.rows).toEqual(read.rows.slice(0, 2));
    expect(first.truncated).toBe(true);
    expect((await readSearchChanges(db, since, 4)).truncated).toBe(false);

    // Once every transaction of these changes has ended below a horizon, reads from it leave them out.
    const last = read.rows.at(-1)!.xid;
    const later = await horizonPast(last);
    const again = await readSearchChanges(db, later, 100);
    expect(again.rows.filter((r) => read.rows.some((seen) => seen.id === r.id))).toEqual([]);
    expect(BigInt(again.horizon) >= BigInt(later)).toBe(true);
    await expect(readSearchChanges(db, "1; drop table models", 10)).rejects.toThrow(TypeError);
  });

  it("re-reads the changes of a transaction running at the horizon once it commits", async () => {
    const { db } = handle;
    const since = await searchChangesHorizon(db);
    let insideHorizon = "";
    let insideXid = "";
    await db.transaction(async (tx) => {
      await tx.update(models).set({ pageVisibleFor: "only_model_and_admin" }).where(eq(models.id, mia));
      // Its own transaction is still running: the horizon stays at or below it, so the next poll reads it again.
      const inside = await readSearchChanges(tx, since, 100);
      insideHorizon = inside.horizon;
      insideXid = inside.rows.find((r) => r.modelId === mia)!.xid;
      expect(BigInt(inside.horizon) <= BigInt(insideXid)).toBe(true);
    });
    const after = await readSearchChanges(db, insideHorizon, 100);
    expect(after.rows.map((r) => r.xid)).toContain(insideXid);
    await db.update(models).set({ pageVisibleFor: "everyone" }).where(eq(models.id, mia));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "does not pass a transaction another connection still runs, and returns its change after the commit",
    async () => {
      const { db } = handle;
      const since = await searchChangesHorizon(db);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written = () => {};
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      let xid = "";
      const running = db.transaction(async (tx) => {
        await tx.update(models).set({ userId: null, isVisible: false }).where(eq(models.id, luna));
        const [row] = await tx
          .select({ xid: modelSearchChanges.xid })
          .from(modelSearchChanges)
          .where(eq(modelSearchChanges.modelId, luna))
          .orderBy(sql`${modelSearchChanges.id} desc`)
          .limit(1);
        xid = row!.xid;
        written();
        await released;
      });
      await wrote;
      const during = await readSearchChanges(db, since, 100);
      expect(during.rows.map((r) => r.xid)).not.toContain(xid);
      expect(BigInt(during.horizon) <= BigInt(xid)).toBe(true);
      release();
      await running;
      const after = await readSearchChanges(db, during.horizon, 100);
      expect(after.rows.filter((r) => r.xid === xid).map((r) => r.modelId)).toEqual([luna]);
      await db.update(models).set({ isVisible: true }).where(eq(models.id, luna));
    },
  );
});

describe("pruneSearchChanges", () => {
  it("deletes the changes older than the time kept", async () => {
    const { db } = handle;
    const before = await db.$count(modelSearchChanges);
    expect(before).toBeGreaterThan(2);
    await db.execute(
      sql`update model_search_changes set changed_at = now() - interval '2 hours'
           where id in (select id from model_search_changes order by id limit 2)`,
    );
    expect(await pruneSearchChanges(db, 3600)).toBe(2);
    expect(await db.$count(modelSearchChanges)).toBe(before - 2);
    expect(await pruneSearchChanges(db, 3600)).toBe(0);
  });
});

describe("readers of the search index's source", () => {
  it("read the names of an id range or id list as parallel arrays", async () => {
    const { db } = handle;
    const odd = await newModel('o"brien\\lee, {x} null');
    const pairs = (r: { modelIds: number[]; names: string[] }) =>
      r.modelIds.map((id, i) => `${id}:${r.names[i]}`).sort();
    const range = await readSearchNamesOfModelRange(db, luna, mia);
    expect(pairs(range)).toEqual(
      [
        `${luna}:luna rivers`,
        `${luna}:trixiehayes`,
        `${mia}:mia stone`,
        `${mia}:miastonehd`,
        `${mia}:miaone`,
        `${mia}:miatwo`,
      ].sort(),
    );
    expect(pairs(await readSearchNamesOfModels(db, [mia, odd, 999_999]))).toEqual(
      [
        `${mia}:mia stone`,
        `${mia}:miastonehd`,
        `${mia}:miaone`,
        `${mia}:miatwo`,
        `${odd}:o"brien\\lee, {x} null`,
      ].sort(),
    );
    expect(await readSearchNamesOfModels(db, [])).toEqual({ modelIds: [], names: [] });
    expect(await readSearchNamesOfModelRange(db, 999_000, 999_999)).toEqual({ modelIds: [], names: [] });
  });

  it("read each model's listing facts, leaving out ids without a model", async () => {
    const { db } = handle;
    const hidden = await newModel("hidden-facts");
    const user = await createUser(db);
    await db
      .update(models)
      .set({ isVisible: false, pageVisibleFor: "only_registered_users", userId: user.id })
      .where(eq(models.id, hidden));
    const facts = await readModelSearchFactsOfModels(db, [luna, hidden, 999_999]);
    const byId = facts.ids.map((id, i) => ({
      id,
      listed: facts.listed[i],
      pageVisibleFor: facts.pageVisibleFor[i],
      userId: facts.userIds[i],
    }));
    expect(byId.sort((a, b) => a.id - b.id)).toEqual([
      { id: luna, listed: true, pageVisibleFor: "everyone", userId: null },
      { id: hidden, listed: false, pageVisibleFor: "only_registered_users", userId: user.id },
    ]);
    const range = await readModelSearchFactsOfRange(db, luna, hidden);
    expect(new Set(range.ids)).toEqual(
      new Set(
        (await db.select({ id: models.id }).from(models))
          .map((m) => m.id)
          .filter((id) => id >= luna && id <= hidden),
      ),
    );
    expect(range.listed.length).toBe(range.ids.length);
    expect(await readModelSearchFactsOfModels(db, [])).toEqual({
      ids: [],
      listed: [],
      pageVisibleFor: [],
      userIds: [],
    });
    expect(await readModelSearchFactsOfRange(db, 999_000, 999_999)).toEqual({
      ids: [],
      listed: [],
      pageVisibleFor: [],
      userIds: [],
    });
    expect(await maxModelId(db)).toBe(
      Math.max(...(await db.select({ id: models.id }).from(models)).map((m) => m.id)),
    );
  });

  it("read blocks of every model or of some", async () => {
    const { db } = handle;
    await db.insert(modelBlocks).values({ modelId: mia, blockableType: "state", location: "US-TX" });
    const all = await readModelBlocks(db);
    expect(all).toContainEqual({ modelId: luna, blockableType: "ip", location: "10.0.0.0/8" });
    expect(all).toContainEqual({ modelId: mia, blockableType: "state", location: "US-TX" });
    expect(await readModelBlocks(db, [mia])).toEqual([
      { modelId: mia, blockableType: "state", location: "US-TX" },
    ]);
    expect(await readModelBlocks(db, [])).toEqual([]);
  });
});

describe("parseArrayLiteral", () => {
  it("reads the text form of arrays, quoted elements and NULLs", () => {
    expect(parseArrayLiteral("{}")).toEqual([]);
    expect(parseArrayLiteral("{1,2,NULL}")).toEqual(["1", "2", null]);
    expect(parseArrayLiteral('{"a b","o\\"b\\\\c, {x}","NULL",t}')).toEqual([
      "a b",
      'o"b\\c, {x}',
      "NULL",
      "t",
    ]);
  });
});
