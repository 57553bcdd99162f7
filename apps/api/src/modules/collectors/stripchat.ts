import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import { type CollectedPoll, type Collector, nowSeconds, RenameTracker } from "./collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { readPagedFeed } from "./paged-feed.ts";

// Stripchat: the models list ({models: [{username, status, viewersCount, …}], total}, paged by limit/offset) is the
// complete poll; the per-model status endpoint ({user: {user: {username, status}}, cam: {topic}}) answers for one
// watched nickname and becomes an incomplete poll. Each listed model carries her numeric id for life: the collector
// keeps the last username per id (per process) and reports a new one as a rename.

/** Stripchat model status → spec activity status. p2p is a cam-to-cam private: true private. */
const STATUS: Record<string, number> = {
  public: ACTIVITY_STATUS_ID.free_chat,
  private: ACTIVITY_STATUS_ID.private,
  virtualPrivate: ACTIVITY_STATUS_ID.private,
  p2p: ACTIVITY_STATUS_ID.true_private,
  groupShow: ACTIVITY_STATUS_ID.group,
  idle: ACTIVITY_STATUS_ID.away,
  off: ACTIVITY_STATUS_ID.offline,
};

export function stripchatStatus(status: string): number | undefined {
  return STATUS[status];
}

const modelSchema = z.object({
  id: z.number().int().positive().optional(),
  username: z.string().min(1),
  status: z.string(),
  viewersCount: z.number().int().nonnegative().optional(),
  snapshotUrl: z.string().optional(),
});
const listSchema = z.object({
  models: z.array(z.unknown()),
  total: z.number().int().nonnegative().optional(),
});

export function parseStripchatModels(payload: unknown): {
  total: number | null;
  models: CollectedPoll["observations"];
  /** The model ids of the listed models, by username (models without an id are left out). */
  ids: Map<string, number>;
  skipped: number;
} {
  const feed = listSchema.parse(payload);
  const models: CollectedPoll["observations"] = [];
  const ids = new Map<string, number>();
  let skipped = 0;
  for (const entry of feed.models) {
    const model = modelSchema.safeParse(entry);
    const status = model.success ? stripchatStatus(model.data.status) : undefined;
    if (!model.success || status === undefined) {
      skipped++;
      continue;
    }
    models.push({
      nickname: model.data.username,
      status,
      viewers: model.data.viewersCount ?? null,
      snapshotUrl: model.data.snapshotUrl?.startsWith("http") ? model.data.snapshotUrl : null,
    });
    if (model.data.id !== undefined) ids.set(model.data.username, model.data.id);
  }
  return { total: feed.total ?? null, models, ids, skipped };
}

const camSchema = z.object({
  user: z.object({ user: z.object({ username: z.string().min(1), status: z.string() }) }),
  cam: z.object({ topic: z.string().optional(), viewersCount: z.number().int().optional() }).optional(),
});

/** One model's status page → one observation (status "off" included, so she reads offline from that moment). */
export function parseStripchatModelStatus(payload: unknown): CollectedPoll["observations"][number] | null {
  const parsed = camSchema.safeParse(payload);
  if (!parsed.success) return null;
  const status = stripchatStatus(parsed.data.user.user.status);
  if (status === undefined) return null;
  return {
    nickname: parsed.data.user.user.username,
    status,
    viewers: parsed.data.cam?.viewersCount ?? null,
    topic: parsed.data.cam?.topic?.trim() || null,
  };
}

export interface StripchatOptions {
  feedUrl: string;
  fetch?: FetchLike;
  pageSize?: number;
  intervalSeconds?: number;
  retry?: RetryOptions;
}

export function createStripchatCollector(options: StripchatOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const pageSize = options.pageSize ?? 1000;
  const renames = new RenameTracker<number>();
  return {
    name: "stripchat",
    camSiteId: CAMSITE_ID.stripchat,
    intervalSeconds: options.intervalSeconds ?? 60,
    async collect(signal) {
      const observedAt = nowSeconds();
      const { observations, last } = await readPagedFeed({
        feedUrl: options.feedUrl,
        fetcher,
        pageSize,
        signal,
        retry: options.retry,
        parse: (json) => {
          const page = parseStripchatModels(json);
          for (const [username, id] of page.ids) renames.see(id, username, observedAt);
          return { observations: page.models, skipped: page.skipped, total: page.total };
        },
      });
      // Unknown statuses were skipped: the poll still lists every online model we understood.
      const complete = last !== null;
      return {
        camSiteId: CAMSITE_ID.stripchat,
        observedAt,
        complete,
        observations,
        renames: renames.take(),
      };
    },
  };
}
