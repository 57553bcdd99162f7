import { z } from "zod";
import { endpoint } from "./endpoint.ts";

// The camsite collectors' health, as the worker recorded their runs: the admin's table (/admin/collectors) and a
// summary in GET /health.

const when = z.iso.datetime().nullable();
const count = z.number().int().nonnegative();

/**
 * A collector's state now: `ok` (its last poll was stored and complete), `incomplete` (stored, but it did not list
 * every online model: statuses set, nobody ended), `waiting` (running, nothing to report yet: a socket loading its
 * list), `failing` (its last runs failed), `stalled` (no poll stored for five intervals, ten minutes at least).
 */
export const collectorStates = ["ok", "incomplete", "waiting", "failing", "stalled"] as const;
export type CollectorState = (typeof collectorStates)[number];

export const collectorHealthItem = z.object({
  cam_site: z.object({ id: z.number().int().positive(), name: z.string(), slug: z.string() }),
  collector: z.string(),
  state: z.enum(collectorStates),
  interval_seconds: count,
  /** The newest poll stored for the camsite. */
  last_poll_at: when,
  last_attempt_at: when,
  /** The last poll this collector stored. */
  last_success_at: when,
  complete: z.boolean().nullable(),
  incomplete_reason: z.string().nullable(),
  online_count: count.nullable(),
  consecutive_failures: count,
  last_error: z.string().nullable(),
  last_error_at: when,
  next_poll_at: when,
  /** Seconds since the last stored poll (null: none yet). */
  lag_seconds: count.nullable(),
});
export type CollectorHealthItem = z.output<typeof collectorHealthItem>;

export const adminCollectorsReply = z.object({
  collectors: z.array(collectorHealthItem),
  checked_at: z.iso.datetime(),
});
export type AdminCollectorsReply = z.output<typeof adminCollectorsReply>;

/** GET /health's line on the collectors: how many are in each state. */
export const collectorsSummary = z.object({
  total: count,
  ok: count,
  incomplete: count,
  waiting: count,
  failing: count,
  stalled: count,
});
export type CollectorsSummary = z.output<typeof collectorsSummary>;

export const collectorEndpoints = {
  adminList: endpoint({ method: "get", path: "/admin/collectors", reply: adminCollectorsReply }),
};
