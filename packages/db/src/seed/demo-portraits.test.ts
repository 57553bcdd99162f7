import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { createMedia } from "../factories/media-factory.ts";
import { createModel } from "../factories/model-factory.ts";
import { createNickname } from "../factories/nickname-factory.ts";
import { avatarPortraitPath, PORTRAIT_VERSION } from "../factories/portrait-images.ts";
import { createTag } from "../factories/tag-factory.ts";
import { media } from "../schema/media.ts";
import { modelTags } from "../schema/models.ts";
import { imageRecords } from "../schema/stats.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { completeDemoPortraits, portraitLooksOf, recordPortraitSnapshotBlurhash } from "./demo-portraits.ts";

let handle: DatabaseHandle;
let mediaDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-portraits-"));
});

afterAll(async () => {
  await handle.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe("demo portraits after the first start", () => {
  it("draws the avatars not drawn yet and records their size and placeholder, once", async () => {
    const slugs = ["gina-vale", "hana-moss"];
    const rows = await Promise.all(
      slugs.map((slug) => createMedia(handle.db, { path: avatarPortraitPath(slug) })),
    );
    const uploaded = await createMedia(handle.db, { path: "avatars/2026-11/upload.webp" });

    expect(await completeDemoPortraits(handle.db, mediaDir)).toBe(2);
    for (const row of rows) {
      const [after] = await handle.db.select().from(media).where(eq(media.id, row.id));
      const bytes = await readFile(path.join(mediaDir, row.path));
      expect(after?.size).toBe(bytes.length);
      expect(after?.blurhash).toHaveLength(28);
    }
    // An uploaded picture is not the pass's business.
    const [untouched] = await handle.db.select().from(media).where(eq(media.id, uploaded.id));
    expect(untouched?.blurhash ?? null).toBeNull();
    expect(await completeDemoPortraits(handle.db, mediaDir)).toBe(0);
  });

  it("draws on request only for the slugs of existing models", async () => {
    const model = await createModel(handle.db, { slug: "ivy-north" });
    expect(await portraitLooksOf(handle.db, model.slug)).toEqual({ hair: null, skin: null });
    expect(await portraitLooksOf(handle.db, "nobody-at-all")).toBeNull();
  });

  it("gives her tags' looks, and draws again what an older drawing left", async () => {
    const model = await createModel(handle.db, { slug: "jill-ember" });
    for (const name of ["Redhead", "Asian"]) {
      const tag = await createTag(handle.db, { name });
      await handle.db.insert(modelTags).values({ modelId: model.id, tagId: tag.id });
    }
    expect(await portraitLooksOf(handle.db, "jill-ember")).toEqual({ hair: "redhead", skin: "asian" });
    expect(await portraitLooksOf(handle.db, "nobody-at-all")).toBeNull();

    // Files of another drawing version go, and their placeholders with them, so they are drawn again.
    await writeFile(path.join(mediaDir, "portraits/VERSION"), "old\n");
    const row = await createMedia(handle.db, { path: avatarPortraitPath("jill-ember") });
    expect(await completeDemoPortraits(handle.db, mediaDir)).toBe(3);
    expect((await readFile(path.join(mediaDir, "portraits/VERSION"), "utf8")).trim()).toBe(PORTRAIT_VERSION);
    const [after] = await handle.db.select().from(media).where(eq(media.id, row.id));
    expect(after?.blurhash).toHaveLength(28);
  });

  it("records a drawn snapshot's BlurHash on her snapshots that show that file", async () => {
    const model = await createModel(handle.db, { slug: "kim-lark" });
    const nickname = await createNickname(handle.db, { modelId: model.id });
    const url = (shot: number, variant = 2) =>
      `/media/portraits/kim-lark/snapshot-${variant}.webp?shot=${shot}`;
    const shown = [url(1), url(2), url(3, 5)];
    await handle.db.insert(imageRecords).values(
      shown.map((u) => ({
        modelId: model.id,
        nicknameId: nickname.id,
        camSiteId: nickname.camSiteId,
        url: u,
      })),
    );
    await recordPortraitSnapshotBlurhash(
      handle.db,
      "portraits/kim-lark/snapshot-2.webp",
      "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
    );
    const rows = await handle.db
      .select({ url: imageRecords.url, blurhash: imageRecords.blurhash })
      .from(imageRecords)
      .where(eq(imageRecords.modelId, model.id))
      .orderBy(imageRecords.id);
    expect(rows).toEqual([
      { url: url(1), blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj" },
      { url: url(2), blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj" },
      { url: url(3, 5), blurhash: null },
    ]);
  });
});
