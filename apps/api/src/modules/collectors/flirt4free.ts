import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import type { Collector } from "./collector.ts";
import { feedCollector, httpsUrl, mapEntries } from "./feed-collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { type FeedPage, readPagedFeed } from "./paged-feed.ts";

// Flirt4Free through VS (its affiliate network, ws.vs3.com): a keyed online feed answering every online model at
// once, grouped {girls: {<id>: {name, screencap_image, room_status}}, guys: {…}, trans: {…}}, or {error: {code,
// description}}. Runs only with the feed URL (and its key) in the settings.

/** room_status → spec activity status (Flirt4Free's own names: spec §9). */
const ROOM_STATUS: Record<string, number> = {
  "In Open": ACTIVITY_STATUS_ID.free_chat,
  "In Private": ACTIVITY_STATUS_ID.private,
  "On Break": ACTIVITY_STATUS_ID.on_break,
};

/** Model names carry spaces and dashes; her room address uses underscores (the model URL's form). */
export function flirt4FreeNickname(name: string): string {
  return name.replaceAll("&amp;", "and").replaceAll("&", "").replaceAll(";", "").replace(/[ -]/g, "_");
}

const modelSchema = z.object({
  name: z.string().min(1),
  screencap_image: z.string().optional(),
  room_status: z.string(),
});
const group = z.record(z.string(), z.unknown()).optional();
const feedSchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string().optional() }).optional(),
  girls: group,
  guys: group,
  trans: group,
});

export function parseFlirt4FreeOnline(payload: unknown): FeedPage {
  const feed = feedSchema.parse(payload);
  if (feed.error)
    throw new Error(`VS answered an error: ${feed.error.code ?? ""} ${feed.error.description ?? ""}`);
  const entries = [feed.girls, feed.guys, feed.trans].flatMap((g) => Object.values(g ?? {}));
  const read = mapEntries(
    entries,
    (entry) => modelSchema.safeParse(entry).data ?? null,
    (model) => {
      const status = ROOM_STATUS[model.room_status];
      if (status === undefined) return null;
      return {
        nickname: flirt4FreeNickname(model.name),
        status,
        snapshotUrl: httpsUrl(model.screencap_image),
      };
    },
  );
  return { ...read, entries: entries.length, total: entries.length };
}

export interface Flirt4FreeOptions {
  feedUrl: string;
  fetch?: FetchLike;
  intervalSeconds?: number;
  retry?: RetryOptions;
}

export function createFlirt4FreeCollector(options: Flirt4FreeOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  return feedCollector({
    name: "flirt4free",
    camSiteId: CAMSITE_ID.flirt4Free,
    intervalSeconds: options.intervalSeconds ?? 120,
    capabilities: {
      wholeSite: true,
      paging: "none",
      viewers: false,
      topic: false,
      snapshots: true,
      camscore: false,
      renames: false,
      datedChanges: false,
      shows: true,
      keyed: true,
    },
    read: (signal) =>
      readPagedFeed({
        pageUrl: () => options.feedUrl,
        fetcher,
        pageSize: Number.MAX_SAFE_INTEGER,
        maxPages: 1,
        signal,
        retry: options.retry,
        parse: parseFlirt4FreeOnline,
      }),
  });
}
