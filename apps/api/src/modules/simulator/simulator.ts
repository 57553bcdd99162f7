import type { Database } from "@camatlas/db";
import { ingestPoll } from "@camatlas/db/queries/stats-ingest";
import { sql } from "drizzle-orm";
import type { CollectedPoll, Collector } from "../collectors/collector.ts";
import { nowSeconds } from "../collectors/collector.ts";
import { simulatedState } from "./schedule.ts";

export interface SimulatedNickname {
  camSiteId: number;
  nickname: string;
}

/** Complete polls of every camsite the simulated nicknames are on, at one second. */
export function simulatedPolls(nicknames: readonly SimulatedNickname[], at: number): CollectedPoll[] {
  const byCamsite = new Map<number, CollectedPoll>();
  for (const n of nicknames) {
    const poll = byCamsite.get(n.camSiteId) ?? {
      camSiteId: n.camSiteId,
      observedAt: at,
      complete: true,
      observations: [],
    };
    byCamsite.set(n.camSiteId, poll);
    const state = simulatedState(n.nickname, n.camSiteId, at);
    if (!state) continue;
    poll.observations.push({
      nickname: n.nickname,
      status: state.status,
      viewers: state.viewers,
      camscore: state.camscore,
      rank: state.rank,
      topic: state.topic,
    });
  }
  return [...byCamsite.values()];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The demo models' nicknames (those bound to a model), optionally only on some camsites and only the first few. */
export async function loadDemoNicknames(
  db: Database,
  options: { camSiteIds?: readonly number[]; limitPerCamsite?: number } = {},
): Promise<SimulatedNickname[]> {
  const rows = rowsOf<{ cam_site_id: number; nickname: string }>(
    await db.execute(sql`
      select cam_site_id, nickname from (
        select cam_site_id, nickname, row_number() over (partition by cam_site_id order by id) as n
        from nicknames where model_id is not null and deleted_at is null
          ${options.camSiteIds ? sql`and cam_site_id = any(${sql.param([...options.camSiteIds])}::int[])` : sql``}
      ) ranked
      where n <= ${options.limitPerCamsite ?? 1_000_000}
      order by cam_site_id, nickname`),
  );
  return rows.map((r) => ({ camSiteId: Number(r.cam_site_id), nickname: r.nickname }));
}

/** The simulator as a collector of many camsites: each collect() posts one complete poll per camsite. */
export function createSimulatorCollector(
  db: Database,
  options: { maxGapSeconds: number; intervalSeconds?: number },
): Collector {
  let nicknames: SimulatedNickname[] | null = null;
  return {
    name: "simulator",
    camSiteId: 0,
    intervalSeconds: options.intervalSeconds ?? 60,
    async collect() {
      nicknames ??= await loadDemoNicknames(db);
      const at = nowSeconds();
      // Posts through the ingestion path itself, so the collector loop has nothing left to send.
      for (const poll of simulatedPolls(nicknames, at))
        await ingestPoll(db, poll, { maxGapSeconds: options.maxGapSeconds });
      return null;
    },
  };
}
