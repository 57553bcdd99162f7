import {
  applyModelFields,
  countModels,
  type Database,
  existingTagIds,
  findCamSite,
  findLiveNicknameOnCamsite,
  findMediaPath,
  findMergeTarget,
  findModelSlugRedirect,
  insertModel,
  insertNickname,
  insertRevision,
  isSlugTaken,
  listModelCardsByIds,
  listModels,
  listModelsPage,
  listNicknamesOfModels,
  listRankedModelCards,
  listTagsOfModels,
  MODEL_ORDERS,
  type ModelViewer,
  rankSimilarModels,
  readModelFields,
  searchTextScores,
  writeAudit,
} from "@camatlas/db";
import {
  CATALOG_MESSAGES,
  listQuerySchema,
  MAX_PER_PAGE,
  PAGE_SIZE,
  queryBoolean,
  queryIntArray,
  type SearchText,
  SUCCESS_MESSAGES,
  searchQuerySchema,
  toPageEnvelope,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import {
  adminModelUpdateSchema,
  modelCreateSchema,
  modelUpdateSchema,
} from "@camatlas/shared/schemas/catalog";
import {
  modelCardSchema,
  modelProfileSchema,
  redirectReplySchema,
  tagSummarySchema,
} from "@camatlas/shared/schemas/model-card";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import { requireUser } from "../../middleware/authenticate.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { type ApiFieldValues, diffModelFields, toColumnValues } from "./model-fields.ts";
import { can } from "./policy.ts";
import { presentModelCard } from "./presenter.ts";
import { guestModelRead } from "./profile-cache.ts";
import type { SearchSnapshot } from "./search-index/catalog-search-index.ts";
import { loadProfileData, loadVisibleModel, visibleProfile } from "./service.ts";
import { actorOf, viewerOf } from "./viewer.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const idParam = z.object({ id: z.coerce.number().int().positive() });
const errorReplies = {
  401: { description: "Sign in first", ...json(messageSchema) },
  403: { description: "Not allowed", ...json(messageSchema) },
  404: { description: "No such model", ...json(messageSchema) },
  422: { description: "Invalid fields: {message, errors}" },
};

const LIST_WITH = ["tags"] as const;
const LIST_WITH_COUNT = ["nicknames"] as const;

const listQuery = listQuerySchema.extend({
  query: searchQuerySchema.optional(),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(PAGE_SIZE.models),
  order_by: z.enum(MODEL_ORDERS).optional(),
  desc: queryBoolean().optional(),
  cam_site_ids: queryIntArray().optional(),
  tags_id_list: queryIntArray().optional(),
});

const listCardSchema = modelCardSchema.extend({
  tags: z.array(tagSummarySchema).optional(),
  nicknames_count: z.number().int().optional(),
});

const listRoute = createRoute({
  method: "get",
  path: "/models",
  tags: ["models"],
  summary: "List models",
  description:
    "query searches names and every nickname, typo-tolerant (pg_trgm), closest first unless order_by is given. " +
    "with[]=tags adds tags; with_count[]=nicknames adds nicknames_count. Hidden and geo-blocked models are left out.",
  request: { query: listQuery },
  responses: {
    200: {
      description: "A page of models",
      ...json(
        z.object({
          data: z.array(listCardSchema),
          total: z.number().int(),
          current_page: z.number().int(),
          last_page: z.number().int(),
          meta: z.record(z.string(), z.unknown()),
        }),
      ),
    },
    422: errorReplies[422],
  },
});

const profileOrRedirect = z.union([modelProfileSchema, redirectReplySchema]);

const byIdRoute = createRoute({
  method: "get",
  path: "/models/{id}",
  tags: ["models"],
  summary: "One model profile (a merged model answers with a redirect reply)",
  request: { params: idParam },
  responses: {
    200: { description: "The profile, or {is_redirect, redirect_url}", ...json(profileOrRedirect) },
    401: errorReplies[401],
    404: errorReplies[404],
  },
});

const bySlugRoute = createRoute({
  method: "get",
  path: "/models/by-slug/{slug}",
  tags: ["models"],
  summary: "One model by its URL slug (an old slug answers with a redirect reply)",
  request: { params: z.object({ slug: z.string().min(1).max(120) }) },
  responses: {
    200: { description: "The profile, or {is_redirect, redirect_url}", ...json(profileOrRedirect) },
    401: errorReplies[401],
    404: errorReplies[404],
  },
});

const likeHerRoute = createRoute({
  method: "get",
  path: "/models/{id}/like-her",
  tags: ["models"],
  summary: "Girls like her: 4 similar models by tags, camsites, country and age",
  request: { params: idParam },
  responses: {
    200: { description: "Similar models", ...json(z.object({ data: z.array(modelCardSchema) })) },
    401: errorReplies[401],
    404: errorReplies[404],
  },
});

const createModelRoute = createRoute({
  method: "post",
  path: "/models",
  tags: ["models"],
  summary: "Create a model profile (moderation_state new, waits in the admin's new-models queue)",
  middleware: [requireUser()] as const,
  request: { body: { ...json(modelCreateSchema), required: true } },
  responses: {
    201: { description: "Created", ...json(z.object({ message: z.string(), model: modelProfileSchema })) },
    ...errorReplies,
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/models/{id}",
  tags: ["models"],
  summary: "Propose an edit: creates a revision that an admin approves (admins edit directly)",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(modelUpdateSchema), required: true } },
  responses: {
    200: {
      description: "Revision submitted (or, for admins, saved)",
      ...json(
        z.object({
          message: z.string(),
          revision: z.object({ id: z.number().int(), status: z.string() }).nullable(),
          has_unchecked_revisions: z.boolean(),
          model: modelProfileSchema.optional(),
        }),
      ),
    },
    ...errorReplies,
  },
});

const adminUpdateRoute = createRoute({
  method: "put",
  path: "/admin/models/{id}",
  tags: ["admin", "models"],
  summary: "Edit a model directly (admin): profile, SEO fields, slug (old slug redirects), visibility flag",
  middleware: [requireAdmin()] as const,
  request: { params: idParam, body: { ...json(adminModelUpdateSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(z.object({ message: z.string(), model: modelProfileSchema })) },
    ...errorReplies,
  },
});

// Totals may lag by up to 30 s; counting 300k rows per page view would not. One cache per database.
const totalsByDb = new WeakMap<Database, ReturnType<typeof createTtlCache<number>>>();
function totalsOf(db: Database) {
  const cache = totalsByDb.get(db) ?? createTtlCache<number>(30_000);
  totalsByDb.set(db, cache);
  return cache;
}

/** Most names a search scores; a list of results pages through the models bearing them. */
const SEARCH_CAP = 200;
/**
 * Most models a search lists, best first: 20 pages of the default size. A loose typo matches hundreds of names
 * at trigram similarity 0.3, and every listed model is checked for the viewer's visibility to count the total.
 */
const SEARCH_MODELS_CAP = 240;
type Scored = Awaited<ReturnType<typeof searchTextScores>>;
const searchesByDb = new WeakMap<Database, ReturnType<typeof createTtlCache<Scored>>>();
function searchesOf(db: Database) {
  const cache = searchesByDb.get(db) ?? createTtlCache<Scored>(30_000, 500);
  searchesByDb.set(db, cache);
  return cache;
}

type SimilarRanking = Awaited<ReturnType<typeof rankSimilarModels>>;
const similarByDb = new WeakMap<Database, ReturnType<typeof createTtlCache<SimilarRanking>>>();
function similarOf(db: Database) {
  const cache = similarByDb.get(db) ?? createTtlCache<SimilarRanking>(10 * 60_000, 2000);
  similarByDb.set(db, cache);
  return cache;
}

type ListQuery = z.output<typeof listQuery>;
type ListReply = ReturnType<typeof toPageEnvelope<z.infer<typeof listCardSchema>>>;

/** One page of model cards for a viewer: search ranking, list, cached total, nicknames, tags. */
async function buildList(deps: ApiDeps, q: ListQuery, viewer: ModelViewer): Promise<ListReply> {
  const { db } = deps;
  // Normalised by the request schema (searchQuerySchema); empty means no search.
  const search = q.query;
  const index = search ? await deps.searchIndex.current() : null;
  const withTags = q.with?.includes(LIST_WITH[0]) ?? false;
  const { rows, total, nicknames, tags } =
    search && index && !q.cam_site_ids?.length && !q.tags_id_list?.length && !q.order_by
      ? await indexedSearchPage(db, index, search, q, viewer, withTags)
      : await databasePage(db, q, search, viewer, withTags, search ? index : null);
  const withNicknameCount = q.with_count?.includes(LIST_WITH_COUNT[0]);
  const data = rows.map((row) => {
    const card = presentModelCard(row, nicknames);
    return {
      ...card,
      ...(withTags
        ? {
            tags: tags.filter((t) => t.modelId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
          }
        : {}),
      ...(withNicknameCount ? { nicknames_count: card.nicknames.length } : {}),
    };
  });
  return toPageEnvelope(data, total, q.page, q.per_page);
}

type CardRows = Awaited<ReturnType<typeof listModelCardsByIds>>["rows"];
interface ListPage {
  rows: CardRows;
  total: number;
  nicknames: Awaited<ReturnType<typeof listNicknamesOfModels>>;
  tags: Awaited<ReturnType<typeof listTagsOfModels>>;
}

/**
 * A plain search, best match first, from the in-process index: names scored, models ranked and the viewer's count
 * taken in memory; the database reads only the page's cards with their nicknames (one statement), and tags if asked.
 */
async function indexedSearchPage(
  db: Database,
  index: SearchSnapshot,
  search: SearchText,
  q: ListQuery,
  viewer: ModelViewer,
  withTags: boolean,
): Promise<ListPage> {
  const ranked = index.names.rank(index.names.scoreText(search, SEARCH_CAP), SEARCH_MODELS_CAP);
  const visible = ranked.filter((r) => index.facts.visibleTo(viewer, r.modelId));
  const ids = visible.slice((q.page - 1) * q.per_page, q.page * q.per_page).map((r) => r.modelId);
  const [{ rows, nicknames }, tags] = await Promise.all([
    listModelCardsByIds(db, ids, viewer),
    withTags ? listTagsOfModels(db, ids) : Promise.resolve([]),
  ]);
  return { rows, total: visible.length, nicknames, tags };
}

/** Any list from the database: filters, orders, and searches (names scored by the index when it is there). */
async function databasePage(
  db: Database,
  q: ListQuery,
  search: SearchText | undefined,
  viewer: ModelViewer,
  withTags: boolean,
  index: SearchSnapshot | null,
): Promise<ListPage> {
  const base = { camSiteIds: q.cam_site_ids, tagIds: q.tags_id_list, viewer };
  // A search's names are scored by the index, or by the database and then kept briefly (popular queries repeat);
  // each page ranks their models, and counts what the viewer may see of them, in one statement.
  const ranked = search
    ? {
        names: index
          ? index.names.scoreText(search, SEARCH_CAP)
          : await searchesOf(db).get(search, () => searchTextScores(db, search, SEARCH_CAP)),
        limit: SEARCH_MODELS_CAP,
      }
    : undefined;
  const filters = { ...base, ranked };
  const page = { ...filters, orderBy: q.order_by, desc: q.desc, page: q.page, perPage: q.per_page };
  let rows: CardRows;
  let total: number;
  if (ranked) {
    const found = await listModelsPage(db, page);
    rows = found.rows;
    total = found.total ?? (await countModels(db, filters));
  } else
    [rows, total] = await Promise.all([
      listModels(db, page),
      totalsOf(db).get(JSON.stringify(base), () => countModels(db, filters)),
    ]);
  const ids = rows.map((r) => r.id);
  const [nicknames, tags] = await Promise.all([
    listNicknamesOfModels(db, ids),
    withTags ? listTagsOfModels(db, ids) : Promise.resolve([]),
  ]);
  return { rows, total, nicknames, tags };
}

const GUEST_LIST_TTL_MS = 5_000;
// Kept serialized: a shared answer is sent as is, without turning it into JSON again per request.
const guestListsByDb = new WeakMap<Database, ReturnType<typeof createTtlCache<string>>>();
function guestListsOf(db: Database) {
  const cache = guestListsByDb.get(db) ?? createTtlCache<string>(GUEST_LIST_TTL_MS, 500);
  guestListsByDb.set(db, cache);
  return cache;
}

/** Checks the ids a model edit refers to (tags, avatar media); 422 with field errors when one is unknown. */
async function checkReferences(db: Database, values: ApiFieldValues) {
  const errors: Record<string, string[]> = {};
  const tagIds = values.tags_id_list as number[] | undefined;
  if (tagIds?.length) {
    const known = await existingTagIds(db, tagIds);
    if (tagIds.some((id) => !known.has(id))) errors.tags_id_list = [CATALOG_MESSAGES.unknownTag];
  }
  const avatarId = values.avatar_media_id as number | null | undefined;
  if (avatarId != null && !(await findMediaPath(db, avatarId)))
    errors.avatar_media_id = [VALIDATION_MESSAGES.mediaNotFound];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

async function profileReply(c: Context<AppEnv>, db: Database, id: number) {
  const data = await loadProfileData(c, db, { id });
  if (!data) throw notFound();
  return visibleProfile(c, data);
}

export const modelRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const viewer = viewerOf(c);
    // Guests asking the same list from the same place within a few seconds share one answer (micro-cache):
    // visibility depends only on the place for them, and lists may lag that little.
    if (viewer.userId === null) {
      // The query string as sent (no URL parsing: this runs on every guest request).
      const url = c.req.url;
      const search = url.includes("?") ? url.slice(url.indexOf("?")) : "";
      const key = `${search}|${viewer.country}|${viewer.region}|${viewer.ip}`;
      const json = await guestListsOf(db).get(key, async () =>
        JSON.stringify(await buildList(c.var.deps, q, viewer)),
      );
      return c.body(json, 200, { "content-type": "application/json" });
    }
    return c.json(await buildList(c.var.deps, q, viewer), 200);
  })
  .openapi(bySlugRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { db } = c.var.deps;
    const data = await loadProfileData(c, db, { slug });
    if (!data) {
      const moved = await findModelSlugRedirect(db, slug);
      if (moved) return c.json({ is_redirect: true as const, redirect_url: `/models/${moved.slug}` }, 200);
      throw notFound();
    }
    if (data.row.mergedIntoModelId !== null) {
      const target = await findMergeTarget(db, data.row.id);
      if (target) return c.json({ is_redirect: true as const, redirect_url: `/models/${target.slug}` }, 200);
      throw notFound();
    }
    return c.json(visibleProfile(c, data), 200);
  })
  .openapi(byIdRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    const data = await loadProfileData(c, db, { id });
    if (!data) throw notFound();
    if (data.row.mergedIntoModelId !== null) {
      const target = await findMergeTarget(db, data.row.id);
      if (target) return c.json({ is_redirect: true as const, redirect_url: `/models/${target.slug}` }, 200);
      throw notFound();
    }
    return c.json(visibleProfile(c, data), 200);
  })
  .openapi(likeHerRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await loadVisibleModel(c, db, id);
    // The ranking is the same for everyone and changes slowly: cached per model; visibility applies per viewer.
    const ranked = await similarOf(db).get(String(id), () =>
      rankSimilarModels(db, id, PAGE_SIZE.recommendations * 5),
    );
    const viewer = viewerOf(c);
    const cards = async () => {
      const rows = await listRankedModelCards(db, ranked, PAGE_SIZE.recommendations, viewer);
      const nicknames = await listNicknamesOfModels(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => presentModelCard(r, nicknames));
    };
    // Guests from the same place share the cards for a few seconds (visibility depends only on the place).
    const data =
      viewer.userId === null
        ? await guestModelRead(db, `like-her:${id}|${viewer.country}|${viewer.region}|${viewer.ip}`, cards)
        : await cards();
    return c.json({ data }, 200);
  })
  .openapi(createModelRoute, async (c) => {
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const user = c.var.user!;
    const { nicknames = [], ...fields } = body;
    await checkReferences(db, fields);
    // Nicknames are checked before anything is written: unknown camsites and duplicates answer 422.
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    for (const [i, n] of nicknames.entries()) {
      const key = `${n.cam_site_id}:${n.nickname.toLowerCase()}`;
      if (!(await findCamSite(db, { id: n.cam_site_id })))
        errors[`nicknames.${i}.cam_site_id`] = [CATALOG_MESSAGES.unknownCamsite];
      else if (seen.has(key))
        errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.duplicateNicknameInRequest];
      else if (await findLiveNicknameOnCamsite(db, n.cam_site_id, n.nickname))
        errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.nicknameTakenOnCamsite];
      seen.add(key);
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    const created = await db
      .transaction(async (tx) => {
        const model = await insertModel(tx, {
          ...toColumnValues(fields),
          name: fields.name,
          createdByUserId: user.id,
        });
        for (const n of nicknames)
          await insertNickname(tx, {
            modelId: model.id,
            camSiteId: n.cam_site_id,
            nickname: n.nickname,
            type: n.type,
            userId: user.id,
          });
        await writeAudit(tx, {
          actorUserId: user.id,
          action: "model.created",
          subjectType: "model",
          subjectId: model.id,
          changes: { name: fields.name, nicknames: nicknames.length },
          ip: c.var.clientIp,
        });
        return model;
      })
      .catch((error: unknown) => {
        // A nickname or slug taken by a concurrent request between the checks and the insert.
        if (isUniqueViolation(error))
          throw validationFailed({ nicknames: [CATALOG_MESSAGES.nicknameTakenOnCamsite] });
        throw error;
      });
    const model = await profileReply(c, db, created.id);
    return c.json({ message: SUCCESS_MESSAGES.modelProfileCreated, model }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const actor = actorOf(c)!;
    const { row } = await loadVisibleModel(c, db, id);
    const current = await readModelFields(db, id);
    if (!current) throw notFound();
    const { changes, previous } = diffModelFields(current, body);
    if (Object.keys(changes).length === 0)
      throw validationFailed({ body: [CATALOG_MESSAGES.nothingToChange] });
    if ("avatar_media_id" in changes && !can(actor, "change_avatar", row))
      throw forbidden(CATALOG_MESSAGES.avatarChangesForbidden);
    await checkReferences(db, changes);
    if (can(actor, "edit_directly", row)) {
      await db.transaction(async (tx) => {
        await applyModelFields(tx, id, toColumnValues(changes));
        await writeAudit(tx, {
          actorUserId: actor.id,
          action: "model.updated",
          subjectType: "model",
          subjectId: id,
          changes: { from: previous, to: changes },
          ip: c.var.clientIp,
        });
      });
      const model = await profileReply(c, db, id);
      return c.json(
        {
          message: CATALOG_MESSAGES.modelUpdated,
          revision: null,
          has_unchecked_revisions: model.has_unchecked_revisions,
          model,
        },
        200,
      );
    }
    // Everyone else, the bound camgirl included, goes through moderation: the public profile stays as it is.
    const revisionId = await db.transaction((tx) =>
      insertRevision(tx, { modelId: id, userId: actor.id, changes, previous }),
    );
    return c.json(
      {
        message: SUCCESS_MESSAGES.revisionSubmitted,
        revision: { id: revisionId, status: "pending" },
        has_unchecked_revisions: true,
      },
      200,
    );
  })
  .openapi(adminUpdateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const actor = actorOf(c)!;
    const current = await readModelFields(db, id);
    if (!current) throw notFound();
    const { changes, previous } = diffModelFields(current, body);
    await checkReferences(db, changes);
    if (typeof changes.slug === "string" && (await isSlugTaken(db, changes.slug, id)))
      throw validationFailed({ slug: [CATALOG_MESSAGES.slugTaken] });
    if (Object.keys(changes).length) {
      await db.transaction(async (tx) => {
        await applyModelFields(tx, id, toColumnValues(changes));
        await writeAudit(tx, {
          actorUserId: actor.id,
          action: "model.updated",
          subjectType: "model",
          subjectId: id,
          changes: { from: previous, to: changes },
          ip: c.var.clientIp,
        });
      });
    }
    return c.json({ message: CATALOG_MESSAGES.modelUpdated, model: await profileReply(c, db, id) }, 200);
  });
