import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { defaultIngestCache, forgetCachedNicknames, type IngestCache } from "./cache.ts";
import { CAMSITE_LOCK } from "./polls.ts";

// Nickname renames seen by a collector (a camsite performer id that shows up under a new name). The stats nickname
// keeps its row, so her history, rollups, sessions and model link follow her, and the change is kept as a past
// nickname (nickname_changes, the Nicknames tab of camsites 3, 8 and 12; other camsites keep the row but do not show
// it, spec §9).

export interface NicknameRename {
  from: string;
  to: string;
  /** Epoch seconds: when the collector saw the new name. */
  at: number;
}

export type RenameResult =
  /** The nickname row now carries the new name; one change row added. */
  | "renamed"
  /** The new name already was a separate stats nickname (e.g. polled before the rename was seen): the change is
   * recorded on it, each name keeps its own history (merging two histories is not done). */
  | "recorded"
  /** Only the letter case changed: the row shows the new spelling, no past nickname is recorded (names are unique
   * per camsite regardless of case, so it is the same nickname). */
  | "respelled"
  /** Already applied (a replay), older than a later rename of hers, or neither name is known on the camsite. */
  | "unchanged";

/** nicknames.nickname and nickname_changes hold at most this many characters. */
const NICKNAME_MAX_LENGTH = 100;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Applies a camsite's renames in order, in one transaction; applying the same renames again changes nothing. */
export async function applyNicknameRenames(
  db: Database,
  camSiteId: number,
  renames: readonly NicknameRename[],
  /** The one the camsite's polls use (IngestOptions.cache). */
  cache: IngestCache = defaultIngestCache,
): Promise<RenameResult[]> {
  if (renames.length === 0) return [];
  // The same camsite lock as ingestion, so a rename never interleaves with a poll.
  const results = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAMSITE_LOCK}, ${camSiteId})`);
    const applied: RenameResult[] = [];
    for (const rename of renames) applied.push(await applyOne(tx, camSiteId, rename));
    return applied;
  });
  // Ingestion caches nickname ids by name: the old names no longer point at the renamed rows.
  forgetCachedNicknames(
    cache,
    db,
    camSiteId,
    renames.map((r) => r.from.trim()),
  );
  return results;
}

async function findNickname(tx: Database, camSiteId: number, name: string) {
  const [row] = rowsOf<{ id: number; nickname: string }>(
    await tx.execute(sql`select id, nickname from nicknames
      where cam_site_id = ${camSiteId} and deleted_at is null and lower(nickname) = ${name.toLowerCase()}
      limit 1 for update`),
  );
  return row ? { id: Number(row.id), nickname: String(row.nickname) } : null;
}

async function applyOne(tx: Database, camSiteId: number, rename: NicknameRename): Promise<RenameResult> {
  const from = rename.from.trim();
  const to = rename.to.trim();
  // A name the columns cannot hold is skipped rather than failing the whole batch (and the poll after it) forever.
  if (!from || !to || from === to || from.length > NICKNAME_MAX_LENGTH || to.length > NICKNAME_MAX_LENGTH)
    return "unchanged";
  if (from.toLowerCase() === to.toLowerCase()) {
    const row = await findNickname(tx, camSiteId, to);
    if (!row || row.nickname === to) return "unchanged";
    await tx.execute(sql`update nicknames set nickname = ${to}, updated_at = now() where id = ${row.id}`);
    return "respelled";
  }
  const target = await findNickname(tx, camSiteId, to);
  if (target) return (await recordChange(tx, target.id, from, to, rename.at)) ? "recorded" : "unchanged";
  const source = await findNickname(tx, camSiteId, from);
  if (!source || (await changedSince(tx, source.id, rename.at))) return "unchanged";
  await tx.execute(sql`update nicknames set nickname = ${to}, updated_at = now() where id = ${source.id}`);
  await recordChange(tx, source.id, source.nickname, to, rename.at);
  return "renamed";
}

/** True when the nickname was renamed after `at`: an older rename (a late replay) must not undo that. */
async function changedSince(tx: Database, nicknameId: number, at: number) {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from nickname_changes
      where nickname_id = ${nicknameId} and changed_at > to_timestamp(${Math.floor(at)}::float8) limit 1`),
  );
  return rows.length > 0;
}

/** Adds the change unless it is already there: the nickname's newest change, or the same change at the same time
 * (a replay); false when nothing was added. */
async function recordChange(tx: Database, nicknameId: number, from: string, to: string, at: number) {
  const inserted = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into nickname_changes (nickname_id, old_nickname, new_nickname, changed_at)
      select ${nicknameId}, ${from}, ${to}, to_timestamp(${Math.floor(at)}::float8)
      where not exists (
        select 1 from (select old_nickname, new_nickname from nickname_changes where nickname_id = ${nicknameId}
          order by changed_at desc, id desc limit 1) last
        where lower(last.old_nickname) = ${from.toLowerCase()} and lower(last.new_nickname) = ${to.toLowerCase()})
      and not exists (select 1 from nickname_changes where nickname_id = ${nicknameId}
        and changed_at = to_timestamp(${Math.floor(at)}::float8)
        and lower(old_nickname) = ${from.toLowerCase()} and lower(new_nickname) = ${to.toLowerCase()})
      returning id`),
  );
  return inserted.length > 0;
}
