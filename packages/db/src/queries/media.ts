import { and, count, eq, inArray, isNull, like, not } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";

export type NewMediaRow = typeof media.$inferInsert;
export type StoredMediaRow = typeof media.$inferSelect;
export type MediaKind = NonNullable<NewMediaRow["kind"]>;

export async function insertMedia(db: Database, row: NewMediaRow): Promise<StoredMediaRow> {
  const [inserted] = await db.insert(media).values(row).returning();
  return inserted!;
}

export async function findMediaById(db: Database, id: number): Promise<StoredMediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), isNull(media.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The BlurHashes of the stored files at these storage paths (those that have one), by path. */
export async function findMediaBlurhashesByPaths(
  db: Database,
  paths: readonly string[],
): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const rows = await db
    .select({ path: media.path, blurhash: media.blurhash })
    .from(media)
    .where(and(inArray(media.path, [...paths]), isNull(media.deletedAt)));
  return new Map(rows.flatMap((row) => (row.blurhash ? [[row.path, row.blurhash] as const] : [])));
}

/**
 * Removes a media row for good (references to it are cleared by their foreign keys) and tells whether another
 * row still points at the same stored file, so the caller deletes the file only when nothing uses it.
 */
export async function deleteMedia(
  db: Database,
  id: number,
): Promise<{ path: string; fileShared: boolean } | null> {
  const [row] = await db.delete(media).where(eq(media.id, id)).returning({ path: media.path });
  if (!row) return null;
  const [others] = await db.select({ n: count() }).from(media).where(eq(media.path, row.path));
  return { path: row.path, fileShared: Number(others?.n ?? 0) > 0 };
}

/**
 * What the media-reference rule needs of a row: its owner, kind and processing status (a presigned upload whose
 * file has not been received reads "Uploading"); null when missing or deleted.
 */
export async function findMediaOwnership(
  db: Database,
  id: number,
): Promise<{ id: number; userId: number | null; kind: MediaKind; processingStatus: string | null } | null> {
  const [row] = await db
    .select({
      id: media.id,
      userId: media.userId,
      kind: media.kind,
      processingStatus: media.processingStatus,
    })
    .from(media)
    .where(and(eq(media.id, id), isNull(media.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Rows of the given kinds whose file key does not start with the prefix (private files stored before it existed). */
export async function listMediaOutsidePrefix(db: Database, kinds: readonly MediaKind[], prefix: string) {
  return db
    .select({ id: media.id, path: media.path })
    .from(media)
    .where(and(inArray(media.kind, [...kinds]), not(like(media.path, `${prefix}%`))));
}

export async function updateMediaPath(db: Database, id: number, path: string): Promise<void> {
  await db.update(media).set({ path, updatedAt: new Date() }).where(eq(media.id, id));
}
