import { countLivePosts, type Database, type LivePostFilter, nextPostPublishTime } from "@camatlas/db";
import type { ApiCaches } from "../../deps.ts";

// How many live posts a list has: counting tens of thousands of rows on every page view would be most of the list's
// cost, so totals are kept (caches.postListTotals, 30 s, dropped by every desk write). A total stays true only until
// the next scheduled post goes live: each entry remembers that time, and once it has come every total is counted
// again — the cache is never behind the clock.

export async function livePostTotal(
  db: Database,
  caches: Pick<ApiCaches, "postListTotals">,
  filter: LivePostFilter,
  now: Date,
): Promise<number> {
  const cache = caches.postListTotals;
  const key = JSON.stringify(filter);
  const load = async () => {
    const [total, until] = await Promise.all([countLivePosts(db, filter, now), nextPostPublishTime(db, now)]);
    return { total, until };
  };
  let entry = await cache.get(key, load);
  if (entry.until !== null && entry.until.getTime() <= now.getTime()) {
    cache.clear();
    entry = await cache.get(key, load);
  }
  return entry.total;
}
