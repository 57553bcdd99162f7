import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import type { Collector } from "./collector.ts";
import { feedCollector, httpsUrl, mapEntries } from "./feed-collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { type FeedPage, readPagedFeed } from "./paged-feed.ts";

// BongaCams' affiliate online list (tools.bongacams.com/promo.php?c=<affiliate id>&type=api&api_type=json) answers
// every online model at once as a bare array of {username, display_name, chat_status?, members_count, chat_topic,
// online_time, profile_images: {thumbnail_image_medium_live}, is_geo}. The list is built for the requesting client's
// country: models geo-blocking it are left out (the coverage note says so), so the collector passes the client IP
// set in its settings. No stable performer id: no renames.

/** chat_status → spec activity status; an entry without one is in public chat (the list's rooms can be entered). */
const CHAT_STATUS: Record<string, number> = {
  public: ACTIVITY_STATUS_ID.free_chat,
  private: ACTIVITY_STATUS_ID.private,
  group: ACTIVITY_STATUS_ID.group,
  full_private: ACTIVITY_STATUS_ID.true_private,
  vip: ACTIVITY_STATUS_ID.vip,
};

const modelSchema = z.object({
  username: z.string().min(1),
  chat_status: z.string().optional(),
  members_count: z.number().int().nonnegative().optional(),
  chat_topic: z.string().optional(),
  profile_images: z.object({ thumbnail_image_medium_live: z.string().optional() }).optional(),
});

export function parseBongaCamsOnline(payload: unknown): FeedPage {
  const list = z.array(z.unknown()).parse(payload);
  const read = mapEntries(
    list,
    (entry) => modelSchema.safeParse(entry).data ?? null,
    (model) => {
      const status =
        model.chat_status === undefined ? ACTIVITY_STATUS_ID.free_chat : CHAT_STATUS[model.chat_status];
      if (status === undefined) return null;
      return {
        nickname: model.username,
        status,
        viewers: model.members_count ?? null,
        topic: model.chat_topic?.trim() || null,
        snapshotUrl: httpsUrl(model.profile_images?.thumbnail_image_medium_live),
      };
    },
  );
  return { ...read, entries: list.length, total: list.length };
}

export interface BongaCamsOptions {
  /** The promo.php API URL with the affiliate id (c=…). */
  feedUrl: string;
  /** The client IP the list is built for (its country decides which geo-blocked models are left out). */
  clientIp?: string;
  fetch?: FetchLike;
  intervalSeconds?: number;
  retry?: RetryOptions;
}

export function createBongaCamsCollector(options: BongaCamsOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  return feedCollector({
    name: "bongacams",
    camSiteId: CAMSITE_ID.bongaCams,
    intervalSeconds: options.intervalSeconds ?? 120,
    capabilities: {
      wholeSite: true,
      paging: "none",
      viewers: true,
      topic: true,
      snapshots: true,
      camscore: false,
      renames: false,
      datedChanges: false,
      shows: true,
      keyed: true,
    },
    read: (signal) =>
      readPagedFeed({
        pageUrl: () => {
          const url = new URL(options.feedUrl);
          if (options.clientIp) url.searchParams.set("ip", options.clientIp);
          return url.toString();
        },
        fetcher,
        pageSize: Number.MAX_SAFE_INTEGER,
        maxPages: 1,
        signal,
        retry: options.retry,
        parse: parseBongaCamsOnline,
      }),
  });
}
