import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import type { CollectedPoll, Collector } from "./collector.ts";
import { feedCollector, httpsUrl, mapEntries } from "./feed-collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { type FeedPage, type PagedFeedResult, readPagedFeed } from "./paged-feed.ts";

// LiveJasmin through AWE (its affiliate network): keyed online-model feeds (pt.potawe.com/api/model/feed?…
// &psId=…&accessKey=…), one URL per category, each answering {status: "OK", errorCode, data: {models:
// [{performerId, status, roomTopic, profilePictureUrl: {size896x504}}]}}. Several feeds cover the site together:
// the poll is complete only when every one answered. Runs only with the feed URLs (and their key) in the settings.

/** Room status → spec activity status. member_chat/members_only are member shows. */
const STATUS: Record<string, number> = {
  free_chat: ACTIVITY_STATUS_ID.free_chat,
  member_chat: ACTIVITY_STATUS_ID.member,
  members_only: ACTIVITY_STATUS_ID.member,
  private_chat: ACTIVITY_STATUS_ID.private,
};

const modelSchema = z.object({
  performerId: z.string().min(1),
  status: z.string(),
  roomTopic: z.string().optional(),
  profilePictureUrl: z.object({ size896x504: z.string().optional() }).optional(),
});
const feedSchema = z.object({
  status: z.string(),
  errorCode: z.number().optional(),
  data: z.object({ models: z.array(z.unknown()) }).optional(),
});

export function parseLiveJasminFeed(payload: unknown): FeedPage {
  const feed = feedSchema.parse(payload);
  if (feed.status !== "OK" || !feed.data)
    throw new Error(`AWE answered ${feed.status} (${feed.errorCode ?? "?"})`);
  const models = feed.data.models;
  const read = mapEntries(
    models,
    (entry) => modelSchema.safeParse(entry).data ?? null,
    (model) => {
      const status = STATUS[model.status];
      if (status === undefined) return null;
      return {
        nickname: model.performerId,
        status,
        topic: model.roomTopic?.trim() || null,
        snapshotUrl: httpsUrl(model.profilePictureUrl?.size896x504),
      };
    },
  );
  return { ...read, entries: models.length, total: models.length };
}

export interface LiveJasminOptions {
  /** The AWE feed URLs, with psId and accessKey. */
  feedUrls: string[];
  fetch?: FetchLike;
  intervalSeconds?: number;
  retry?: RetryOptions;
}

export function createLiveJasminCollector(options: LiveJasminOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  return feedCollector({
    name: "livejasmin",
    camSiteId: CAMSITE_ID.liveJasmin,
    intervalSeconds: options.intervalSeconds ?? 120,
    capabilities: {
      wholeSite: true,
      paging: "none",
      viewers: false,
      topic: true,
      snapshots: true,
      camscore: false,
      renames: false,
      datedChanges: false,
      shows: true,
      keyed: true,
    },
    async read(signal): Promise<PagedFeedResult> {
      const observations: CollectedPoll["observations"] = [];
      const reasons: string[] = [];
      let retryAfterSeconds: number | null = null;
      for (const feedUrl of options.feedUrls) {
        const read = await readPagedFeed({
          pageUrl: () => feedUrl,
          fetcher,
          pageSize: Number.MAX_SAFE_INTEGER,
          maxPages: 1,
          signal,
          retry: options.retry,
          parse: parseLiveJasminFeed,
        }).catch((error: unknown) => {
          reasons.push(`a feed failed: ${String(error instanceof Error ? error.message : error)}`);
          return null;
        });
        if (!read) continue;
        observations.push(...read.observations);
        if (!read.complete) reasons.push(read.incompleteReason ?? "a feed was incomplete");
        retryAfterSeconds = read.retryAfterSeconds ?? retryAfterSeconds;
      }
      if (reasons.length === options.feedUrls.length && observations.length === 0)
        throw new Error(reasons.join("; "));
      return {
        observations,
        pages: options.feedUrls.length,
        complete: reasons.length === 0,
        incompleteReason: reasons.length === 0 ? null : reasons.join("; "),
        retryAfterSeconds,
      };
    },
  });
}
