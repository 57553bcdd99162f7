import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import type { Collector } from "./collector.ts";
import { feedCollector, httpsUrl, mapEntries } from "./feed-collector.ts";
import type { FetchLike, RetryOptions } from "./http-fetch.ts";
import { type FeedPage, readPagedFeed } from "./paged-feed.ts";

// CamSoda's public online list (www.camsoda.com/api/v1/browse/online) answers every online room at once:
// {status: true, results: [{username, display_name, status, viewers | connection_count, subject, thumb}]};
// {status: false, error} when it fails. Rooms carry no stable performer id here: no renames.

/** Room status → spec activity status. "limited" is a ticket show the public cannot watch: paid. */
const STATUS: Record<string, number> = {
  online: ACTIVITY_STATUS_ID.free_chat,
  limited: ACTIVITY_STATUS_ID.paid,
  private: ACTIVITY_STATUS_ID.private,
};

const roomSchema = z.object({
  username: z.string().min(1),
  status: z.string(),
  viewers: z.number().int().nonnegative().optional(),
  connection_count: z.number().int().nonnegative().optional(),
  subject: z.string().optional(),
  thumb: z.string().optional(),
});
const feedSchema = z.object({
  status: z.boolean(),
  error: z.string().optional(),
  results: z.array(z.unknown()).default([]),
});

export function parseCamSodaOnline(payload: unknown): FeedPage {
  const feed = feedSchema.parse(payload);
  if (!feed.status) throw new Error(`CamSoda answered an error: ${feed.error ?? "no reason given"}`);
  const read = mapEntries(
    feed.results,
    (entry) => roomSchema.safeParse(entry).data ?? null,
    (room) => {
      const status = STATUS[room.status];
      if (status === undefined) return null;
      return {
        nickname: room.username,
        status,
        viewers: room.viewers ?? room.connection_count ?? null,
        topic: room.subject?.trim() || null,
        snapshotUrl: httpsUrl(room.thumb),
      };
    },
  );
  // One answer holds the whole list.
  return { ...read, entries: feed.results.length, total: feed.results.length };
}

export interface CamSodaOptions {
  feedUrl?: string;
  fetch?: FetchLike;
  intervalSeconds?: number;
  retry?: RetryOptions;
}

export function createCamSodaCollector(options: CamSodaOptions = {}): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const feedUrl = options.feedUrl ?? "https://www.camsoda.com/api/v1/browse/online";
  return feedCollector({
    name: "camsoda",
    camSiteId: CAMSITE_ID.camSoda,
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
      keyed: false,
    },
    read: (signal) =>
      readPagedFeed({
        pageUrl: () => feedUrl,
        fetcher,
        pageSize: Number.MAX_SAFE_INTEGER,
        maxPages: 1,
        signal,
        retry: options.retry,
        parse: parseCamSodaOnline,
      }),
  });
}
