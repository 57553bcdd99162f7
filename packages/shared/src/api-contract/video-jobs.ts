import { z } from "zod";
import { queryInt } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// The admins' view of the video processing queue (/admin/video-jobs): what waits, runs, finished or failed, why, and a
// retry for a failed job (decision 0022).

export const VIDEO_JOB_STATES = ["queued", "running", "complete", "error"] as const;
export type VideoJobState = (typeof VIDEO_JOB_STATES)[number];

export const videoJobItem = z.object({
  id: z.number().int(),
  state: z.enum(VIDEO_JOB_STATES),
  attempts: z.number().int().nonnegative(),
  max_attempts: z.number().int().positive(),
  /** The last failure's text (ffmpeg's last lines). */
  last_error: z.string().nullable(),
  /** When it is due (a retry's back-off), or ran last. */
  run_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  media: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.string(),
    processing_status: z.string().nullable(),
    duration: z.number().nullable(),
    size: z.number().int().nonnegative(),
  }),
  uploader: z.object({ id: z.number().int(), nick_name: z.string() }).nullable(),
});
export type VideoJobItem = z.output<typeof videoJobItem>;

export const videoJobCounts = z.object({
  queued: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  complete: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
});

export const videoJobListQuery = z.object({
  state: z.enum(VIDEO_JOB_STATES).optional(),
  page: queryInt().pipe(z.number().int().min(1)).default(1),
});

export const videoJobEndpoints = {
  /** Admins: the queue, newest first (25 a page), with the count of each state. */
  adminList: endpoint({
    method: "get",
    path: "/admin/video-jobs",
    query: videoJobListQuery,
    reply: pageEnvelope(videoJobItem, z.object({ counts: videoJobCounts })),
  }),
  /** Admins: queue a failed job again (attempts from zero); 422 unless it ended in error. */
  retry: endpoint({
    method: "post",
    path: "/admin/video-jobs/{id}/retry",
    params: idParams,
    reply: messageReply,
  }),
};
