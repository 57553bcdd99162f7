import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { createMedia } from "../factories/media-factory.ts";
import { createModel } from "../factories/model-factory.ts";
import { avatarPortraitPath } from "../factories/portrait-images.ts";
import { media } from "../schema/media.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { completeDemoPortraits, isPortraitSeed } from "./demo-portraits.ts";

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
    expect(await isPortraitSeed(handle.db, model.slug)).toBe(true);
    expect(await isPortraitSeed(handle.db, "nobody-at-all")).toBe(false);
  });
});
