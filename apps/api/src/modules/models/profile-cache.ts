import type { ApiDeps } from "../../app-env.ts";

/**
 * Guests' model reads (profile data, "girls like her" cards) are kept a few seconds: a popular profile is read
 * from the database once per TTL instead of per view. The cache (`guestModelReads`, declared in deps.ts) drops on
 * every catalog write published by a write route, here and with REDIS_URL in every process of the site, and on this
 * process's collector polls (live statuses); writes outside the site show within the TTL.
 */
export function guestModelRead<T>(
  deps: Pick<ApiDeps, "caches">,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  return deps.caches.guestModelReads.get(key, load) as Promise<T>;
}
