import { schema } from "@camatlas/db";
import { createModel, createTag } from "@camatlas/db/factories";
import { ACTIVITY_STATUS_ID } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

// The AI search: plain words become chips, and the models meeting every filter come back with their latest
// snapshots; hidden models never do.

let t: TestApi;
let wanted: number;

beforeAll(async () => {
  t = await createTestApi();
  const db = t.database.db;
  const blonde = await createTag(db, { name: "Blonde", slug: "blonde" });
  const model = await createModel(db, {
    name: "Ioana Lumen",
    country: "RO",
    gender: "female",
    tagIds: [blonde.id],
    nicknames: [{ camSiteId: 33, nickname: "ioanalumen", activityStatusId: ACTIVITY_STATUS_ID.free_chat }],
  });
  wanted = model.id;
  // The same facts but offline, on another camsite, from elsewhere, or hidden: each misses a filter.
  await createModel(db, {
    name: "Offline Blonde",
    country: "RO",
    tagIds: [blonde.id],
    nicknames: [{ camSiteId: 33, nickname: "offlineblonde" }],
  });
  await createModel(db, {
    name: "Stripchat Blonde",
    country: "RO",
    tagIds: [blonde.id],
    nicknames: [{ camSiteId: 36, nickname: "scblonde", activityStatusId: ACTIVITY_STATUS_ID.free_chat }],
  });
  await createModel(db, {
    name: "Hidden Blonde",
    country: "RO",
    isVisible: false,
    tagIds: [blonde.id],
    nicknames: [{ camSiteId: 33, nickname: "hiddenblonde", activityStatusId: ACTIVITY_STATUS_ID.free_chat }],
  });
  const nicknameId = model.nicknames[0]!.id;
  await db.insert(schema.imageRecords).values(
    [1, 2, 3, 4, 5].map((day) => ({
      nicknameId,
      modelId: model.id,
      camSiteId: 33,
      type: "snapshot",
      url: `https://snapshots.example/${day}.jpg`,
      takenAt: new Date(`2026-11-0${day}T10:00:00Z`),
    })),
  );
});
afterAll(() => t.close());

describe("GET /api/search/ai", () => {
  it("reads the words into chips and finds the one model meeting them all, with her 4 latest snapshots", async () => {
    const query = encodeURIComponent("blonde girls from Romania on Chaturbate online now");
    const res = await t.call("GET", `/api/search/ai?query=${query}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.chips.map((c: { label: string }) => c.label)).toEqual([
      "Women",
      "Tag: Blonde",
      "On Chaturbate",
      "From Romania",
      "Online now",
    ]);
    expect(body.total).toBe(1);
    expect(body.data[0].id).toBe(wanted);
    expect(body.data[0].snapshots.map((s: { url: string }) => s.url)).toEqual([
      "https://snapshots.example/5.jpg",
      "https://snapshots.example/4.jpg",
      "https://snapshots.example/3.jpg",
      "https://snapshots.example/2.jpg",
    ]);
  });

  it("searches unknown words as names, forgiving a typo", async () => {
    const body = await (await t.call("GET", "/api/search/ai?query=ioana%20lumne")).json();
    expect(body.chips.map((c: { key: string }) => c.key)).toEqual(["text"]);
    expect(body.data.map((m: { id: number }) => m.id)).toContain(wanted);
  });

  it("answers no models for words that say nothing, and 422 for an overlong query", async () => {
    const empty = await (await t.call("GET", "/api/search/ai?query=%3F%3F")).json();
    expect(empty).toMatchObject({ total: 0, data: [], chips: [] });
    expect((await t.call("GET", `/api/search/ai?query=${"a".repeat(300)}`)).status).toBe(422);
  });
});
