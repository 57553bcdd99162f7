import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, like, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { ensurePortraitFile, PORTRAIT_FOLDER, PORTRAIT_VERSION } from "../factories/portrait-images.ts";
import { type PortraitLooks, portraitLooksFromTags } from "../factories/portrait-traits.ts";
import { media } from "../schema/media.ts";
import { models, modelTags, tags } from "../schema/models.ts";

// The pass after the first start that draws every demo avatar not drawn yet (a visitor may have asked for some
// first: those files are read, not drawn again) and records its size and BlurHash, so lists show placeholders.
// One at a time, yielding between files, and one statement per batch: the site keeps answering meanwhile.
// Each face follows her tags (hair colour, skin) where she has them.

const BATCH = 16;

/**
 * Files drawn by an older drawing (another PORTRAIT_VERSION, or none recorded) are dropped with their BlurHashes,
 * so they are drawn again: an avatar from before and a snapshot from now would show two faces. Run at the start,
 * before the site answers (and again by the pass after it, a no-op then).
 */
export async function dropOutdatedPortraits(db: Database, mediaDir: string): Promise<void> {
  const folder = path.join(mediaDir, PORTRAIT_FOLDER);
  const marker = path.join(folder, "VERSION");
  const version = await readFile(marker, "utf8").catch(() => null);
  if (version?.trim() === PORTRAIT_VERSION) return;
  await rm(folder, { recursive: true, force: true });
  await db.execute(sql`update ${media} set blurhash = null where path like ${`${PORTRAIT_FOLDER}/%`}`);
  await db.execute(sql`update image_records set blurhash = null
    where media_id is null and url like ${`/media/${PORTRAIT_FOLDER}/%`}`);
  await mkdir(folder, { recursive: true });
  await writeFile(marker, `${PORTRAIT_VERSION}\n`);
}

/** Draws the demo portraits whose media rows have no BlurHash yet; returns how many rows it completed. */
export async function completeDemoPortraits(db: Database, mediaDir: string): Promise<number> {
  await dropOutdatedPortraits(db, mediaDir);
  const rows = await db
    .select({ id: media.id, path: media.path })
    .from(media)
    .where(and(like(media.path, `${PORTRAIT_FOLDER}/%`), isNull(media.blurhash)))
    .orderBy(media.id);
  let done = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const looks = await portraitLooksBySeed(
      db,
      batch.map((row) => row.path.split("/")[1] ?? ""),
    );
    const drawn: Array<{ id: number; size: number; blurhash: string }> = [];
    for (const row of batch) {
      const written = await ensurePortraitFile(mediaDir, row.path, looks.get(row.path.split("/")[1] ?? ""));
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

/** The looks her tags give each of these models (by slug); a model without such tags gets nulls. */
async function portraitLooksBySeed(
  db: Database,
  seeds: readonly string[],
): Promise<Map<string, PortraitLooks>> {
  const unique = [...new Set(seeds)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ slug: models.slug, tag: tags.name })
    .from(models)
    .innerJoin(modelTags, eq(modelTags.modelId, models.id))
    .innerJoin(tags, eq(tags.id, modelTags.tagId))
    .where(sql`${models.slug} = any(${sql.param(unique)}::text[])`)
    .orderBy(models.slug, tags.name);
  const bySeed = new Map<string, string[]>();
  for (const row of rows) bySeed.set(row.slug, [...(bySeed.get(row.slug) ?? []), row.tag]);
  return new Map(unique.map((seed) => [seed, portraitLooksFromTags(bySeed.get(seed) ?? [])]));
}

/**
 * The looks of the model a portrait seed names (her slug), or null when no model has it: only existing models'
 * portraits are drawn on request.
 */
export async function portraitLooksOf(db: Database, seed: string): Promise<PortraitLooks | null> {
  const [row] = await db.select({ id: models.id }).from(models).where(eq(models.slug, seed)).limit(1);
  if (!row) return null;
  return (await portraitLooksBySeed(db, [seed])).get(seed) ?? null;
}

/**
 * Records a just-drawn portrait snapshot's BlurHash on her live snapshots that show it (their address is the file's,
 * with a `?shot=` to tell the hours apart), so the next page that lists them shows its placeholder.
 */
export async function recordPortraitSnapshotBlurhash(
  db: Database,
  relative: string,
  blurhash: string,
): Promise<void> {
  const [folder, seed] = relative.split("/");
  if (folder !== PORTRAIT_FOLDER || !seed) return;
  await db.execute(sql`update image_records r set blurhash = ${blurhash}
    from ${models} m
    where m.slug = ${seed} and r.model_id = m.id and r.blurhash is null and r.media_id is null
      and split_part(r.url, '?', 1) = ${`/media/${relative}`}`);
}
