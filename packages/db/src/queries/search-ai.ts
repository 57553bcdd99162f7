import { ACTIVITY_STATUS_ID, OFFLINE_STATUS_ID } from "@camatlas/shared";
import type { AiFilters } from "@camatlas/shared/ai-search";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { rankingByNames, type ScoredName } from "./model-search.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// The AI search's filters as SQL over the catalog (decision 0032): models the viewer may see that meet every filter
// (alternatives within one filter), those online first, then the best rated; and each one's latest snapshots.

/** How far back "usually online" and the latest camscore look. */
const USUAL_HOURS_DAYS = 30;
const CAMSCORE_DAYS = 7;
/** The share of her online time that must fall in the asked hours for "usually online then". */
const USUAL_SHARE = 0.25;
/** Most models the text words' names may bring (as the model list's search). */
const TEXT_MODELS_CAP = 240;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const intList = (values: readonly number[]) => {
  for (const v of values) if (!Number.isInteger(v)) throw new TypeError(`Not an integer: ${v}`);
  return sql.raw(`array[${values.join(",")}]::int[]`);
};

/** The conditions on `models` the filters make; `usualHoursUtc` is the asked window turned into UTC hours. */
function filterConditions(
  filters: AiFilters,
  usualHoursUtc: readonly number[] | null,
  textNames: readonly ScoredName[] | null,
): SQL[] {
  const nicknameOf = (condition: SQL) =>
    sql`exists (select 1 from nicknames n where n.model_id = models.id and n.deleted_at is null and ${condition})`;
  const conditions: SQL[] = [];
  if (filters.camsites.length)
    conditions.push(nicknameOf(sql`n.cam_site_id = any(${intList(filters.camsites)})`));
  if (filters.countries.length || filters.regions.length) {
    const places: SQL[] = [];
    if (filters.countries.length)
      places.push(
        sql`models.country in (${sql.join(
          filters.countries.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
    if (filters.regions.length)
      places.push(
        sql`models.region in (${sql.join(
          filters.regions.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      );
    conditions.push(sql`(${sql.join(places, sql` or `)})`);
  }
  for (const slug of filters.tags)
    conditions.push(
      sql`exists (select 1 from model_tags mt join tags t on t.id = mt.tag_id where mt.model_id = models.id and t.slug = ${slug})`,
    );
  if (filters.genders.length)
    conditions.push(
      sql`models.gender in (${sql.join(
        filters.genders.map((g) => sql`${g}`),
        sql`, `,
      )})`,
    );
  if (filters.statuses.length)
    conditions.push(
      nicknameOf(
        sql`n.activity_status_id = any(${intList(filters.statuses.map((s) => ACTIVITY_STATUS_ID[s]))})`,
      ),
    );
  if (filters.online_now) conditions.push(nicknameOf(sql`n.activity_status_id <> ${OFFLINE_STATUS_ID}`));
  if (usualHoursUtc?.length)
    conditions.push(sql`(select sum(h.seconds) filter (where h.position - 1 = any(${intList(usualHoursUtc)}))::float8
        / nullif(sum(h.seconds), 0)
      from nicknames n join nickname_daily_stats d on d.nickname_id = n.id
      cross join lateral unnest(d.hour_histogram) with ordinality as h(seconds, position)
      where n.model_id = models.id and d.day >= current_date - ${USUAL_HOURS_DAYS}::int) >= ${USUAL_SHARE}`);
  if (filters.age_min !== null)
    conditions.push(
      sql`models.birthday <= current_date - make_interval(years => ${Math.floor(filters.age_min)}::int)`,
    );
  if (filters.age_max !== null)
    conditions.push(
      sql`models.birthday > current_date - make_interval(years => ${Math.floor(filters.age_max) + 1}::int)`,
    );
  if (filters.rating_min !== null)
    conditions.push(sql`models.rating_votes > 0 and models.rating >= ${filters.rating_min}`);
  if (filters.rating_max !== null)
    conditions.push(sql`models.rating_votes > 0 and models.rating <= ${filters.rating_max}`);
  if (filters.camscore_min !== null || filters.camscore_max !== null) {
    const bounds: SQL[] = [sql`d.camscore_last is not null`];
    if (filters.camscore_min !== null) bounds.push(sql`d.camscore_last >= ${filters.camscore_min}`);
    if (filters.camscore_max !== null) bounds.push(sql`d.camscore_last <= ${filters.camscore_max}`);
    conditions.push(sql`exists (select 1 from nicknames n join nickname_daily_stats d on d.nickname_id = n.id
      where n.model_id = models.id and d.day >= current_date - ${CAMSCORE_DAYS}::int and ${sql.join(bounds, sql` and `)})`);
  }
  if (filters.new_since !== null) conditions.push(sql`models.created_at >= ${filters.new_since}::date`);
  // Words nothing understood: the models the name search (typo-tolerant, decision 0005) finds for them.
  if (filters.text.length)
    conditions.push(
      textNames?.length
        ? sql`models.id in (select r.model_id from ${rankingByNames(textNames, TEXT_MODELS_CAP)} as r)`
        : sql`false`,
    );
  return conditions;
}

/** One page of the ids of the models meeting the filters, online first, then the best rated, and their count. */
export async function searchModelsByFilters(
  db: Database,
  filters: AiFilters,
  options: {
    viewer: ModelViewer;
    page: number;
    perPage: number;
    usualHoursUtc: readonly number[] | null;
    /** The names scored for `filters.text` by the name search. */
    textNames: readonly ScoredName[] | null;
  },
): Promise<{ ids: number[]; total: number }> {
  const where = sql.join(
    [
      modelPageVisibleTo(options.viewer),
      ...filterConditions(filters, options.usualHoursUtc, options.textNames),
    ],
    sql` and `,
  );
  const online = sql`exists (select 1 from nicknames n where n.model_id = models.id and n.deleted_at is null
    and n.activity_status_id <> ${OFFLINE_STATUS_ID})`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select models.id from models where ${where}
      order by ${online} desc, models.rating desc, models.rating_votes desc, models.id desc
      limit ${options.perPage} offset ${(Math.max(1, options.page) - 1) * options.perPage}`),
    db.execute(sql`select count(*)::int as total from models where ${where}`),
  ]);
  return {
    ids: rowsOf<{ id: number }>(rows).map((r) => Number(r.id)),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

export interface ModelSnapshotRow {
  modelId: number;
  id: number;
  url: string | null;
  mediaPath: string | null;
  takenAt: string;
  blurhash: string | null;
}

/** The latest `perModel` snapshots of each model, newest first (one statement for the page). */
export async function listLatestSnapshotsOfModels(
  db: Database,
  modelIds: readonly number[],
  perModel: number,
): Promise<ModelSnapshotRow[]> {
  if (modelIds.length === 0) return [];
  const rows = await db.execute(sql`select m.id as model_id, s.id, s.url, s.media_path, s.taken_at, s.blurhash
    from unnest(${intList(modelIds)}) as m(id)
    cross join lateral (
      select r.id, r.url, md.path as media_path, r.taken_at, coalesce(r.blurhash, md.blurhash) as blurhash
      from nicknames n join image_records r on r.nickname_id = n.id
      left join media md on md.id = r.media_id and md.deleted_at is null
      where n.model_id = m.id and r.type = 'snapshot'
      order by r.taken_at desc, r.id desc limit ${perModel}
    ) s`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => ({
    modelId: Number(r.model_id),
    id: Number(r.id),
    url: (r.url as string | null) ?? null,
    mediaPath: (r.media_path as string | null) ?? null,
    takenAt: (r.taken_at instanceof Date ? r.taken_at : new Date(String(r.taken_at))).toISOString(),
    blurhash: (r.blurhash as string | null) ?? null,
  }));
}
