import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { nextUniqueToken } from "./factory-sequence.ts";

export type NewMedia = typeof media.$inferInsert;
export type MediaRow = typeof media.$inferSelect;

/**
 * A media row; `path` is relative to the media folder (`avatars/x.webp` is served at `/media/avatars/x.webp`).
 * The file itself is the caller's business (see portrait-images.ts).
 */
export function buildMedia(overrides: Partial<NewMedia> & { path: string }): NewMedia {
  return {
    kind: "avatar",
    name: overrides.path.split("/").pop() ?? overrides.path,
    mimeType: "image/webp",
    size: 0,
    width: 256,
    height: 256,
    meta: { type: "image" },
    ...overrides,
  };
}

/** Inserts one media row (an avatar webp unless told otherwise); no file is written. */
export async function createMedia(db: Database, overrides: Partial<NewMedia> = {}): Promise<MediaRow> {
  const path = overrides.path ?? `avatars/test-${nextUniqueToken()}.webp`;
  const [row] = await db
    .insert(media)
    .values(buildMedia({ ...overrides, path }))
    .returning();
  return row!;
}
