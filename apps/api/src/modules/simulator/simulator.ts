import type { Database } from "@camatlas/db";
import { ingestPoll, listModelNicknamesPerCamsite } from "@camatlas/db";
import type { CollectedPoll, Collector } from "../collectors/collector.ts";
import { nowSeconds } from "../collectors/collector.ts";
import { simulatedSnapshotUrl, simulatedState } from "./schedule.ts";

export interface SimulatedNickname {
  camSiteId: number;
  nickname: string;
  /** Her model's slug: the seed of her portrait, which her snapshots show. */
  modelSlug: string;
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
      snapshotUrl: simulatedSnapshotUrl(n.nickname, n.camSiteId, at, state, n.modelSlug),
    });
  }
  return [...byCamsite.values()];
}

/** The demo models' nicknames (those bound to a model), optionally only on some camsites and only the first few. */
export async function loadDemoNicknames(
  db: Database,
  options: { camSiteIds?: readonly number[]; limitPerCamsite?: number } = {},
): Promise<SimulatedNickname[]> {
  return listModelNicknamesPerCamsite(db, options);
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
