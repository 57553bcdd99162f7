import { applyNicknameRenames, ingestPoll } from "@camatlas/db";
import type { IngestPollBody, IngestResult } from "@camatlas/shared/stats";
import type { ApiDeps } from "../../app-env.ts";

/** The HTTP ingestion path (POST /api/ingest/observations): the body's renames, then its poll. The worker's
 * collectors (storeCollectedPoll) and the simulator call ingestPoll themselves; the demo history is written in bulk
 * by ingestPollSeries (same arithmetic; poll by poll through ingestPoll where it meets stored polls). */
export async function ingestBody(
  deps: Pick<ApiDeps, "db" | "env" | "caches">,
  body: IngestPollBody,
): Promise<IngestResult> {
  const { db, caches } = deps;
  // Renames first, so the poll's observations find a renamed performer under her new name. Applying them again (a
  // resent poll) changes nothing, so a poll that fails after them can simply be sent again.
  const renames = (body.renames ?? []).map((r) => ({
    from: r.from,
    to: r.to,
    at: Math.floor(Date.parse(r.at) / 1000),
  }));
  await applyNicknameRenames(db, body.cam_site_id, renames, caches.ingest);
  const outcome = await ingestPoll(
    db,
    {
      camSiteId: body.cam_site_id,
      observedAt: Math.floor(Date.parse(body.observed_at) / 1000),
      complete: body.complete,
      observations: body.observations.map((o) => ({
        nickname: o.nickname,
        status: o.status,
        viewers: o.viewers,
        camscore: o.camscore,
        rank: o.rank,
        topic: o.topic,
        snapshotUrl: o.snapshot_url,
      })),
    },
    { maxGapSeconds: deps.env.STATS_MAX_GAP, cache: caches.ingest },
  );
  return {
    applied: outcome.applied,
    observations: outcome.observations,
    created_nicknames: outcome.createdNicknames,
    late: outcome.late,
  };
}
