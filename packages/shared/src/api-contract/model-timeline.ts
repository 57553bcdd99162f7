import { z } from "zod";
import { queryInt } from "../schemas/list-query.ts";
import { STATS_GRAPH_DETAILS } from "../schemas/stats.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { timeZoneSchema } from "./follows.ts";

// A model's merged timeline (issue 20): every nickname of hers on every camsite on one time axis, a row per camsite,
// with totals across sites, for the Stats tab of her page. Days are the viewer's days (time_zone).

/** The ranges the Stats tab offers, in days ending today (the viewer's today). */
export const MODEL_TIMELINE_DAYS = [1, 7, 30] as const;
export const MODEL_TIMELINE_DEFAULT_DAYS = 7;

export const modelTimelineQuerySchema = z.object({
  days: queryInt()
    .pipe(
      z
        .number()
        .int()
        .refine((d) => (MODEL_TIMELINE_DAYS as readonly number[]).includes(d), {
          message: `Choose ${MODEL_TIMELINE_DAYS.join(", ")} days.`,
        }),
    )
    .default(MODEL_TIMELINE_DEFAULT_DAYS),
  /** The viewer's IANA time zone; days start at midnight there. UTC when left out. */
  time_zone: timeZoneSchema.default("UTC"),
});

/** One stretch of one status on one camsite; status_id null when she shows only her total time online. */
export const timelineSpanSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  status_id: z.number().int().nullable(),
});
export type TimelineSpan = z.output<typeof timelineSpanSchema>;

export const timelineCamsiteSchema = z.object({
  cam_site: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /** Her nicknames there (a camsite where she has several shows them all in one row). */
  nicknames: z.array(z.string()),
  /** Seconds online on this camsite within the range. */
  online_seconds: z.number().int(),
  spans: z.array(timelineSpanSchema),
});
export type TimelineCamsite = z.output<typeof timelineCamsiteSchema>;

export const modelTimelineReplySchema = z.object({
  time_zone: z.string(),
  days: z.number().int(),
  /** Midnight of the first day in time_zone, and now. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Her graph setting as it binds the caller: show types, only the time online, or no timeline at all. */
  graph: z.enum(STATS_GRAPH_DETAILS),
  camsites: z.array(timelineCamsiteSchema),
  /**
   * Across sites she is one person: time online counts an hour on two camsites at once once, a session is a run of
   * being online anywhere, and a day is active when she was online on any camsite during it (the viewer's day).
   */
  totals: z.object({
    online_seconds: z.number().int(),
    sessions: z.number().int(),
    days_active: z.number().int(),
    longest_session_seconds: z.number().int(),
  }),
});
export type ModelTimelineReply = z.output<typeof modelTimelineReplySchema>;

export const modelTimelineEndpoints = {
  /** Her timeline and totals across camsites; the model page's visibility decides (404, or 401 for guests). */
  timeline: endpoint({
    method: "get",
    path: "/models/{id}/timeline",
    params: idParams,
    query: modelTimelineQuerySchema,
    reply: modelTimelineReplySchema,
  }),
};
