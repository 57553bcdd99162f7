import { OFFLINE_STATUS_ID } from "@camatlas/shared";
import { isOnlineStatus } from "@camatlas/shared/stats";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { queueAlertEvents } from "../queries/alerts.ts";
import type { PollContext } from "./polls.ts";
import { intArray, rowsOf, ts } from "./sql-values.ts";
import type { IngestObservationInput, IngestPollInput } from "./types.ts";

// What a poll says about now: each nickname's current status, last seen and last activity, her model's last
// activity, and the camsite's last poll.

/** last_seen_at and last_activity_at may lag the newest poll by this much (they move at once on a status change). */
export const LAST_SEEN_RESOLUTION_SECONDS = 300;

/** Current status, last seen and last activity follow the newest poll that speaks about each nickname. */
export async function updateCurrentState(
  tx: Database,
  poll: IngestPollInput,
  t: number,
  ids: readonly number[],
  observations: readonly IngestObservationInput[],
  context: PollContext,
) {
  const online = ids.filter((_, i) => isOnlineStatus(observations[i]?.status ?? OFFLINE_STATUS_ID));
  const statuses = intArray(observations.map((o) => o.status));
  if (!context.late) {
    // The newest poll: its statuses are current. last_seen_at and last_activity_at move on a status change or when
    // they lag by LAST_SEEN_RESOLUTION, so a busy camsite does not rewrite every nickname row (and its indexes) per poll.
    const stale = ts(t - LAST_SEEN_RESOLUTION_SECONDS);
    // Followed models' status changes go to the alert queue before the new statuses overwrite the old (decision 0033).
    if (ids.length > 0) await queueAlertEvents(tx, ts(t), intArray(ids), statuses);
    if (ids.length > 0)
      await tx.execute(sql`
      update nicknames n set activity_status_id = u.status, last_seen_at = ${ts(t)},
        last_activity_at = case when u.status <> ${OFFLINE_STATUS_ID} then ${ts(t)} else n.last_activity_at end,
        has_stats = true
      from unnest(${intArray(ids)}, ${statuses}) as u(id, status)
      where n.id = u.id and (n.activity_status_id <> u.status or n.last_seen_at is null or n.last_seen_at < ${stale}
        or not n.has_stats or (u.status <> ${OFFLINE_STATUS_ID} and (n.last_activity_at is null or n.last_activity_at < ${stale})))`);
    if (poll.complete)
      await tx.execute(sql`
        update nicknames set activity_status_id = ${OFFLINE_STATUS_ID}
        where cam_site_id = ${poll.camSiteId} and activity_status_id <> ${OFFLINE_STATUS_ID}
          and not (id = any(${intArray(ids)}))`);
  } else if (ids.length > 0) {
    // A late poll sets a status only for nicknames nothing later speaks about.
    const later = new Set(
      rowsOf<{ id: number }>(
        await tx.execute(sql`
          select distinct nickname_id as id from nickname_activities
          where nickname_id = any(${intArray(ids)}) and started_at > ${ts(t)}`),
      ).map((r) => Number(r.id)),
    );
    const current = ids.map((id) => context.nextCompleteAt === undefined && !later.has(id));
    await tx.execute(sql`
      update nicknames n set activity_status_id = case when u.current then u.status else n.activity_status_id end,
        last_seen_at = greatest(n.last_seen_at, ${ts(t)}),
        last_activity_at = case when u.status <> ${OFFLINE_STATUS_ID}
          then greatest(n.last_activity_at, ${ts(t)}) else n.last_activity_at end,
        has_stats = true
      from unnest(${intArray(ids)}, ${statuses}, ${sql.param(current)}::boolean[]) as u(id, status, current)
      where n.id = u.id`);
  }
  if (online.length > 0)
    await tx.execute(sql`
      update models m set last_activity_at = ${ts(t)}
      where m.id in (select model_id from nicknames where id = any(${intArray(online)}) and model_id is not null)
        and (m.last_activity_at is null or m.last_activity_at < ${ts(t - LAST_SEEN_RESOLUTION_SECONDS)})`);
  await tx.execute(sql`
    insert into cam_site_collectors (cam_site_id, last_poll_at, tracked_since, status)
    values (${poll.camSiteId}, ${ts(t)}, ${ts(t)}, 'ok')
    on conflict (cam_site_id) do update set last_poll_at = greatest(cam_site_collectors.last_poll_at, excluded.last_poll_at),
      tracked_since = least(cam_site_collectors.tracked_since, excluded.tracked_since)`);
}
