import { claimStalledCollectors, type Database, listAdminUserIds, notifyUser } from "@camatlas/db";
import { collectorStalledNotice } from "@camatlas/shared/stats";
import { STALL_INTERVALS, STALL_MINIMUM_SECONDS } from "../collector-health/presenter.ts";

/** The notification type admins get when a collector stalls. */
export const COLLECTOR_STALLED = "collector_stalled";

/**
 * Tells every admin about each collector that stored no poll for five intervals (ten minutes at least), once per
 * stall (its next stored poll clears the mark). Only collectors that ran since `since` (this worker's start) count.
 */
export async function notifyStalledCollectors(db: Database, now: number, since: number): Promise<string[]> {
  const stalled = await claimStalledCollectors(db, {
    now,
    since,
    stallFactor: STALL_INTERVALS,
    minimumSeconds: STALL_MINIMUM_SECONDS,
  });
  if (stalled.length === 0) return [];
  const admins = await listAdminUserIds(db);
  for (const collector of stalled) {
    const notice = collectorStalledNotice(collector.camSiteName, Math.round(collector.silentSeconds / 60));
    for (const admin of admins)
      await notifyUser(db, admin, COLLECTOR_STALLED, { ...notice, url: "/admin/collectors" });
  }
  return stalled.map((c) => c.name);
}
