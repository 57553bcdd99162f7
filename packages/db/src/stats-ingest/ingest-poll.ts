import type { Database } from "../client.ts";
import { ensureActivityPartitions } from "../queries/stats-partitions.ts";
import {
  type CommittedPoll,
  databaseIngestCache,
  defaultIngestCache,
  forgetFailedPoll,
  rememberCommittedPoll,
} from "./cache.ts";
import { extendCoverage, mergeCoverage } from "./coverage.ts";
import { updateCurrentState } from "./current-state.ts";
import { applyDailyRollups } from "./daily-rollups.ts";
import { dedupe, resolveNicknames } from "./nicknames.ts";
import { endPreviousPoints, onlinePointsOf, writeNewPoints } from "./points.ts";
import { lockCamsite, pollContext, recordPoll } from "./polls.ts";
import { applySessions } from "./sessions.ts";
import { recordTopicsAndSnapshots } from "./topics-and-snapshots.ts";
import type { IngestOptions, IngestOutcome, IngestPollInput } from "./types.ts";

// Ingestion of one camsite poll (issue 6, docs/decisions/0002-stats-ingestion.md). Every poll, in order or late,
// runs the same steps: store the poll's points, re-derive the intervals it touches (its nicknames' previous points
// within STATS_MAX_GAP and their own ends), and apply the difference to sessions and daily rollups.

/** Applies one poll in one transaction; a poll already stored for that camsite and time changes nothing. */
export async function ingestPoll(
  db: Database,
  poll: IngestPollInput,
  options: IngestOptions,
): Promise<IngestOutcome> {
  const t = Math.floor(poll.observedAt);
  const G = options.maxGapSeconds;
  const deduped = dedupe(poll.observations);
  await ensureActivityPartitions(db, [t]);
  const cached = databaseIngestCache(options.cache ?? defaultIngestCache, db);
  let committed: CommittedPoll | undefined;
  const outcome = await db
    .transaction(async (tx) => {
      const xid = await lockCamsite(tx, poll.camSiteId);
      if (!(await recordPoll(tx, poll, t, deduped.length)))
        return { applied: false, observations: 0, createdNicknames: 0, late: false };
      const nicknames = await resolveNicknames(tx, poll.camSiteId, t, deduped, cached.nicknames);
      const { ids, observations } = nicknames;
      const context = await pollContext(tx, poll.camSiteId, t, G);
      // The camsite was polled at t: its coverage span grows (a late poll may join two spans).
      if (context.late) await mergeCoverage(tx, poll.camSiteId, t, t, G);
      else await extendCoverage(tx, poll.camSiteId, t, G);
      const known = cached.lastPoints.get(poll.camSiteId);
      const changes = await endPreviousPoints(tx, poll, t, ids, context, known, G);
      const newRows = await writeNewPoints(tx, t, ids, observations, context, G, changes);
      const open = context.late ? undefined : (cached.openSessions.get(poll.camSiteId) ?? new Map());
      const sessionChanges = await applySessions(tx, changes, open);
      const lastDaily = cached.daily.get(poll.camSiteId);
      const daily = await applyDailyRollups(
        tx,
        poll.camSiteId,
        t,
        changes,
        newRows,
        sessionChanges,
        lastDaily,
        xid,
      );
      await updateCurrentState(tx, poll, t, ids, observations, context);
      await recordTopicsAndSnapshots(tx, poll.camSiteId, t, ids, observations);
      committed = {
        camSiteId: poll.camSiteId,
        observations,
        ids,
        daily,
        openSessions: sessionChanges.open,
        points: context.late ? undefined : onlinePointsOf(t, xid, newRows),
      };
      return {
        applied: true,
        observations: observations.length,
        createdNicknames: nicknames.created,
        late: context.late,
      };
    })
    .catch((error: unknown) => {
      forgetFailedPoll(cached, poll.camSiteId);
      throw error;
    });
  if (committed) rememberCommittedPoll(cached, committed);
  return outcome;
}
