import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { XMLParser } from "fast-xml-parser";
import type { Collector } from "./collector.ts";
import { feedCollector, httpsUrl } from "./feed-collector.ts";
import type { FeedResponse, FetchLike, RetryOptions } from "./http-fetch.ts";
import { type FeedPage, readPagedFeed } from "./paged-feed.ts";

// Streamate's SMLive feed (affiliate.streamate.com/SMLive/SMLResult.xml) is asked with an XML query posted per
// page: <SMLQuery><Options MaxResults/><AvailablePerformers Exact PageNum CountTotalResults>…<StreamType>live…
// It answers <SMLResult><AvailablePerformers ExactMatches TotalResultCount><Performer Name StreamType PartyChat
// PreGoldShow GoldShow …><Media><Pic><Full Src/></Pic></Media></Performer>…. Pages hold 400 at most (larger pages
// answer badly); the total comes with the first page. Performer names are the room: no renames.

/** Streamate's own page size limit in practice. */
export const STREAMATE_PAGE_SIZE = 400;

export function streamateQuery(page: number, pageSize: number): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<SMLQuery>",
    `  <Options MaxResults="${pageSize}"/>`,
    `  <AvailablePerformers Exact="true" PageNum="${page}" CountTotalResults="${page === 1}">`,
    "    <Include><Media>biopic</Media><StaticSort/></Include>",
    "    <Constraints><StreamType>live</StreamType></Constraints>",
    "  </AvailablePerformers>",
    "</SMLQuery>",
  ].join("\n");
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => name === "Performer",
  // Names stay text: a performer called "0101" is not the number 101.
  parseAttributeValue: false,
  processEntities: true,
});

interface PerformerXml {
  Name?: string;
  StreamType?: string;
  PartyChat?: string;
  PreGoldShow?: string;
  GoldShow?: string;
  Media?: { Pic?: { Full?: { Src?: string } } };
}

/** A live performer's show: a gold show (ticketed), its collecting phase, a party chat, else free chat. */
function performerStatus(p: PerformerXml): number | undefined {
  if (p.StreamType !== "live") return undefined;
  if (p.GoldShow === "1") return ACTIVITY_STATUS_ID.gold_show;
  if (p.PreGoldShow === "1") return ACTIVITY_STATUS_ID.pre_gold_show;
  if (p.PartyChat === "1") return ACTIVITY_STATUS_ID.party;
  return ACTIVITY_STATUS_ID.free_chat;
}

export function parseStreamateResult(text: unknown): FeedPage {
  const doc = xml.parse(String(text)) as {
    SMLResult?: { AvailablePerformers?: { TotalResultCount?: string; Performer?: PerformerXml[] } };
  };
  const available = doc.SMLResult?.AvailablePerformers;
  if (!available) throw new Error("Streamate answered without AvailablePerformers");
  const performers = available.Performer ?? [];
  const page: FeedPage = {
    observations: [],
    entries: performers.length,
    skipped: 0,
    total: available.TotalResultCount !== undefined ? Number(available.TotalResultCount) : null,
  };
  for (const performer of performers) {
    const status = performerStatus(performer);
    if (!performer.Name || status === undefined) {
      page.skipped++;
      continue;
    }
    page.observations.push({
      nickname: performer.Name,
      status,
      snapshotUrl: httpsUrl(performer.Media?.Pic?.Full?.Src),
    });
  }
  return page;
}

export interface StreamateOptions {
  feedUrl?: string;
  fetch?: FetchLike;
  intervalSeconds?: number;
  pacingMs?: number;
  retry?: RetryOptions;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function createStreamateCollector(options: StreamateOptions = {}): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const feedUrl = options.feedUrl ?? "https://affiliate.streamate.com/SMLive/SMLResult.xml";
  // The total arrives with the first page only: later pages are read against it.
  let total: number | null = null;
  return feedCollector({
    name: "streamate",
    camSiteId: CAMSITE_ID.streamate,
    intervalSeconds: options.intervalSeconds ?? 120,
    capabilities: {
      wholeSite: true,
      paging: "page",
      viewers: false,
      topic: false,
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
        request: ({ index }) => ({
          method: "POST",
          body: streamateQuery(index + 1, STREAMATE_PAGE_SIZE),
          accept: "text/xml",
          headers: { "content-type": "text/xml" },
        }),
        read: (response: FeedResponse) => (response.text ? response.text() : response.json()),
        fetcher,
        pageSize: STREAMATE_PAGE_SIZE,
        signal,
        retry: options.retry,
        pacingMs: options.pacingMs ?? 1000,
        sleep: options.sleep,
        parse: (text) => {
          const page = parseStreamateResult(text);
          if (page.total !== null) total = page.total;
          return { ...page, total };
        },
      }),
  });
}
