import {
  type Database,
  maxModelId,
  NameIndex,
  type NamePairs,
  pruneSearchChanges,
  readModelBlocks,
  readModelSearchFactsOfModels,
  readModelSearchFactsOfRange,
  readSearchChanges,
  readSearchNamesOfModelRange,
  readSearchNamesOfModels,
  searchChangesHorizon,
} from "@camatlas/db";
import type { Logger } from "pino";
import { VisibilityFacts } from "./visibility-facts.ts";

/** The name index and the visibility facts of one moment, caught up with the change log. */
export interface SearchSnapshot {
  names: NameIndex;
  facts: VisibilityFacts;
}

export interface CatalogSearchIndex {
  /**
   * The index, caught up with every write this process has heard of and at most `pollMs` behind the others; null
   * when it cannot be built (the database search answers then). The first call builds it (seconds for a million
   * names), unless `warm()` already started that.
   */
  current(): Promise<SearchSnapshot | null>;
  /** Starts the build now (at server start), so no visitor waits for it. */
  warm(): void;
  /** A write happened: the next search reads the change log first. */
  markStale(): void;
  /**
   * For the health check: built, being built (at start, or again after a bulk write; searches use the previous build
   * meanwhile, if any), or not built (searches read the database).
   */
  status(): "ready" | "building" | "off";
}

/** Changes read per poll; more means a bulk write: the index is built anew. */
const CHANGES_PER_POLL = 5_000;
/** Changed models the overlay holds before a rebuild compacts them into the bulk. */
const OVERLAY_MAX = 50_000;
/** Models read per statement while building. */
const BUILD_RANGE = 50_000;
/** Changes are kept this long; a process that could not poll for longer builds anew. */
const KEEP_CHANGES_SECONDS = 3_600;
const PRUNE_EVERY_MS = 5 * 60_000;
/** After a failed build, searches use the database for this long before the next try. */
const RETRY_BUILD_MS = 30_000;

interface State {
  snapshot: SearchSnapshot;
  /** pg_snapshot_xmin when the last poll (or the build) read the change log. */
  horizon: string;
  polledAt: number;
  /** Change rows already applied whose transactions may still be re-read (xid ≥ horizon). */
  applied: Map<string, bigint>;
}

export function createCatalogSearchIndex(options: {
  db: Database;
  logger: Pick<Logger, "info" | "warn">;
  /** How old a poll of the change log may be before a search reads it again (SEARCH_INDEX_POLL_MS). */
  pollMs: number;
  now?: () => number;
}): CatalogSearchIndex {
  const { db, logger, pollMs } = options;
  const now = options.now ?? Date.now;
  let state: State | null = null;
  let building: Promise<State | null> | null = null;
  let polling: Promise<void> | null = null;
  let stale = false;
  let failedAt = Number.NEGATIVE_INFINITY;
  let prunedAt = Number.NEGATIVE_INFINITY;

  const build = (): Promise<State | null> => {
    building ??= buildState(db, now)
      .then((built) => {
        state = built;
        logger.info(
          { terms: built.snapshot.names.termCount, ms: now() - built.polledAt },
          "search index built",
        );
        return built;
      })
      .catch((error: unknown) => {
        failedAt = now();
        logger.warn({ err: error }, "building the search index failed; searches read the database");
        return state;
      })
      .finally(() => {
        building = null;
      });
    return building;
  };

  const poll = (): Promise<void> => {
    polling ??= (async () => {
      const current = state;
      if (!current) return;
      stale = false;
      const startedAt = now();
      if (startedAt - current.polledAt > KEEP_CHANGES_SECONDS * 1000 * 0.9) {
        // Changes this process has not read may be pruned already.
        void build();
        return;
      }
      const changes = await readSearchChanges(db, current.horizon, CHANGES_PER_POLL);
      const fresh = changes.rows.filter((row) => !current.applied.has(row.id));
      if (changes.truncated) {
        // A bulk write: reading the tables again is cheaper than applying it model by model.
        void build();
        return;
      }
      const ids = [...new Set(fresh.map((row) => row.modelId))];
      if (ids.length) await applyChanges(db, current.snapshot, ids);
      const horizon = BigInt(changes.horizon);
      for (const row of fresh) current.applied.set(row.id, BigInt(row.xid));
      for (const [id, xid] of current.applied) if (xid < horizon) current.applied.delete(id);
      current.horizon = changes.horizon;
      current.polledAt = startedAt;
      if (current.snapshot.names.changedCount > OVERLAY_MAX) void build();
      if (startedAt - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = startedAt;
        await pruneSearchChanges(db, KEEP_CHANGES_SECONDS);
      }
    })()
      .catch((error: unknown) => {
        // The index stays as it was; the next search tries again.
        stale = true;
        logger.warn({ err: error }, "reading search index changes failed");
      })
      .finally(() => {
        polling = null;
      });
    return polling;
  };

  return {
    async current() {
      if (!state) {
        if (now() - failedAt < RETRY_BUILD_MS) return null;
        const built = await build();
        if (!built) return null;
      }
      if (stale || polling || now() - state!.polledAt >= pollMs) await poll();
      return state?.snapshot ?? null;
    },
    warm() {
      if (!state) void build();
    },
    markStale() {
      stale = true;
    },
    status() {
      if (building) return "building";
      return state ? "ready" : "off";
    },
  };
}

/** SEARCH_INDEX=database: no index; every search reads the database. */
export const noCatalogSearchIndex: CatalogSearchIndex = {
  current: async () => null,
  warm: () => {},
  markStale: () => {},
  status: () => "off",
};

/** Reads every name and fact in ranges of model ids; changes from the horizon taken first on are read by polls. */
async function buildState(db: Database, now: () => number): Promise<State> {
  const horizon = await searchChangesHorizon(db);
  const polledAt = now();
  const top = await maxModelId(db);
  const chunks: NamePairs[] = [];
  const facts = new VisibilityFacts();
  for (let from = 1; from <= top; from += BUILD_RANGE) {
    const to = Math.min(top, from + BUILD_RANGE - 1);
    const [names, rangeFacts] = await Promise.all([
      readSearchNamesOfModelRange(db, from, to),
      readModelSearchFactsOfRange(db, from, to),
    ]);
    chunks.push(names);
    facts.apply([], rangeFacts);
  }
  facts.applyBlocks(null, await readModelBlocks(db));
  return {
    snapshot: { names: NameIndex.build(chunks), facts },
    horizon,
    polledAt,
    applied: new Map(),
  };
}

async function applyChanges(db: Database, snapshot: SearchSnapshot, ids: number[]): Promise<void> {
  const [names, facts, blocks] = await Promise.all([
    readSearchNamesOfModels(db, ids),
    readModelSearchFactsOfModels(db, ids),
    readModelBlocks(db, ids),
  ]);
  snapshot.names.replaceModels(ids, names);
  snapshot.facts.apply(ids, facts);
  snapshot.facts.applyBlocks(ids, blocks);
}
