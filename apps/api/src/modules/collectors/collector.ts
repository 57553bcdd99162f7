import type { IngestObservationInput, NicknameRename } from "@camatlas/db";

/** One camsite poll in the ingestion contract's shape, ready for ingestPoll (or POST /api/ingest/observations). */
export interface CollectedPoll {
  camSiteId: number;
  /** Epoch seconds. */
  observedAt: number;
  /** True only when the feed listed every online model of the camsite (every page read). */
  complete: boolean;
  observations: IngestObservationInput[];
  /** Renames seen since the last poll, oldest first; applied before the observations
   * (packages/db/src/stats-ingest/renames.ts). Only feeds with a stable performer id can see one (MyFreeCams uid,
   * Stripchat id; Chaturbate has none). */
  renames?: NicknameRename[];
}

/** Remembers the last name of each stable performer id (per process) and notes every change as a rename. */
export class RenameTracker<K> {
  private readonly names = new Map<K, string>();
  private pending: NicknameRename[] = [];

  /** Records `name` for `key`; a different spelling than the last one seen is a rename (case-only included: the
   * site then shows her new spelling; renames.ts keeps it as a spelling fix, not a past nickname). */
  see(key: K, name: string, at: number): void {
    const last = this.names.get(key);
    this.names.set(key, name);
    if (last !== undefined && last !== name) this.pending.push({ from: last, to: name, at });
  }

  /** The renames noted since the last call. */
  take(): NicknameRename[] {
    const renames = this.pending;
    this.pending = [];
    return renames;
  }
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
