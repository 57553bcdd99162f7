import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import type { Collector } from "./collector.ts";
import { feedCollector, httpsUrl, mapEntries } from "./feed-collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { type FeedPage, readPagedFeed } from "./paged-feed.ts";

// CAM4's public directory (www.cam4.com/api/directoryCams?directoryJson=true&online=true&url=true) pages by
// page (1-based) and resultsPerPage and gives no total: a short page is the last. Each user is {username, viewers,
// showType?, statusMessage, snapshotImageLink, …}; the affiliate variant answers a bare array of {nickname,
// viewers, show_type, thumb_big}. No stable performer id: no renames.

/** showType → spec activity status. A group show selling tickets is a group show; a directory entry without a
 * show type is a public room (the directory lists rooms one can enter). */
const SHOW: Record<string, number> = {
  NORMAL: ACTIVITY_STATUS_ID.free_chat,
  GROUP_SHOW_SELLING_TICKETS: ACTIVITY_STATUS_ID.group,
  PRIVATE_SHOW: ACTIVITY_STATUS_ID.private,
};

const userSchema = z.object({
  username: z.string().min(1).optional(),
  nickname: z.string().min(1).optional(),
  viewers: z.number().int().nonnegative().optional(),
  showType: z.string().optional(),
  show_type: z.string().optional(),
  statusMessage: z.string().optional(),
  snapshotImageLink: z.string().optional(),
  thumb_big: z.string().optional(),
});
const feedSchema = z.union([z.object({ users: z.array(z.unknown()) }), z.array(z.unknown())]);

export function parseCam4Directory(payload: unknown): FeedPage {
  const feed = feedSchema.parse(payload);
  const users = Array.isArray(feed) ? feed : feed.users;
  const read = mapEntries(
    users,
    (entry) => userSchema.safeParse(entry).data ?? null,
    (user) => {
      const nickname = user.username ?? user.nickname;
      const show = user.showType ?? user.show_type;
      const status = show === undefined ? ACTIVITY_STATUS_ID.free_chat : SHOW[show];
      if (!nickname || status === undefined) return null;
      return {
        nickname,
        status,
        viewers: user.viewers ?? null,
        topic: user.statusMessage?.trim() || null,
        snapshotUrl: httpsUrl(user.snapshotImageLink ?? user.thumb_big),
      };
    },
  );
  return { ...read, entries: users.length, total: null };
}

export interface Cam4Options {
  feedUrl?: string;
  fetch?: FetchLike;
  pageSize?: number;
  intervalSeconds?: number;
  pacingMs?: number;
  retry?: RetryOptions;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function createCam4Collector(options: Cam4Options = {}): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const feedUrl =
    options.feedUrl ?? "https://www.cam4.com/api/directoryCams?directoryJson=true&online=true&url=true";
  const pageSize = options.pageSize ?? 300;
  return feedCollector({
    name: "cam4",
    camSiteId: CAMSITE_ID.cam4,
    intervalSeconds: options.intervalSeconds ?? 120,
    capabilities: {
      wholeSite: true,
      paging: "page",
      viewers: true,
      topic: true,
      snapshots: true,
      camscore: false,
      renames: false,
      datedChanges: false,
      shows: true,
      keyed: false,
    },
    read: (signal) =>
      readPagedFeed({
        pageUrl: ({ index }) => {
          const url = new URL(feedUrl);
          url.searchParams.set("page", String(index + 1));
          url.searchParams.set("resultsPerPage", String(pageSize));
          return url.toString();
        },
        fetcher,
        pageSize,
        signal,
        retry: options.retry,
        pacingMs: options.pacingMs ?? 1000,
        sleep: options.sleep,
        parse: parseCam4Directory,
      }),
  });
}
