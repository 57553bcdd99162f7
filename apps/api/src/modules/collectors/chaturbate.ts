import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import { type CollectedPoll, type Collector, nowSeconds } from "./collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { readPagedFeed } from "./paged-feed.ts";

// Chaturbate's affiliate online-rooms feed (api/public/affiliates/onlinerooms/?wm=…&client_ip=…) lists every public
// room: {count, results: [{username, current_show, num_users, room_subject, image_url, seconds_online, …}]}, paged
// by limit (1–500) and offset; a bare array is the older API. Rooms carry no stable performer id (the username is the
// room), so this feed cannot see a rename: a renamed room shows up as a new stats nickname. Rooms that block the
// client_ip's region are left out by the camsite itself: a known blind spot, named on the coverage note.

const roomSchema = z.object({
  username: z.string().min(1),
  current_show: z.string().optional(),
  num_users: z.number().int().nonnegative().optional(),
  room_subject: z.string().optional(),
  image_url: z.string().optional(),
  seconds_online: z.number().int().nonnegative().optional(),
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

/** The status of a show; undefined for a show nobody mapped (the room is then skipped and the poll incomplete). */
export function chaturbateStatus(show: string | undefined): number | undefined {
  return SHOW_STATUS[(show ?? "public").toLowerCase()];
}

export interface ChaturbatePage {
  total: number | null;
  entries: number;
  rooms: CollectedPoll["observations"];
  /** Seconds each listed room has been online, by username (the feed's own dating of her session). */
  secondsOnline: Map<string, number>;
  /** Entries the parser could not read or whose show it does not know. */
  skipped: number;
}

export function parseChaturbateRooms(payload: unknown): ChaturbatePage {
  const feed = feedSchema.parse(payload);
  const list = Array.isArray(feed) ? feed : feed.results;
  const page: ChaturbatePage = {
    total: Array.isArray(feed) ? null : feed.count,
    entries: list.length,
    rooms: [],
    secondsOnline: new Map(),
    skipped: 0,
  };
  for (const entry of list) {
    const room = roomSchema.safeParse(entry);
    const status = room.success ? chaturbateStatus(room.data.current_show) : undefined;
    if (!room.success || status === undefined) {
      page.skipped++;
      continue;
    }
    page.rooms.push({
      nickname: room.data.username,
      status,
      viewers: room.data.num_users ?? null,
      topic: room.data.room_subject?.trim() || null,
      snapshotUrl: room.data.image_url?.startsWith("http") ? room.data.image_url : null,
    });
    if (room.data.seconds_online !== undefined)
      page.secondsOnline.set(room.data.username, room.data.seconds_online);
  }
  return page;
}

export interface ChaturbateOptions {
  /** The online-rooms URL with wm and client_ip; the collector sets limit and offset. */
  feedUrl: string;
  fetch?: FetchLike;
  pageSize?: number;
  intervalSeconds?: number;
  /** Milliseconds between two pages of one poll. */
  pacingMs?: number;
  retry?: RetryOptions;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** The feed's largest page. */
export const CHATURBATE_MAX_PAGE = 500;

/**
 * A session's start, dated by seconds_online: a room that was not online at our previous complete poll and came
 * online after it. The earlier point lists her at her real start, so her stats count from that second rather
 * than from the poll that first saw her. (The first poll of a process knows no previous poll: nothing is dated.)
 */
export function datedStarts(
  rooms: CollectedPoll["observations"],
  secondsOnline: Map<string, number>,
  observedAt: number,
  previous: { at: number; online: Set<string> } | null,
): NonNullable<CollectedPoll["earlier"]> {
  if (!previous) return [];
  const bySecond = new Map<number, CollectedPoll["observations"]>();
  for (const room of rooms) {
    const seconds = secondsOnline.get(room.nickname);
    if (seconds === undefined || previous.online.has(room.nickname.toLowerCase())) continue;
    const start = observedAt - seconds;
    if (start <= previous.at || start >= observedAt) continue;
    bySecond.set(start, [...(bySecond.get(start) ?? []), room]);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, observations]) => ({ observedAt: at, observations }));
}

export function createChaturbateCollector(options: ChaturbateOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const pageSize = Math.min(options.pageSize ?? CHATURBATE_MAX_PAGE, CHATURBATE_MAX_PAGE);
  let previous: { at: number; online: Set<string> } | null = null;
  return {
    name: "chaturbate",
    camSiteId: CAMSITE_ID.chaturbate,
    capabilities: {
      wholeSite: true,
      paging: "offset",
      viewers: true,
      topic: true,
      snapshots: true,
      camscore: false,
      renames: false,
      datedChanges: true,
      shows: true,
      keyed: false,
    },
    intervalSeconds: options.intervalSeconds ?? 60,
    async collect(signal) {
      const observedAt = (options.now ?? nowSeconds)();
      const secondsOnline = new Map<string, number>();
      const read = await readPagedFeed({
        pageUrl: ({ offset }) => {
          const url = new URL(options.feedUrl);
          url.searchParams.set("format", "json");
          url.searchParams.set("limit", String(pageSize));
          url.searchParams.set("offset", String(offset));
          return url.toString();
        },
        fetcher,
        pageSize,
        signal,
        retry: options.retry,
        pacingMs: options.pacingMs ?? 1000,
        sleep: options.sleep,
        parse: (json) => {
          const page = parseChaturbateRooms(json);
          for (const [name, seconds] of page.secondsOnline) secondsOnline.set(name, seconds);
          return {
            observations: page.rooms,
            entries: page.entries,
            skipped: page.skipped,
            total: page.total,
          };
        },
      });
      const earlier = datedStarts(read.observations, secondsOnline, observedAt, previous);
      // Only a complete poll says who was offline: the next poll dates starts against it.
      if (read.complete)
        previous = {
          at: observedAt,
          online: new Set(read.observations.map((r) => r.nickname.toLowerCase())),
        };
      return {
        camSiteId: CAMSITE_ID.chaturbate,
        observedAt,
        complete: read.complete,
        incompleteReason: read.incompleteReason ?? undefined,
        observations: read.observations,
        earlier,
        retryAfterSeconds: read.retryAfterSeconds ?? undefined,
      };
    },
  };
}
