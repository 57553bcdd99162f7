import { and, eq, isNull, like } from "drizzle-orm";
import type { Database } from "../client.ts";
import { ensurePortraitFile, PORTRAIT_FOLDER } from "../factories/portrait-images.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";

// The pass after the first start that draws every demo avatar not drawn yet (a visitor may have asked for some
// first: those files are read, not drawn again) and records its size and BlurHash, so lists show placeholders.
// A few at a time: sharp works on its own threads, and the site keeps answering meanwhile.

const BATCH = 4;

/** Draws the demo portraits whose media rows have no BlurHash yet; returns how many rows it completed. */
export async function completeDemoPortraits(db: Database, mediaDir: string): Promise<number> {
  const rows = await db
    .select({ id: media.id, path: media.path })
    .from(media)
    .where(and(like(media.path, `${PORTRAIT_FOLDER}/%`), isNull(media.blurhash)))
    .orderBy(media.id);
  let done = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    await Promise.all(
      rows.slice(start, start + BATCH).map(async (row) => {
        const written = await ensurePortraitFile(mediaDir, row.path);
        if (!written) return;
        await db
          .update(media)
          .set({ size: written.size, blurhash: written.blurhash })
          .where(eq(media.id, row.id));
        done++;
      }),
    );
  }
  return done;
}

/** Whether a portrait seed names a model of this site: only those are drawn on request. */
export async function isPortraitSeed(db: Database, seed: string): Promise<boolean> {
  const [row] = await db.select({ id: models.id }).from(models).where(eq(models.slug, seed)).limit(1);
  return row !== undefined;
}
