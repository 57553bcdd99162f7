import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { cacheKey, type NicknameCache } from "./cache.ts";
import { rowsOf, ts } from "./sql-values.ts";
import type { IngestObservationInput } from "./types.ts";

// The ids of the nicknames a poll lists, created (as stats nicknames without a model) when new.

/** A nickname listed twice in one poll keeps its first entry (the same rule as the reference derivation). */
export function dedupe(observations: readonly IngestObservationInput[]): IngestObservationInput[] {
  const seen = new Set<string>();
  const result: IngestObservationInput[] = [];
  for (const observation of observations) {
    const key = observation.nickname.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ ...observation, nickname: observation.nickname.trim() });
  }
  return result;
}

/** Ids of the listed nicknames in order; unknown ones become stats nicknames without a model. */
export async function upsertNicknames(
  tx: Database,
  camSiteId: number,
  t: number,
  observations: readonly IngestObservationInput[],
  cache?: NicknameCache,
): Promise<{ ids: number[]; created: number }> {
  if (observations.length === 0) return { ids: [], created: 0 };
  const byKey = new Map<string, number>();
  const now = Date.now();
  const names: string[] = [];
  for (const o of observations) {
    const hit = cache?.get(cacheKey(camSiteId, o.nickname));
    if (hit && hit.until > now) byKey.set(o.nickname.toLowerCase(), hit.id);
    else names.push(o.nickname);
  }
  const lookup = async (list: readonly string[]) => {
    // One index probe per name (the unique index; `limit 1` keeps the subquery a probe), whatever the statistics
    // say: as `lower(nickname) = any(…)` the planner, without fresh statistics on a growing table, read every
    // nickname of the camsite and filtered them (8 ms for 100 names among 8,000).
    const rows = rowsOf<{ id: number; key: string }>(
      await tx.execute(sql`
        select n.id, u.key from unnest(${sql.param(list.map((n) => n.toLowerCase()))}::text[]) as u(key)
        cross join lateral (select id from nicknames
          where cam_site_id = ${camSiteId} and deleted_at is null and lower(nickname) = u.key limit 1) n`),
    );
    for (const r of rows) byKey.set(r.key, Number(r.id));
  };
  // Known nicknames are the rule; only the missing ones are inserted (a concurrent insert is tolerated).
  if (names.length > 0) await lookup(names);
  const missing = names.filter((n) => !byKey.has(n.toLowerCase()));
  let created = 0;
  if (missing.length > 0) {
    created = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into nicknames (nickname, cam_site_id, has_stats, first_seen_at)
        select n, ${camSiteId}, true, ${ts(t)} from unnest(${sql.param(missing)}::text[]) as n
        on conflict (cam_site_id, lower(nickname)) where deleted_at is null do nothing
        returning id`),
    ).length;
    await lookup(missing);
  }
  const ids = observations.map(({ nickname: n }) => {
    const id = byKey.get(n.toLowerCase());
    if (id === undefined) throw new Error(`nickname ${n} was not stored`);
    return id;
  });
  return { ids, created };
}

/** The poll's nicknames once each (by id), in order, with their observations. */
export async function resolveNicknames(
  tx: Database,
  camSiteId: number,
  t: number,
  deduped: readonly IngestObservationInput[],
  cache: NicknameCache,
): Promise<{ ids: number[]; observations: IngestObservationInput[]; created: number }> {
  const resolved = await upsertNicknames(tx, camSiteId, t, deduped, cache);
  const created = resolved.created;
  // Two spellings PostgreSQL folds to the same nickname count once (the first), as one name listed twice does.
  const ids: number[] = [];
  const observations: IngestObservationInput[] = [];
  const seen = new Set<number>();
  resolved.ids.forEach((id, i) => {
    if (seen.has(id)) return;
    seen.add(id);
    ids.push(id);
    observations.push(deduped[i] as IngestObservationInput);
  });
  return { ids, observations, created };
}
