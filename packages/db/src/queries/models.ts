import { type ModelOrder, normalizeSearchText, type SearchText } from "@camatlas/shared";
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import { models, modelTags, nicknames } from "../schema/models.ts";
import { rankingByNames, type ScoredName } from "./model-search.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import { executeNamed, statementName } from "./named-statements.ts";
import { intArrayParam } from "./sql-array-params.ts";
import { escapeLike } from "./sql-like.ts";

// Other queries escape their LIKE patterns with it from here.
export { escapeLike };

export interface ModelListFilters {
  /** A search as typed (normalised here), unless `ranked` is given. */
  query?: string | undefined;
  camSiteIds?: number[] | undefined;
  tagIds?: number[] | undefined;
  orderBy?: ModelOrder | undefined;
  desc?: boolean | undefined;
  page: number;
  perPage: number;
  /** Who reads: page visibility and blocks apply (a guest without location when absent). */
  viewer?: ModelViewer | undefined;
  /**
   * A search's scored names (searchNameScores): the list keeps the models bearing them, best first (the first
   * `limit` of them), instead of searching again; `query` is not read then. Pass them to list and count alike.
   */
  ranked?: { names: readonly ScoredName[]; limit: number } | undefined;
}

/** Public columns of a model card; the API presenter shapes them. */
const modelCardColumns = {
  id: models.id,
  slug: models.slug,
  name: models.name,
  birthday: models.birthday,
  country: models.country,
  city: models.city,
  gender: models.gender,
  rating: models.rating,
  ratingVotes: models.ratingVotes,
  lastActivityAt: models.lastActivityAt,
  isCountryAgeHidden: models.isCountryAgeHidden,
  pageVisibleFor: models.pageVisibleFor,
  userId: models.userId,
  avatarPath: media.path,
  avatarBlurhash: media.blurhash,
  createdAt: models.createdAt,
};

export type ModelCardRow = Awaited<ReturnType<typeof listModels>>[number];

type ListConditions = Omit<ModelListFilters, "page" | "perPage" | "orderBy" | "desc">;

/** The search a list runs itself: its query, normalised once per call; none when the names come scored (`ranked`). */
function listSearch(filters: ListConditions): SearchText | undefined {
  return filters.ranked || filters.query === undefined ? undefined : normalizeSearchText(filters.query);
}

function modelListWhere(filters: ListConditions, search: SearchText | undefined): SQL | undefined {
  const conditions: SQL[] = [
    isNull(models.deletedAt),
    eq(models.isVisible, true),
    isNull(models.mergedIntoModelId),
  ];
  const visible = modelVisibleTo(filters.viewer);
  if (visible) conditions.push(visible);
  if (filters.ranked) {
    const { names, limit } = filters.ranked;
    conditions.push(
      names.length
        ? sql`${models.id} in (select r.model_id from ${rankingByNames(names, limit)} as r)`
        : sql`false`,
    );
  } else if (search) {
    // Substring matches plus trigram similarity (pg_trgm `%`), so a misspelt name or nickname still finds her.
    // Candidates come from each table's trigram index (a UNION), never from a per-model subquery.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`${models.id} in (
      select m.id from ${models} m where lower(m.name) like ${pattern} or lower(m.name) % ${search}
      union
      select n.model_id from ${nicknames} n
       where n.model_id is not null and n.deleted_at is null
         and (lower(n.nickname) like ${pattern} or lower(n.nickname) % ${search}))`);
  }
  if (filters.camSiteIds?.length) {
    conditions.push(
      sql`exists (select 1 from ${nicknames} n where n.model_id = ${models.id} and n.deleted_at is null and n.cam_site_id in ${filters.camSiteIds})`,
    );
  }
  if (filters.tagIds?.length) {
    conditions.push(
      sql`exists (select 1 from ${modelTags} mt where mt.model_id = ${models.id} and mt.tag_id in ${filters.tagIds})`,
    );
  }
  return and(...conditions);
}

/** How many models match the filters (the pager's total). */
export async function countModels(db: Database, filters: ListConditions) {
  const [row] = await db
    .select({ total: count() })
    .from(models)
    .where(modelListWhere(filters, listSearch(filters)));
  return Number(row?.total ?? 0);
}

/** One page of model cards, best match (with a search) or the chosen order first. */
export async function listModels(db: Database, filters: ModelListFilters) {
  return (await listModelsPage(db, filters)).rows;
}

/**
 * One page of model cards, and with a ranked search also how many models of the ranking the viewer may see, both
 * from one statement (the ranking is at most a few hundred models). `total` is null otherwise, and when the page is
 * past the end.
 */
export async function listModelsPage(db: Database, filters: ModelListFilters) {
  const ranked = filters.ranked?.names.length ? filters.ranked : undefined;
  const search = listSearch(filters);
  // A ranked search's models come from the joined ranking, so the filters go without it.
  const where = modelListWhere(ranked ? { ...filters, ranked: undefined } : filters, search);
  const direction = filters.desc === false ? asc : desc;
  // With a search and no explicit order, the closest match comes first.
  const relevance = ranked
    ? [sql`r.score desc`, asc(models.id)]
    : search
      ? [
          sql`greatest(similarity(lower(${models.name}), ${search}), coalesce((select max(similarity(lower(n.nickname), ${search})) from ${nicknames} n where n.model_id = ${models.id} and n.deleted_at is null), 0)) desc`,
          desc(models.ratingVotes),
          desc(models.id),
        ]
      : null;
  const order = (() => {
    if (relevance && !filters.orderBy) return relevance;
    switch (filters.orderBy ?? "rating") {
      case "name":
        return filters.desc ? [desc(models.name)] : [asc(models.name)];
      case "newest":
        return [direction(models.createdAt), desc(models.id)];
      case "last_activity":
        return [
          sql`${models.lastActivityAt} ${filters.desc === false ? sql`asc` : sql`desc`} nulls last`,
          desc(models.id),
        ];
      default:
        return [direction(models.rating), desc(models.ratingVotes), desc(models.id)];
    }
  })();
  const columns = {
    ...modelCardColumns,
    total: ranked ? sql<number>`count(*) over ()`.mapWith(Number) : sql<null>`null`,
  };
  const base = db.select(columns).from(models);
  const joined = ranked
    ? base.innerJoin(sql`${rankingByNames(ranked.names, ranked.limit)} as r`, sql`r.model_id = ${models.id}`)
    : base;
  const query = joined
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(where)
    .orderBy(...order)
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage);
  // A ranked page's plan does not depend on the names (an index lookup per name and per model): prepared once.
  const rows = ranked ? await executeNamed(query) : await query;
  const total = ranked ? (rows[0]?.total ?? null) : null;
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

/**
 * The cards of the given models that the viewer may see, in the order of `ids`, with their nicknames: a page of a
 * ranking made elsewhere (the in-process search index), in one statement. The list's conditions and the viewer's
 * visibility apply again here.
 */
export async function listModelCardsByIds(db: Database, ids: readonly number[], viewer?: ModelViewer) {
  if (ids.length === 0) return { rows: [], nicknames: [] };
  for (const id of ids) if (!Number.isInteger(id)) throw new TypeError(`Not a model id: ${id}`);
  const found = await cardsByIdsStatement(db, viewer).execute({
    ids: `{${ids.join(",")}}`,
    userId: viewer?.userId ?? null,
    country: viewer?.country ?? null,
    region: viewer?.region ?? null,
    ip: viewer?.ip ?? null,
  });
  const position = new Map(ids.map((id, i) => [id, i]));
  found.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return {
    rows: found.map(({ nicknames: _, ...row }) => row),
    nicknames: found.flatMap((row) =>
      parsedJson<NicknameTuple[]>(row.nicknames).map(
        ([
          id,
          nickname,
          type,
          activityStatusId,
          lastActivityAt,
          camSiteId,
          camSiteName,
          camSiteSlug,
          url,
        ]) => ({
          id,
          modelId: row.id,
          nickname,
          type,
          activityStatusId,
          lastActivityAt: lastActivityAt === null ? null : new Date(lastActivityAt),
          camSiteId,
          camSiteName,
          camSiteSlug,
          modelUrlTemplate: url,
        }),
      ),
    ),
  };
}

/**
 * The statement of listModelCardsByIds for one shape of viewer (admin or not, signed in or not, which parts of her
 * place are known), built and prepared once per database: building a query costs more process time than running it
 * for a page of twelve models. The ids and the viewer's values are its parameters.
 */
function cardsByIdsStatement(db: Database, viewer: ModelViewer | undefined) {
  const shape = viewer
    ? `${viewer.isAdmin}|${viewer.userId !== null}|${!!viewer.country}|${!!viewer.region}|${!!viewer.ip}`
    : "guest";
  const statements = cardStatementsByDb.get(db) ?? new Map<string, CardsStatement>();
  cardStatementsByDb.set(db, statements);
  const known = statements.get(shape);
  if (known) return known;
  // The viewer's values as placeholders: modelVisibleTo puts them in its SQL as parameters, whatever they are.
  const placeholders = viewer && {
    isAdmin: viewer.isAdmin,
    userId: viewer.userId === null ? null : sql.placeholder("userId"),
    country: viewer.country ? sql.placeholder("country") : null,
    region: viewer.region ? sql.placeholder("region") : null,
    ip: viewer.ip ? sql.placeholder("ip") : null,
  };
  const query = db
    .select({
      ...modelCardColumns,
      // [id, nickname, type, activity status, last activity, camsite id, name, slug, url template], as listed by
      // listNicknamesOfModels.
      nicknames: sql<NicknameTuple[]>`(
        select coalesce(json_agg(json_build_array(n.id, n.nickname, n.type, n.activity_status_id, n.last_activity_at,
                        n.cam_site_id, c.name, c.slug, c.model_url_template) order by n.cam_site_id, n.id), '[]')
          from ${nicknames} n join ${camSites} c on c.id = n.cam_site_id
         where n.model_id = ${models.id} and n.deleted_at is null)`,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(
      and(
        sql`${models.id} = any(${sql.placeholder("ids")}::int[])`,
        modelListWhere({ viewer: placeholders as unknown as ModelViewer | undefined }, undefined),
      ),
    );
  const statement = query.prepare(statementName(query.toSQL().sql));
  statements.set(shape, statement);
  return statement;
}

interface CardsStatement {
  execute(values: Record<string, unknown>): Promise<(ModelCardRow & { nicknames: NicknameTuple[] })[]>;
}
const cardStatementsByDb = new WeakMap<Database, Map<string, CardsStatement>>();

type NicknameTuple = [
  number,
  string,
  NicknameRow["type"],
  number,
  string | null,
  number,
  string,
  string,
  NicknameRow["modelUrlTemplate"],
];

/** node-postgres and PGlite both parse json columns; a driver that hands over text is read here. */
function parsedJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

export async function findModelBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({
      ...modelCardColumns,
      about: models.about,
      displayName: models.displayName,
      isIndexedSearchRobots: models.isIndexedSearchRobots,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(and(eq(models.slug, slug), isNull(models.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type NicknameRow = Awaited<ReturnType<typeof listNicknamesOfModels>>[number];

/** Nicknames (with their camsite) of many models at once, for cards and profiles. */
export async function listNicknamesOfModels(db: Database, modelIds: number[]) {
  if (modelIds.length === 0) return [];
  const query = db
    .select({
      id: nicknames.id,
      modelId: nicknames.modelId,
      nickname: nicknames.nickname,
      type: nicknames.type,
      activityStatusId: nicknames.activityStatusId,
      lastActivityAt: nicknames.lastActivityAt,
      camSiteId: nicknames.camSiteId,
      camSiteName: camSites.name,
      camSiteSlug: camSites.slug,
      // The admin-editable template: performer links follow it (spec §9).
      modelUrlTemplate: camSites.modelUrlTemplate,
    })
    .from(nicknames)
    .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
    .where(and(sql`${nicknames.modelId} = any(${intArrayParam(modelIds)})`, isNull(nicknames.deletedAt)))
    .orderBy(asc(nicknames.camSiteId), asc(nicknames.id));
  return executeNamed(query);
}
