import type { Database } from "@camatlas/db";
import type { MiddlewareHandler } from "hono";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { isNeutralWrite } from "../../lib/cache-invalidation.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";

/**
 * Guests' model reads (profile data, "girls like her" cards) are kept a few seconds: a popular profile is read
 * from the database once per TTL instead of per view. Every successful write through the API bumps a
 * generation number that is part of each key, so an edit, a vote or an approval shows on the next read; writes
 * outside the API (the stats worker's live statuses) show within the TTL. The write is published on the API's
 * invalidation bus (`model-reads`), so with REDIS_URL every process of the site drops its copies too
 * (`dropModelReadsOnInvalidation`, wired in app.ts).
 */
export const GUEST_MODEL_TTL_MS = 5_000;

interface Slot {
  generation: number;
  cache: ReturnType<typeof createTtlCache<unknown>>;
}
const slots = new WeakMap<Database, Slot>();

function slotOf(db: Database): Slot {
  let slot = slots.get(db);
  if (!slot) {
    slot = { generation: 0, cache: createTtlCache<unknown>(GUEST_MODEL_TTL_MS, 2000) };
    slots.set(db, slot);
  }
  return slot;
}

/** A guest-read value, loaded once per TTL and generation. */
export function guestModelRead<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const slot = slotOf(db);
  return slot.cache.get(`${slot.generation}:${key}`, load) as Promise<T>;
}

/** Forgets every guest-read value of this database (called after each successful write). */
export function invalidateGuestModelReads(db: Database): void {
  const slot = slotOf(db);
  slot.generation++;
  slot.cache.clear();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * API middleware: a write that succeeded invalidates the guests' model reads (catalog, ratings, moderation…), here
 * and, through the invalidation bus, in the other processes. Neutral writes (collector polls, sign-in, counters:
 * `isNeutralWrite`) drop this process's reads only, so a stream of polls does not empty every process's cache.
 */
export const invalidateModelReadsOnWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
  if (isNeutralWrite(c.req.path)) invalidateGuestModelReads(c.var.deps.db);
  else c.var.deps.invalidation.publish("model-reads");
};

/** Drops this database's guest model reads on every `model-reads` invalidation (a write here or elsewhere). */
export function dropModelReadsOnInvalidation(deps: Pick<ApiDeps, "db" | "invalidation">): () => void {
  return deps.invalidation.onInvalidate("model-reads", () => invalidateGuestModelReads(deps.db));
}
