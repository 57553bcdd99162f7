import type { IngestObservationInput, NicknameRename } from "@camatlas/db";

/** One camsite poll in the ingestion contract's shape, ready for ingestPoll (or POST /api/ingest/observations). */
export interface CollectedPoll {
  camSiteId: number;
  /** Epoch seconds. */
  observedAt: number;
  /** True only when the feed listed every online model of the camsite: every page read, nothing skipped, every
   * listed status understood. An incomplete poll sets the statuses of those it lists and ends nobody. */
  complete: boolean;
  /** Why the poll is incomplete (shown on the collectors' health table); absent when complete. */
  incompleteReason?: string | undefined;
  observations: IngestObservationInput[];
  /** Earlier moments the feed dated itself (a session's start from Chaturbate's seconds_online, a state change
   * MyFreeCams pushed between polls): incomplete polls stored before this one, oldest first. */
  earlier?: Array<{ observedAt: number; observations: IngestObservationInput[] }> | undefined;
  /** The camsite asked us to wait (Retry-After, or our back-off after a 403/429): seconds before the next request. */
  retryAfterSeconds?: number | undefined;
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

  /** Notes a rename the feed stated itself (a model asked under her old name answering with her new one). */
  renamed(from: string, to: string, at: number, key?: K): void {
    if (key !== undefined) this.names.set(key, to);
    if (from !== to) this.pending.push({ from, to, at });
  }

  /** The renames noted since the last call. */
  take(): NicknameRename[] {
    const renames = this.pending;
    this.pending = [];
    return renames;
  }
}

/** What a camsite's feed can tell (the admin's health table and the coverage note show it). */
export interface FeedCapabilities {
  /** Every online model, not a sample: complete polls are possible. */
  wholeSite: boolean;
  /** Paged (how), or one answer. */
  paging: "offset" | "page" | "none" | "push";
  viewers: boolean;
  topic: boolean;
  snapshots: boolean;
  camscore: boolean;
  /** A stable performer id, so renames are seen. */
  renames: boolean;
  /** The feed dates a session's start or a show change itself (not only at the poll that sees it). */
  datedChanges: boolean;
  /** Shows beyond free chat (private, group, ticket shows). */
  shows: boolean;
  /** Needs a key or affiliate account set in the settings. */
  keyed: boolean;
}

/** An adapter turning one camsite's public feed into polls. */
export interface Collector {
  readonly name: string;
  readonly camSiteId: number;
  /** Absent for the simulator (no feed). */
  readonly capabilities?: FeedCapabilities;
  /** Seconds between polls of this camsite (its schedule; the worker adds jitter and back-off). */
  readonly intervalSeconds: number;
  /** Reads the feed once; null when there is nothing to report yet (e.g. a socket still loading its model list). */
  collect(signal: AbortSignal): Promise<CollectedPoll | null>;
  close?(): void;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
