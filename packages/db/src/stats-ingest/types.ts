import type { CountedInterval } from "@camatlas/shared/stats";
import type { IngestCache } from "./cache.ts";

export interface IngestObservationInput {
  nickname: string;
  status: number;
  viewers?: number | null | undefined;
  camscore?: number | null | undefined;
  rank?: number | null | undefined;
  topic?: string | null | undefined;
  snapshotUrl?: string | null | undefined;
}

export interface IngestPollInput {
  camSiteId: number;
  /** Epoch seconds; fractions are dropped so every sum is a whole number of seconds. */
  observedAt: number;
  complete: boolean;
  observations: readonly IngestObservationInput[];
}

export interface IngestOptions {
  maxGapSeconds: number;
  /** What ingestion keeps in memory between polls (createIngestCache); defaultIngestCache when absent. */
  cache?: IngestCache | undefined;
}

export interface IngestOutcome {
  applied: boolean;
  observations: number;
  createdNicknames: number;
  late: boolean;
}

/** A counted interval one poll changes: as it was (null: none yet) and as it is now (null: it no longer counts). */
export interface IntervalChange {
  id: number;
  old: CountedInterval | null;
  next: CountedInterval | null;
}

/** One of the poll's own points: its nickname, the seconds it counts and what was observed. */
export interface NewPoint {
  id: number;
  seconds: number;
  observation: IngestObservationInput;
}
