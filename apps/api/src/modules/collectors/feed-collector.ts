import type { CollectedPoll, Collector, FeedCapabilities } from "./collector.ts";
import { nowSeconds } from "./collector.ts";
import type { PagedFeedResult } from "./paged-feed.ts";

/** A collector whose poll is one read of a list feed (paged or not): the read's completeness is the poll's. */
export function feedCollector(definition: {
  name: string;
  camSiteId: number;
  intervalSeconds: number;
  capabilities: FeedCapabilities;
  read: (signal: AbortSignal, observedAt: number) => Promise<PagedFeedResult>;
}): Collector {
  return {
    name: definition.name,
    camSiteId: definition.camSiteId,
    intervalSeconds: definition.intervalSeconds,
    capabilities: definition.capabilities,
    async collect(signal): Promise<CollectedPoll> {
      const observedAt = nowSeconds();
      const read = await definition.read(signal, observedAt);
      return {
        camSiteId: definition.camSiteId,
        observedAt,
        complete: read.complete,
        incompleteReason: read.incompleteReason ?? undefined,
        observations: read.observations,
        retryAfterSeconds: read.retryAfterSeconds ?? undefined,
      };
    },
  };
}

/** Reads a list of entries against a status map: the observations, the unreadable or unmapped count. */
export function mapEntries<T>(
  entries: readonly unknown[],
  read: (entry: unknown) => T | null,
  observe: (entry: T) => CollectedPoll["observations"][number] | null,
): { observations: CollectedPoll["observations"]; skipped: number } {
  const observations: CollectedPoll["observations"] = [];
  let skipped = 0;
  for (const raw of entries) {
    const entry = read(raw);
    const observation = entry === null ? null : observe(entry);
    if (observation) observations.push(observation);
    else skipped++;
  }
  return { observations, skipped };
}

/** Protocol-relative image URLs (//host/path) are https; anything but http(s) is dropped. */
export function httpsUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith("//")) return `https:${url}`;
  return /^https?:\/\//.test(url) ? url : null;
}
