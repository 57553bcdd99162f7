import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { findStatsNicknameId } from "@camatlas/db";
import { sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import type { CollectedPoll } from "../collectors/collector.ts";
import { createLocalStorage } from "../media/storage.ts";
import { createSnapshotKeeper } from "./snapshot-keeper.ts";
import { storeCollectedPoll } from "./stats-worker.ts";

// Chaturbate reuses one image address per room: the keeper fetches the image and keeps it as a file, at most one
// per room every 15 minutes and a few per poll, paced; a private room's placeholder is never kept.

let t: TestApi;
let root: string;
let png: Uint8Array;
beforeAll(async () => {
  t = await createTestApi();
  root = await mkdtemp(path.join(tmpdir(), "camatlas-snapshots-"));
  png = new Uint8Array(
    await sharp({ create: { width: 800, height: 450, channels: 3, background: "#884466" } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const T = Math.floor(Date.now() / 1000) - 1800;
const room = (nickname: string, status: number) => ({
  nickname,
  status,
  topic: `${nickname}'s room`,
  snapshotUrl: `https://roomimg.stream.highwebmedia.com/ri/${nickname}.jpg`,
});
const poll = (at: number): CollectedPoll => ({
  camSiteId: 33,
  observedAt: at,
  complete: true,
  observations: [room("keep_ann", 1), room("keep_bea", 1), room("keep_cat", 1), room("keep_pia", 2)],
});

async function keptOf(nickname: string) {
  const id = (await findStatsNicknameId(t.database.db, 33, nickname)) ?? 0;
  return (
    (await t.database.db.execute(sql`
      select r.topic, r.width, r.height, extract(epoch from r.taken_at)::int as taken, m.path, m.kind
      from image_records r join media m on m.id = r.media_id where r.nickname_id = ${id} order by r.taken_at`)) as unknown as {
      rows: Array<{
        topic: string;
        width: number;
        height: number;
        taken: number;
        path: string;
        kind: string;
      }>;
    }
  ).rows;
}

describe("the snapshot keeper", () => {
  it("keeps a history of fetched images, a few per poll, paced, one per room per 15 minutes, never a private room's", async () => {
    const storage = createLocalStorage(path.join(root, "media"));
    const fetched: string[] = [];
    const waits: number[] = [];
    const keeper = createSnapshotKeeper({
      db: t.database.db,
      storage,
      logger: pino({ level: "silent" }),
      perPoll: 2,
      pacingMs: 700,
      fetchImage: async (url) => {
        fetched.push(url);
        return png;
      },
      sleep: async (ms) => void waits.push(ms),
    });
    for (const [i, at] of [T, T + 60, T + 960].entries()) {
      await storeCollectedPoll(t.database.db, poll(at), 300, []);
      const kept = await keeper.keep(poll(at));
      expect(kept).toBe([2, 1, 2][i]);
    }
    expect(fetched.every((url) => !url.includes("keep_pia"))).toBe(true);
    expect(waits).toEqual([700, 700]);
    const ann = await keptOf("keep_ann");
    // Kept at T and again after 15 minutes (T + 960), not at T + 60.
    expect(ann.map((r) => r.taken)).toEqual([T, T + 960]);
    expect(ann[0]).toMatchObject({ topic: "keep_ann's room", width: 640, height: 360, kind: "snapshot" });
    expect((await stat(path.join(root, "media", ann[0]?.path ?? ""))).size).toBeGreaterThan(0);
    expect(await keptOf("keep_cat")).toHaveLength(1);
    expect(await keptOf("keep_pia")).toEqual([]);
  });

  it("skips an image it cannot read without losing the others", async () => {
    const keeper = createSnapshotKeeper({
      db: t.database.db,
      storage: createLocalStorage(path.join(root, "media")),
      logger: pino({ level: "silent" }),
      sleep: async () => {},
      fetchImage: async (url) => (url.includes("keep_dot") ? new Uint8Array([1, 2, 3]) : png),
    });
    const at = T + 1200;
    const p: CollectedPoll = {
      camSiteId: 33,
      observedAt: at,
      complete: false,
      observations: [room("keep_dot", 1), room("keep_eve", 1)],
    };
    await storeCollectedPoll(t.database.db, p, 300, []);
    expect(await keeper.keep(p)).toBe(1);
    expect(await keptOf("keep_eve")).toHaveLength(1);
  });
});
