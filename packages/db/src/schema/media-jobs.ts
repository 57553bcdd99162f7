import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.ts";
import { media } from "./media.ts";

/** States of a media job: a queued or running job is due again once its lease lapses (a worker died). */
export const MEDIA_JOB_STATES = ["queued", "running", "complete", "error"] as const;
export type MediaJobState = (typeof MEDIA_JOB_STATES)[number];

/**
 * The durable queue of media work (video transcodes), on both engines (decision 0022): a worker claims a due job
 * with FOR UPDATE SKIP LOCKED and a lease it renews while working; a failed attempt is retried with back-off until
 * `maxAttempts`, then the job ends in `error`. Enqueued in the same transaction as its media row.
 */
export const mediaJobs = pgTable(
  "media_jobs",
  {
    id: id(),
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    kind: varchar({ length: 32 }).notNull().default("transcode"),
    state: text({ enum: MEDIA_JOB_STATES }).notNull().default("queued"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    ...timestamps,
  },
  (t) => [
    index("media_jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    index("media_jobs_media_idx").on(t.mediaId),
  ],
);
