import { type Database, type DatabaseHandle, type ModelViewer, schema } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type CatalogSearchIndex, createCatalogSearchIndex } from "./catalog-search-index.ts";

let handle: DatabaseHandle;
let quilla = 0;
let orla = 0;

const guest: ModelViewer = { userId: null, isAdmin: false };
const logger = () => ({ info: vi.fn(), warn: vi.fn() });

beforeAll(async () => {
  handle = await createTestDatabase();
  const rows = await handle.db
    .insert(schema.models)
    .values([
      { slug: "quilla-brightwater", name: "Quilla Brightwater" },
      { slug: "orla-fenwick", name: "Orla Fenwick" },
    ])
    .returning({ id: schema.models.id });
  quilla = rows[0]!.id;
  orla = rows[1]!.id;
  await handle.db.insert(schema.nicknames).values([
    { modelId: quilla, camSiteId: 33, nickname: "ZephyrineX" },
    { modelId: orla, camSiteId: 12, nickname: "OrlaMoonlit" },
  ]);
});
afterAll(() => handle.close());

/** A clock the test moves: starts at the wall clock (the build stamps its first poll with it). */
function testClock() {
  const start = Date.now();
  let offset = 0;
  return { now: () => start + offset, advance: (ms: number) => (offset += ms) };
}

/** The models a search finds for the viewer, best first, as the list's index path ranks and filters them. */
async function found(index: CatalogSearchIndex, query: string, viewer: ModelViewer = guest) {
  const snapshot = await index.current();
  if (!snapshot) return null;
  return snapshot.names
    .rank(snapshot.names.score(query, 200), 240)
    .map((r) => r.modelId)
    .filter((id) => snapshot.facts.visibleTo(viewer, id));
}

describe("createCatalogSearchIndex", () => {
  it("builds on first use, telling building then ready, and finds models by misspelt names and nicknames", async () => {
    const index = createCatalogSearchIndex({ db: handle.db, logger: logger(), pollMs: 60_000 });
    expect(index.status()).toBe("off");
    const first = index.current();
    expect(index.status()).toBe("building");
    expect(await first).not.toBeNull();
    expect(index.status()).toBe("ready");
    expect(await found(index, "Quila Brightwatr")).toEqual([quilla]);
    expect(await found(index, "ZephyrinX")).toEqual([quilla]);
    expect(await found(index, "orlamoonlt")).toEqual([orla]);
  });

  it("warm() starts the build before any search", async () => {
    const index = createCatalogSearchIndex({ db: handle.db, logger: logger(), pollMs: 60_000 });
    index.warm();
    expect(index.status()).toBe("building");
    await vi.waitFor(() => expect(index.status()).toBe("ready"));
    expect(await found(index, "Orla Fenwik")).toEqual([orla]);
  });

  describe("a write made in the database, not heard of", () => {
    it("is seen after markStale(): a nickname renamed", async () => {
      const clock = testClock();
      const index = createCatalogSearchIndex({
        db: handle.db,
        logger: logger(),
        pollMs: 60_000,
        now: clock.now,
      });
      const model = await newModel("Tamsin Hollowell", "VelvetTamsin");
      expect(await found(index, "VelvetTamsn")).toEqual([model]);
      await handle.db
        .update(schema.nicknames)
        .set({ nickname: "CrimsonTamsin" })
        .where(eq(schema.nicknames.nickname, "VelvetTamsin"));
      clock.advance(59_000);
      expect(await found(index, "CrimsonTamsn")).toEqual([]);
      expect(await found(index, "VelvetTamsn")).toEqual([model]);
      index.markStale();
      expect(await found(index, "CrimsonTamsn")).toEqual([model]);
      expect(await found(index, "VelvetTamsn")).toEqual([]);
    });

    it("is seen once the last poll is pollMs old: a model added, hidden, blocked for a country", async () => {
      const clock = testClock();
      const index = createCatalogSearchIndex({
        db: handle.db,
        logger: logger(),
        pollMs: 60_000,
        now: clock.now,
      });
      await index.current();
      // A poll now: its time is the test clock's.
      index.markStale();
      await index.current();

      const added = await newModel("Brisa Calderwood", "BrisaNights");
      clock.advance(59_999);
      expect(await found(index, "Brisa Caldrwood")).toEqual([]);
      clock.advance(1);
      expect(await found(index, "Brisa Caldrwood")).toEqual([added]);
      expect(await found(index, "BrisaNigths")).toEqual([added]);

      await handle.db.update(schema.models).set({ isVisible: false }).where(eq(schema.models.id, added));
      clock.advance(59_999);
      expect(await found(index, "Brisa Caldrwood")).toEqual([added]);
      clock.advance(1);
      expect(await found(index, "Brisa Caldrwood")).toEqual([]);
      expect(await found(index, "Brisa Caldrwood", { userId: null, isAdmin: true })).toEqual([]);

      const inGb: ModelViewer = { ...guest, country: "GB" };
      await handle.db
        .insert(schema.modelBlocks)
        .values({ modelId: orla, blockableType: "country", location: "GB" });
      clock.advance(59_999);
      expect(await found(index, "Orla Fenwik", inGb)).toEqual([orla]);
      clock.advance(1);
      expect(await found(index, "Orla Fenwik", inGb)).toEqual([]);
      expect(await found(index, "Orla Fenwik", { ...guest, country: "SE" })).toEqual([orla]);
      await handle.db.delete(schema.modelBlocks).where(eq(schema.modelBlocks.modelId, orla));
      index.markStale();
      expect(await found(index, "Orla Fenwik", inGb)).toEqual([orla]);
    });

    it("is seen once pollMs passed on an injected clock that is not the wall clock", async () => {
      // Fails today: buildState() stamps the build's poll time with Date.now(), not the injected `now`, so on a clock
      // behind the wall clock no search polls by age until markStale() (and one far ahead polls on every search).
      let now = 1_000_000;
      const index = createCatalogSearchIndex({
        db: handle.db,
        logger: logger(),
        pollMs: 60_000,
        now: () => now,
      });
      await index.current();
      const added = await newModel("Maelis Thornbury", "MaelisLive");
      now += 59_999;
      expect(await found(index, "Maelis Thornbry")).toEqual([]);
      now += 1;
      expect(await found(index, "Maelis Thornbry")).toEqual([added]);
    });

    it("is seen after markStale(): page_visible_for changed, a model deleted", async () => {
      const index = createCatalogSearchIndex({ db: handle.db, logger: logger(), pollMs: 60_000 });
      const model = await newModel("Ysolde Marchetti", "YsoldeLive");
      expect(await found(index, "Ysolde Marchetty")).toEqual([model]);
      await handle.db
        .update(schema.models)
        .set({ pageVisibleFor: "only_registered_users" })
        .where(eq(schema.models.id, model));
      index.markStale();
      expect(await found(index, "Ysolde Marchetty")).toEqual([]);
      expect(await found(index, "Ysolde Marchetty", { userId: 99, isAdmin: false })).toEqual([model]);
      await handle.db.delete(schema.models).where(eq(schema.models.id, model));
      index.markStale();
      expect(await found(index, "YsoldeLiv", { userId: 99, isAdmin: true })).toEqual([]);
    });
  });

  it("builds anew after a bulk write of more changes than one poll reads: building meanwhile, then the new names", async () => {
    const index = createCatalogSearchIndex({ db: handle.db, logger: logger(), pollMs: 0 });
    expect(await found(index, "Quila Brightwatr")).toEqual([quilla]);
    await handle.db
      .insert(schema.models)
      .values(
        Array.from({ length: 5_001 }, (_, i) => ({ slug: `bulk-${i}`, name: `Bulkloaded Xanthe ${i}` })),
      );
    // The poll sees a bulk write: searches answer from the build they have while the new one is made.
    expect(await found(index, "Bulkloaded Xanthe 4321")).toEqual([]);
    expect(index.status()).toBe("building");
    expect(await found(index, "Quila Brightwatr")).toEqual([quilla]);
    await vi.waitFor(() => expect(index.status()).toBe("ready"), { timeout: 20_000, interval: 20 });
    const hits = await found(index, "Bulkloaded Xanthe 4321");
    const [best] = await handle.db
      .select({ id: schema.models.id })
      .from(schema.models)
      .where(eq(schema.models.slug, "bulk-4321"));
    expect(hits![0]).toBe(best!.id);
    expect(hits!.length).toBeGreaterThan(1);
    expect(await found(index, "Quila Brightwatr")).toEqual([quilla]);
  });

  describe("a failing database", () => {
    it("answers null (searches read the database) while the first build fails, and retries after 30 s", async () => {
      const clock = testClock();
      const db = flaky(handle.db);
      db.down = true;
      const log = logger();
      const index = createCatalogSearchIndex({ db: db.db, logger: log, pollMs: 0, now: clock.now });
      await expect(index.current()).resolves.toBeNull();
      expect(index.status()).toBe("off");
      expect(log.warn).toHaveBeenCalledTimes(1);
      db.down = false;
      // No second try for a while: every search would wait for a build that fails again.
      clock.advance(29_000);
      await expect(index.current()).resolves.toBeNull();
      expect(index.status()).toBe("off");
      clock.advance(1_000);
      expect(await found(index, "Quila Brightwatr")).toEqual([quilla]);
      expect(index.status()).toBe("ready");
    });

    it("keeps answering from the last build when a poll fails, and catches up once the database answers again", async () => {
      const db = flaky(handle.db);
      const index = createCatalogSearchIndex({ db: db.db, logger: logger(), pollMs: 0 });
      expect(await found(index, "Orla Fenwik")).toEqual([orla]);
      const model = await newModel("Wrenna Ashgrove", "WrennaLive");
      db.down = true;
      expect(await found(index, "Wrenna Ashgrov")).toEqual([]);
      expect(await found(index, "Orla Fenwik")).toEqual([orla]);
      expect(index.status()).toBe("ready");
      db.down = false;
      expect(await found(index, "Wrenna Ashgrov")).toEqual([model]);
    });

    it("answers null, without throwing, over a closed database", async () => {
      const closed = await createTestDatabase();
      await closed.close();
      const index = createCatalogSearchIndex({ db: closed.db, logger: logger(), pollMs: 0 });
      await expect(index.current()).resolves.toBeNull();
      expect(index.status()).toBe("off");
    });
  });
});

async function newModel(name: string, nickname: string): Promise<number> {
  const [row] = await handle.db
    .insert(schema.models)
    .values({ slug: name.toLowerCase().replaceAll(" ", "-"), name })
    .returning({ id: schema.models.id });
  await handle.db.insert(schema.nicknames).values({ modelId: row!.id, camSiteId: 36, nickname });
  return row!.id;
}

/** The database, whose statements fail while `down` (a lost connection). */
function flaky(db: Database) {
  const state = { down: false, db: db as Database };
  state.db = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute" && state.down) return () => Promise.reject(new Error("connection refused"));
      return Reflect.get(target, prop, receiver);
    },
  });
  return state;
}
