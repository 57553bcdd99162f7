import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import { type CollectedPoll, type Collector, nowSeconds } from "./collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { readPagedFeed } from "./paged-feed.ts";

// Chaturbate's affiliate online-rooms feed lists every public room: {count, results: [{username, current_show,
// num_users, room_subject, image_url, …}]} (API v2, paged by limit/offset) or a bare array (the older API).
// Rooms carry no stable performer id (the username is the room), so this feed cannot see a rename: its polls have
// no `renames`; a renamed room simply shows up as a new stats nickname.

const roomSchema = z.object({
  username: z.string().min(1),
  current_show: z.string().optional(),
  num_users: z.number().int().nonnegative().optional(),
  room_subject: z.string().optional(),
  image_url: z.string().optional(),
});
const feedSchema = z.union([
  z.object({ count: z.number().int().nonnegative(), results: z.array(z.unknown()) }),
  z.array(z.unknown()),
]);

/** current_show → spec activity status. A "hidden" show is a ticket show the public cannot see: paid. */
const SHOW_STATUS: Record<string, number> = {
  public: ACTIVITY_STATUS_ID.free_chat,
  private: ACTIVITY_STATUS_ID.private,
  group: ACTIVITY_STATUS_ID.group,
  away: ACTIVITY_STATUS_ID.away,
  hidden: ACTIVITY_STATUS_ID.paid,
};

export function chaturbateStatus(show: string | undefined): number {
  return SHOW_STATUS[(show ?? "public").toLowerCase()] ?? ACTIVITY_STATUS_ID.free_chat;
}

export interface ChaturbatePage {
  total: number | null;
  rooms: CollectedPoll["observations"];
  /** Entries the parser could not read (skipped, not fatal). */
  skipped: number;
}

export function parseChaturbateRooms(payload: unknown): ChaturbatePage {
  const feed = feedSchema.parse(payload);
  const list = Array.isArray(feed) ? feed : feed.results;
  const rooms: CollectedPoll["observations"] = [];
  let skipped = 0;
  for (const entry of list) {
    const room = roomSchema.safeParse(entry);
    if (!room.success) {
      skipped++;
      continue;
    }
    rooms.push({
      nickname: room.data.username,
      status: chaturbateStatus(room.data.current_show),
      viewers: room.data.num_users ?? null,
      topic: room.data.room_subject?.trim() || null,
      snapshotUrl: room.data.image_url?.startsWith("http") ? room.data.image_url : null,
    });
  }
  return { total: Array.isArray(feed) ? null : feed.count, rooms, skipped };
}

export interface ChaturbateOptions {
  feedUrl: string;
  fetch?: FetchLike;
  pageSize?: number;
  intervalSeconds?: number;
  retry?: RetryOptions;
}

export function createChaturbateCollector(options: ChaturbateOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const pageSize = options.pageSize ?? 500;
  return {
    name: "chaturbate",
    camSiteId: CAMSITE_ID.chaturbate,
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
          const page = parseChaturbateRooms(json);
          return { observations: page.rooms, skipped: page.skipped, total: page.total };
        },
      });
      // Complete when nothing was skipped on the last page, or the old API answered everything at once.
      const complete = last !== null && (last.skipped === 0 || last.total === null);
      return { camSiteId: CAMSITE_ID.chaturbate, observedAt, complete, observations };
    },
  };
}
