import type { Database } from "@camatlas/db";
import { ingestPoll } from "@camatlas/db/queries/stats-ingest";
import type { IngestPollBody, IngestResult } from "@camatlas/shared/stats/index";

/** The one ingestion path: HTTP polls, collectors, the simulator and the demo history all end here. */
export async function ingestBody(
  db: Database,
  body: IngestPollBody,
  maxGapSeconds: number,
): Promise<IngestResult> {
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
    { maxGapSeconds },
  );
  return {
    applied: outcome.applied,
    observations: outcome.observations,
    created_nicknames: outcome.createdNicknames,
    late: outcome.late,
  };
}
