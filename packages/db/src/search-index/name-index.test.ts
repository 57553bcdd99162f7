import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { rankModelsByNames, searchNameScores } from "../queries/model-search.ts";
import { modelSearchNames, models, nicknames } from "../schema/models.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { NameIndex } from "./name-index.ts";

const pairs = (entries: [number, string][]) => ({
  modelIds: entries.map(([id]) => id),
  names: entries.map(([, name]) => name),
});

describe("NameIndex", () => {
  const index = NameIndex.build([
    pairs([
      [1, "luna rivers"],
      [1, "trixiehayes"],
      [2, "mia stone"],
      [2, "miastonehd"],
      [3, "trixie"],
      [4, "trixiehayes"],
    ]),
  ]);

  it("finds a name through either half of a typo, and through a substring, closest first", () => {
    expect(index.score("trixeihayes", 5)[0]).toEqual({ name: "trixiehayes", score: expect.any(Number) });
    expect(index.score("trixiehayse", 5)[0]?.name).toBe("trixiehayes");
    expect(index.score("stoneh", 5).map((s) => s.name)).toContain("miastonehd");
    expect(index.score("zzzz", 5)).toEqual([]);
    expect(index.score("  ", 5)).toEqual([]);
  });

  it("ranks each model once by her best name, best first, then lower id", () => {
    const ranked = index.rank(index.score("trixiehayes", 10), 10);
    expect(ranked.map((r) => r.modelId)).toEqual([1, 4, 3]);
    expect(ranked[0]!.score).toBe(1);
    expect(index.rank(index.score("trixiehayes", 10), 1)).toHaveLength(1);
  });

  it("follows changed models: old names stop finding them, new names find them", () => {
    const changing = NameIndex.build([
      pairs([
        [1, "luna rivers"],
        [2, "mia stone"],
        [3, "mia stone"],
      ]),
    ]);
    changing.replaceModels(
      [2],
      pairs([
        [2, "mia brook"],
        [2, "velvetmia"],
      ]),
    );
    expect(changing.modelsOf("mia stone")).toEqual([3]);
    expect(changing.rank(changing.score("velvetmai", 5), 5).map((r) => r.modelId)).toEqual([2]);
    changing.replaceModels([3], pairs([]));
    expect(changing.score("mia stone", 5).map((s) => s.name)).not.toContain("mia stone");
    changing.replaceModels([2], pairs([[2, "mia stone"]]));
    expect(changing.modelsOf("mia stone")).toEqual([2]);
    expect(changing.modelsOf("velvetmia")).toEqual([]);
    expect(changing.changedCount).toBe(2);
  });
});

describe("NameIndex against the database search", () => {
  let handle: DatabaseHandle;
  const syllables = [
    "an",
    "bel",
    "cor",
    "da",
    "el",
    "fi",
    "gia",
    "ha",
    "is",
    "jo",
    "ka",
    "li",
    "mo",
    "na",
    "ru",
  ];
  // Deterministic names: syllables, separators and digits, with shared prefixes and endings.
  const nameAt = (i: number) =>
    `${syllables[i % 15]}${syllables[(i * 7) % 15]}${i % 3 === 0 ? "_" : ""}${syllables[(i * 11) % 13]}${i % 4 === 0 ? String(i % 97) : ""}`;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const ids = await handle.db
      .insert(models)
      .values(Array.from({ length: 300 }, (_, i) => ({ slug: `m-${i}`, name: `Model ${nameAt(i)}` })))
      .returning({ id: models.id });
    const seen = new Set<string>();
    const values = Array.from({ length: 900 }, (_, i) => ({
      modelId: ids[i % 300]!.id,
      camSiteId: 1 + (i % 5),
      nickname: nameAt(i * 13 + 5),
    })).filter((n) => {
      // One nickname per camsite; the same one on other camsites (one name, several models) stays.
      const key = `${n.camSiteId}|${n.nickname}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    await handle.db.insert(nicknames).values(values);
  });
  afterAll(() => handle.close());

  it("scores and ranks as searchNameScores and rankModelsByNames do, for typos, prefixes and substrings", async () => {
    const rows = await handle.db
      .select({ modelId: modelSearchNames.modelId, name: modelSearchNames.name })
      .from(modelSearchNames);
    const index = NameIndex.build([pairs(rows.map((r) => [r.modelId, r.name]))]);
    const queries = [
      ...Array.from({ length: 40 }, (_, i) => {
        const name = nameAt(i * 13 + 5);
        // Two middle letters swapped, as the benchmark's typos are.
        const m = Math.floor(name.length / 2);
        return name.slice(0, m - 1) + name[m] + name[m - 1] + name.slice(m + 1);
      }),
      "model",
      "an",
      "bel_",
      "zzzz",
      "rumo",
      "dael",
      "gia ka",
    ];
    for (const query of queries) {
      const expected = await searchNameScores(handle.db, query, 200);
      const actual = index.score(query, 200);
      expect(
        actual.map((s) => s.name),
        query,
      ).toEqual(expected.map((s) => s.name));
      for (const [i, s] of actual.entries())
        expect(s.score, `${query} ${s.name}`).toBeCloseTo(expected[i]!.score, 5);
      const expectedRanking = await rankModelsByNames(handle.db, expected, 240);
      expect(
        index.rank(actual, 240).map((r) => r.modelId),
        query,
      ).toEqual(expectedRanking.map((r) => r.modelId));
    }
  });
});
