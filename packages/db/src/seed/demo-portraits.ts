import { and, eq, isNull, like, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { ensurePortraitFile, PORTRAIT_FOLDER } from "../factories/portrait-images.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";

// The pass after the first start that draws every demo avatar not drawn yet (a visitor may have asked for some
// first: those files are read, not drawn again) and records its size and BlurHash, so lists show placeholders.
// One at a time, yielding between files, and one statement per batch: the site keeps answering meanwhile.

const BATCH = 16;

/** Draws the demo portraits whose media rows have no BlurHash yet; returns how many rows it completed. */
export async function completeDemoPortraits(db: Database, mediaDir: string): Promise<number> {
  const rows = await db
    .select({ id: media.id, path: media.path })
    .from(media)
    .where(and(like(media.path, `${PORTRAIT_FOLDER}/%`), isNull(media.blurhash)))
    .orderBy(media.id);
  let done = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const drawn: Array<{ id: number; size: number; blurhash: string }> = [];
    for (const row of rows.slice(start, start + BATCH)) {
      const written = await ensurePortraitFile(mediaDir, row.path);
      if (written) drawn.push({ id: row.id, size: written.size, blurhash: written.blurhash });
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (drawn.length === 0) continue;
    const values = sql.join(
      drawn.map((d) => sql`(${d.id}::int, ${d.size}::int, ${d.blurhash}::varchar)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${media} m set size = v.size, blurhash = v.blurhash
      from (values ${values}) as v(id, size, blurhash) where m.id = v.id`);
    done += drawn.length;
  }
  return done;
}

/** Whether a portrait seed names a model of this site: only those are drawn on request. */
export async function isPortraitSeed(db: Database, seed: string): Promise<boolean> {
  const [row] = await db.select({ id: models.id }).from(models).where(eq(models.slug, seed)).limit(1);
  return row !== undefined;
}
