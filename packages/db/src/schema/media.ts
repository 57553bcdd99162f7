import { MEDIA_KINDS } from "@camatlas/shared";
import { index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, softDelete, timestamps } from "./columns.ts";

/**
 * Uploaded or generated files (spec §3 Media: id, link, name, meta {type, duration}).
 * `path` is the storage key; the public link is derived from the storage driver.
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    kind: text({ enum: MEDIA_KINDS }).notNull().default("other"),
    path: varchar({ length: 512 }).notNull(),
    name: varchar({ length: 255 }).notNull(),
    mimeType: varchar({ length: 100 }).notNull(),
    size: integer().notNull().default(0),
    width: integer(),
    height: integer(),
    blurhash: varchar({ length: 64 }),
    /** Video processing status (spec §4): Complete and Error mean finished. */
    processingStatus: varchar({ length: 32 }),
    // poster: storage key of a processed video's poster frame.
    meta: jsonb().$type<{ type?: string; duration?: number; poster?: string }>().notNull().default({}),
    userId: integer(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index("media_user_id_idx").on(t.userId), index("media_kind_idx").on(t.kind)],
);
