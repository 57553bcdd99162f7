import { z } from "zod";
import { isActivityStatusId } from "../activity-statuses.ts";
import { isCamsiteId } from "../camsites.ts";

/** A poll may list at most this many observations; a bigger batch is refused whole (413). */
export const INGEST_MAX_OBSERVATIONS = 10_000;
/** Request bodies above this size are refused whole (413). */
export const INGEST_MAX_BODY_BYTES = 5 * 1024 * 1024;
/** A poll stamped further ahead of the server clock than this is refused (422). */
export const INGEST_MAX_FUTURE_SECONDS = 60;

export const ingestObservationSchema = z.object({
  nickname: z.string().trim().min(1).max(100),
  status: z
    .number()
    .int()
    .refine((id) => isActivityStatusId(id), "Unknown activity status id."),
  viewers: z.number().int().min(0).max(10_000_000).nullish(),
  camscore: z.number().min(0).max(1_000_000_000).nullish(),
  rank: z.number().int().min(0).max(10_000_000).nullish(),
  topic: z.string().max(1000).nullish(),
  snapshot_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullish(),
});

/** A poll may report at most this many renames. */
export const INGEST_MAX_RENAMES = 1000;

/** A performer of the camsite seen under a new name (only feeds with a stable performer id can tell). Applied before
 * the poll's observations: the stats nickname `from` takes the name `to`, with her history, and keeps `from` as a
 * past nickname. A change of letter case only updates the spelling. */
export const ingestRenameSchema = z
  .object({
    from: z.string().trim().min(1).max(100),
    to: z.string().trim().min(1).max(100),
    /** When the collector saw the new name. */
    at: z.iso.datetime({ offset: true }),
  })
  .refine((r) => r.from !== r.to, { message: "from and to are the same name.", path: ["to"] });

/** POST /api/ingest/observations: one camsite poll (issue 6 ingestion contract). */
export const ingestPollSchema = z.object({
  cam_site_id: z
    .number()
    .int()
    .refine((id) => isCamsiteId(id), "Unknown camsite id."),
  observed_at: z.iso.datetime({ offset: true }),
  complete: z.boolean(),
  observations: z.array(ingestObservationSchema).max(INGEST_MAX_OBSERVATIONS),
  renames: z.array(ingestRenameSchema).max(INGEST_MAX_RENAMES).optional(),
});

export type IngestObservation = z.infer<typeof ingestObservationSchema>;
export type IngestRename = z.infer<typeof ingestRenameSchema>;
export type IngestPollBody = z.infer<typeof ingestPollSchema>;

export const ingestResultSchema = z.object({
  /** False when the same camsite poll (same observed_at) was already applied: a replay changes nothing. */
  applied: z.boolean(),
  observations: z.number().int(),
  created_nicknames: z.number().int(),
  /** True when a later poll of the camsite was already stored (the window was re-derived). */
  late: z.boolean(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** Texts of the ingestion endpoint's refusals (an API for collectors, not a page). */
export const INGEST_MESSAGES = {
  badToken: "A valid ingest token is required.",
  tooLarge: "The batch is too large: at most 10,000 observations and 5 MB per poll.",
  future: "observed_at is more than 60 seconds in the future.",
  renameFuture: "A rename's at is more than 60 seconds in the future.",
  tooOld: "observed_at is older than the late-poll window.",
} as const;

/** Polls older than this (days before now) are refused: their neighbours may be pruned already. */
export const INGEST_MAX_AGE_DAYS = 30;
