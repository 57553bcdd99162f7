import { OFFLINE_STATUS_ID } from "@camatlas/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import { escapeLike } from "./models.ts";

// Lists of stats nicknames for /stats: search, online now, top by time online per camsite (daily rollups).
// A nickname of a model the viewer may not see is left out, like everywhere in the catalog.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString();

export interface StatsNicknameListRow {
  id: number;
  nickname: string;
  name: string | null;
  camSiteId: number;
  activityStatusId: number;
  lastActivityAt: string | null;
  modelId: number | null;
  modelName: string | null;
  modelSlug: string | null;
  avatarPath: string | null;
  avatarBlurhash: string | null;
  modelUserId: number | null;
  lastActivityHidden: boolean;
  secondsOnline?: number;
}

/** Condition on `n` (nicknames) joined with `m` (models, left join): her model is visible to the viewer. */
export function visibleTo(viewer: ModelViewer): SQL {
  const visible = modelVisibleTo(viewer);
  return sql`(n.model_id is null or (models.deleted_at is null and models.is_visible and ${visible ?? sql`true`}))`;
}

const columns = sql`n.id, n.nickname, n.name, n.cam_site_id, n.activity_status_id, n.last_activity_at, n.model_id,
  models.name as model_name, models.slug as model_slug, models.user_id as model_user_id, md.path as avatar_path,
  md.blurhash as avatar_blurhash, coalesce(models.is_stats_page_last_activity_hidden, false) as la_hidden`;
const joins = sql`left join models on models.id = n.model_id left join media md on md.id = models.avatar_media_id`;

function toRow(r: Record<string, unknown>): StatsNicknameListRow {
  return {
    id: Number(r.id),
    nickname: String(r.nickname),
    name: (r.name as string | null) ?? null,
    camSiteId: Number(r.cam_site_id),
    activityStatusId: Number(r.activity_status_id),
    lastActivityAt: iso(r.last_activity_at),
    modelId: r.model_id === null ? null : Number(r.model_id),
    modelName: (r.model_name as string | null) ?? null,
    modelSlug: (r.model_slug as string | null) ?? null,
    avatarPath: (r.avatar_path as string | null) ?? null,
    avatarBlurhash: (r.avatar_blurhash as string | null) ?? null,
    modelUserId: r.model_user_id === null || r.model_user_id === undefined ? null : Number(r.model_user_id),
    lastActivityHidden: Boolean(r.la_hidden),
    ...(r.seconds_online === undefined ? {} : { secondsOnline: Number(r.seconds_online) }),
  };
}

export interface StatsSearchFilters {
  query?: string | undefined;
  /**
   * The catalog's names closest to the query (lowercase), from the typo-tolerant name search the model list uses:
   * the nicknames bearing one of them are found too, however the query misspells them.
   */
  closeNames?: readonly string[];
  /** Count the matches up to this many only (search everywhere's "200+"); exact when absent. */
  countCap?: number;
  camSiteId?: number | undefined;
  viewer: ModelViewer;
  page: number;
  perPage: number;
}

/** `visibleTo` for a row `s` holding `model_id`, read by key: checked only for the rows a page or a count takes. */
function visibleByKey(viewer: ModelViewer): SQL {
  const visible = modelVisibleTo(viewer);
  return sql`(s.model_id is null or coalesce((select true from models where models.id = s.model_id
    and models.deleted_at is null and models.is_visible and ${visible ?? sql`true`} limit 1), false))`;
}

/**
 * Stats nicknames whose name contains the query (trigram index) or is one of the close names (the search names'
 * index), exact and prefix matches first, then the most recently active. Only nicknames with statistics.
 *
 * With a query, the matches are ordered by their own columns first and the viewer's visibility is checked by key
 * while the page (and a capped count) takes them: a word in 8,000 nicknames joined every one of them to its model
 * before sorting (60 ms at a million nicknames); now the page checks a handful.
 */
export async function searchStatsNicknames(
  db: Database,
  filters: StatsSearchFilters,
): Promise<{ rows: StatsNicknameListRow[]; total: number; capped: boolean }> {
  const q = filters.query?.trim().toLowerCase() ?? "";
  const own: SQL[] = [sql`n.deleted_at is null`, sql`n.has_stats`];
  if (q) {
    // Containing the query (trigram index); or bearing a name the typo search found among the catalog's names (an
    // array of ids: `in (select …)` inside an OR read every nickname); or, no model bearing it, close to it by
    // trigrams (a partial index of those alone, decision 0046: a `%` scan of every nickname rechecked thousands of
    // rows for a short word, 150 ms at a million nicknames).
    const close = filters.closeNames?.length
      ? sql` or n.id = any(array(select s.nickname_id from model_search_names s
          where s.name = any(${sql.param([...filters.closeNames])}::text[]) and s.nickname_id is not null))`
      : sql``;
    own.push(sql`(lower(n.nickname) like ${`%${escapeLike(q)}%`}${close}
      or (n.model_id is null and n.has_stats and n.deleted_at is null and lower(n.nickname) % ${q}))`);
  }
  if (filters.camSiteId !== undefined) own.push(sql`n.cam_site_id = ${filters.camSiteId}`);
  const cap = filters.countCap;
  const offset = (filters.page - 1) * filters.perPage;
  if (!q) {
    const where = sql.join([...own, visibleTo(filters.viewer)], sql` and `);
    const [rows, count] = await Promise.all([
      db.execute(sql`select ${columns} from nicknames n ${joins} where ${where}
        order by n.last_activity_at desc nulls last, n.id limit ${filters.perPage} offset ${offset}`),
      db.execute(sql`select count(*)::int as total from (select 1 from nicknames n left join models on models.id = n.model_id
        where ${where}${cap === undefined ? sql`` : sql` limit ${cap + 1}`}) m`),
    ]);
    return pageOf(
      rowsOf<Record<string, unknown>>(rows),
      Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0),
      cap,
    );
  }
  const contains = `%${escapeLike(q)}%`;
  // The sort keys as columns, so the outer order is the subquery's own and the page stops after perPage visible rows.
  const matches = sql`select n.id, n.model_id, lower(n.nickname) = ${q} as exact,
      lower(n.nickname) like ${`${escapeLike(q)}%`} as prefix, lower(n.nickname) like ${contains} as contains,
      similarity(lower(n.nickname), ${q}) as sim, n.last_activity_at as at
    from nicknames n where ${sql.join(own, sql` and `)}`;
  const visible = visibleByKey(filters.viewer);
  // One statement, the matches read once: the page and the count both take them in order from `sorted`.
  const result = await db.execute(sql`with sorted as materialized (select * from (${matches}) m
        order by m.exact desc, m.prefix desc, m.contains desc, m.sim desc, m.at desc nulls last, m.id),
      page as (select s.id, row_number() over () as k from (select * from sorted offset 0) s
        where ${visible} limit ${filters.perPage} offset ${offset})
    select counted.matched, hit.* from (select count(*)::int as matched from (select 1 from sorted s
        where ${visible}${cap === undefined ? sql`` : sql` limit ${cap + 1}`}) m) counted
      left join (select ${columns}, page.k from page join nicknames n on n.id = page.id ${joins}) hit on true
    order by hit.k`);
  const found = rowsOf<Record<string, unknown>>(result);
  return pageOf(
    found.filter((r) => r.k !== null && r.k !== undefined),
    Number(found[0]?.matched ?? 0),
    cap,
  );
}

/** A page of rows and its count, read up to `cap + 1` when a cap is given (then "at least", `capped`). */
function pageOf(
  rows: Record<string, unknown>[],
  total: number,
  cap: number | undefined,
): { rows: StatsNicknameListRow[]; total: number; capped: boolean } {
  return {
    rows: rows.map(toRow),
    total: cap === undefined ? total : Math.min(total, cap),
    capped: cap !== undefined && total > cap,
  };
}

/** Nicknames online now (is_open), most recently active first; reads the (camsite, status) index. */
export async function listOnlineStatsNicknames(
  db: Database,
  filters: Omit<StatsSearchFilters, "query">,
): Promise<{ rows: StatsNicknameListRow[]; total: number }> {
  const conditions: SQL[] = [
    sql`n.deleted_at is null`,
    sql`n.activity_status_id <> ${OFFLINE_STATUS_ID}`,
    visibleTo(filters.viewer),
  ];
  if (filters.camSiteId !== undefined) conditions.push(sql`n.cam_site_id = ${filters.camSiteId}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${columns} from nicknames n ${joins} where ${where}
      order by n.last_activity_at desc nulls last, n.id
      limit ${filters.perPage} offset ${(filters.page - 1) * filters.perPage}`),
    db.execute(sql`select count(*)::int as total from nicknames n left join models on models.id = n.model_id
      where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map(toRow),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

/** Camsites that have statistics (a collector row), with how many nicknames are online now. */
export async function listStatsCamsites(
  db: Database,
): Promise<Array<{ camSiteId: number; onlineNow: number }>> {
  return rowsOf<{ cam_site_id: number; online: number }>(
    await db.execute(sql`
      select c.cam_site_id, (select count(*)::int from nicknames n
        where n.cam_site_id = c.cam_site_id and n.activity_status_id <> ${OFFLINE_STATUS_ID} and n.deleted_at is null) as online
      from cam_site_collectors c where c.last_poll_at is not null order by c.cam_site_id`),
  ).map((r) => ({ camSiteId: Number(r.cam_site_id), onlineNow: Number(r.online) }));
}

/**
 * The nicknames of one camsite with the most time online between two UTC days (the (camsite, day) rollup index),
 * before visibility: the same for every visitor, so the caller may cache it.
 */
export async function rankByTimeOnline(
  db: Database,
  options: { camSiteId: number; fromDay: string; toDay: string; limit: number },
): Promise<Array<{ nicknameId: number; secondsOnline: number }>> {
  return rowsOf<{ nickname_id: number; seconds_online: number }>(
    await db.execute(sql`
      select d.nickname_id, sum(d.online_seconds)::bigint as seconds_online
      from nickname_daily_stats d
      where d.cam_site_id = ${options.camSiteId} and d.day >= ${options.fromDay}::date and d.day <= ${options.toDay}::date
      group by d.nickname_id having sum(d.online_seconds) > 0
      order by seconds_online desc, d.nickname_id limit ${options.limit}`),
  ).map((r) => ({ nicknameId: Number(r.nickname_id), secondsOnline: Number(r.seconds_online) }));
}

/** Stats nickname rows by id, in the given order, leaving out those the viewer may not see. */
export async function listStatsNicknamesByIds(
  db: Database,
  ids: readonly number[],
  viewer: ModelViewer,
): Promise<StatsNicknameListRow[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${columns} from nicknames n ${joins}
      where n.id = any(${sql.param([...ids])}::int[]) and n.deleted_at is null and ${visibleTo(viewer)}`),
  ).map(toRow);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
