import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { modelSearchNames, modelSearchTerms, models, nicknames } from "../schema/models.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import {
  editDistance,
  nameScore,
  rankModels,
  rankModelsByNames,
  searchHalves,
  searchNameHits,
  searchNameScores,
} from "./model-search.ts";

let handle: DatabaseHandle;
let luna = 0;
let mia = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const rows = await db
    .insert(models)
    .values([
      { slug: "luna-rivers", name: "Luna Rivers" },
      { slug: "mia-stone", name: "Mia Stone" },
    ])
    .returning({ id: models.id });
  luna = rows[0]!.id;
  mia = rows[1]!.id;
  await db.insert(nicknames).values([
    { modelId: luna, camSiteId: 33, nickname: "TrixieHayes" },
    { modelId: mia, camSiteId: 12, nickname: "MiaStoneHD" },
    { modelId: null, camSiteId: 36, nickname: "UnlinkedStats" },
  ]);
});
afterAll(() => handle.close());

const namesOf = async (modelId: number) =>
  (await handle.db.select().from(modelSearchNames).where(eq(modelSearchNames.modelId, modelId)))
    .map((r) => r.name)
    .sort();

describe("searchHalves", () => {
  it("keeps prefix + suffix two letters shorter than the query, so one edit or swap spares one of them", () => {
    expect(searchHalves("trixeihayes")).toEqual({ prefix: "trix", suffix: "hayes" });
    expect(searchHalves("trixiehayse")).toEqual({ prefix: "trix", suffix: "hayse" });
    expect(searchHalves("abcd")).toEqual({ prefix: "abcd", suffix: "abcd" });
  });
});

describe("editDistance and nameScore", () => {
  it("counts a swap of neighbours as one edit and stops above the maximum", () => {
    expect(editDistance("elal61", "ella61")).toBe(1);
    expect(editDistance("swee_tluna", "sweet_luna")).toBe(1);
    expect(editDistance("swee_tluna", "swetluna")).toBe(2);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("abcdefgh", "zz", 2)).toBe(3);
  });

  it("agrees with the full table (edits, swaps of neighbours) wherever the answer is within the maximum", () => {
    const full = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = d[i]!;
          row[j] = Math.min(
            d[i - 1]![j]! + 1,
            row[j - 1]! + 1,
            d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
        }
      return d[a.length]![b.length]!;
    };
    // A fixed pseudo-random walk over short strings of few letters (many near misses and swaps).
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = (n: number) => Array.from({ length: n }, () => "abc_"[Math.floor(next() * 4)]).join("");
    for (let k = 0; k < 3000; k++) {
      const a = word(1 + Math.floor(next() * 8));
      const b = next() < 0.5 ? word(1 + Math.floor(next() * 8)) : a.slice(0, 2) + word(2) + a.slice(3);
      for (const max of [1, 2, 3])
        expect(editDistance(a, b, max), `${a} ${b} ${max}`).toBe(Math.min(full(a, b), max + 1));
    }
  });

  it("ranks a one-swap typo of a short name above trigram-similar strangers", () => {
    expect(nameScore("elal61", "ella61", 0.2)).toBeGreaterThan(nameScore("elal61", "ella", 0.4));
    expect(nameScore("wilbdella", "wildbella", 0.4)).toBeGreaterThan(
      nameScore("wilbdella", "wildelsa", 0.45),
    );
  });
});

describe("model_search_names triggers", () => {
  it("index model names and linked nicknames, lowercased, and follow renames, moves and removals", async () => {
    const { db } = handle;
    expect(await namesOf(luna)).toEqual(["luna rivers", "trixiehayes"]);
    await db.update(models).set({ name: "Luna Rivera" }).where(eq(models.id, luna));
    await db.update(nicknames).set({ modelId: luna }).where(eq(nicknames.nickname, "UnlinkedStats"));
    await db.update(nicknames).set({ deletedAt: new Date() }).where(eq(nicknames.nickname, "TrixieHayes"));
    // A status change (not a searched column) leaves the index alone.
    await db.update(nicknames).set({ activityStatusId: 1 }).where(eq(nicknames.nickname, "MiaStoneHD"));
    expect(await namesOf(luna)).toEqual(["luna rivera", "unlinkedstats"]);
    expect(await namesOf(mia)).toEqual(["mia stone", "miastonehd"]);
    await db.update(nicknames).set({ deletedAt: null }).where(eq(nicknames.nickname, "TrixieHayes"));
  });
});

describe("model_search_terms triggers", () => {
  const usesOf = async (name: string) =>
    (await handle.db.select().from(modelSearchTerms).where(eq(modelSearchTerms.name, name)))[0]?.uses ?? 0;

  it("keep each distinct name once with how many names bear it, through inserts, renames and deletes", async () => {
    const { db } = handle;
    const made = await db
      .insert(models)
      .values([
        { slug: "twin-a", name: "Twin Star" },
        { slug: "twin-b", name: "Twin Star" },
      ])
      .returning({ id: models.id });
    expect(await usesOf("twin star")).toBe(2);
    await db.insert(nicknames).values({ modelId: made[0]!.id, camSiteId: 33, nickname: "TWIN STAR" });
    expect(await usesOf("twin star")).toBe(3);
    await db.update(models).set({ name: "Twin Moon" }).where(eq(models.id, made[1]!.id));
    expect([await usesOf("twin star"), await usesOf("twin moon")]).toEqual([2, 1]);
    await db.delete(models).where(eq(models.id, made[0]!.id));
    expect([await usesOf("twin star"), await usesOf("twin moon")]).toEqual([0, 1]);
    const [term] = await db.select().from(modelSearchTerms).where(eq(modelSearchTerms.name, "twin moon"));
    expect(term).toEqual({ name: "twin moon", reversed: "noom niwt", uses: 1 });
    await db.delete(models).where(eq(models.id, made[1]!.id));
    expect(await db.select().from(modelSearchTerms).where(eq(modelSearchTerms.name, "twin moon"))).toEqual(
      [],
    );
  });
});

describe("searchNameHits", () => {
  it("finds one-typo names through either half, and substrings, closest first", async () => {
    const { db } = handle;
    const swapped = await searchNameHits(db, "TrixeiHayes", 10);
    expect(swapped[0]).toMatchObject({ modelId: luna, matched: "TrixieHayes", camSiteId: 33 });
    const firstHalfTypo = await searchNameHits(db, "Mai Stone", 10);
    expect(rankModels(firstHalfTypo)[0]?.modelId).toBe(mia);
    const substring = await searchNameHits(db, "stonehd", 10);
    expect(substring.map((h) => h.matched)).toContain("MiaStoneHD");
    expect(await searchNameHits(db, "zzzzqqqq", 10)).toEqual([]);
  });
});

describe("searchNameScores and rankModelsByNames", () => {
  it("rank each model once, by her best name, best first", async () => {
    const { db } = handle;
    const scored = await searchNameScores(db, "MiaStonHD", 10);
    expect(scored[0]).toEqual({ name: "miastonehd", score: expect.closeTo(0.9, 2) });
    const ranked = await rankModelsByNames(db, scored, 10);
    expect(ranked.map((r) => r.modelId)).toEqual([mia]);
    expect(ranked[0]?.score).toBe(scored[0]?.score);
    expect(await rankModelsByNames(db, [], 10)).toEqual([]);
  });

  it("send names with quotes, backslashes and commas intact", async () => {
    const { db } = handle;
    const [row] = await db
      .insert(models)
      .values({ slug: "odd-name", name: 'O"Brien\\Lee, {x}' })
      .returning({ id: models.id });
    const ranked = await rankModelsByNames(
      db,
      [
        { name: 'o"brien\\lee, {x}', score: 0.8 },
        { name: "luna rivera", score: 0.5 },
      ],
      10,
    );
    expect(ranked).toEqual([
      { modelId: row!.id, score: 0.8 },
      { modelId: luna, score: 0.5 },
    ]);
  });
});
