import type { IngestObservationInput } from "@camatlas/db/queries/stats-ingest";

/** One camsite poll in the ingestion contract's shape, ready for ingestPoll (or POST /api/ingest/observations). */
export interface CollectedPoll {
  camSiteId: number;
  /** Epoch seconds. */
  observedAt: number;
  /** True only when the feed listed every online model of the camsite (every page read). */
  complete: boolean;
  observations: IngestObservationInput[];
}

/** An adapter turning one camsite's public feed into polls. */
export interface Collector {
  readonly name: string;
  readonly camSiteId: number;
  /** Seconds between polls of this camsite. */
  readonly intervalSeconds: number;
  /** Reads the feed once; null when there is nothing to report yet (e.g. a socket still loading its model list). */
  collect(signal: AbortSignal): Promise<CollectedPoll | null>;
  close?(): void;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
