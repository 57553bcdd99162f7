import {
  countModels,
  type Database,
  findMergeTarget,
  findModelSlugRedirect,
  listModelCardsByIds,
  listModels,
  listModelsPage,
  listNicknamesOfModels,
  listRankedModelCards,
  listTagsOfModels,
  type ModelViewer,
  rankSimilarModels,
} from "@camatlas/db";
import {
  CATALOG_MESSAGES,
  PAGE_SIZE,
  type SearchText,
  SUCCESS_MESSAGES,
  toPageEnvelope,
} from "@camatlas/shared";
import { type ModelListQuery, type ModelListReply, modelEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { serializedJson } from "../../lib/serialized-json.ts";
import { withLiveStories } from "../stories/model-story-stats.ts";
import { presentModelCard } from "./presenter.ts";
import { guestModelRead } from "./profile-cache.ts";
import type { SearchSnapshot } from "./search-index/catalog-search-index.ts";
import { CLOSEST_NAMES_CAP, closestNames } from "./search-index/closest-names.ts";
import {
  adminEditModel,
  createModelProfile,
  loadProfileData,
  loadVisibleModel,
  profileOf,
  proposeModelEdit,
  visibleProfile,
} from "./service.ts";
import { viewerOf } from "./viewer.ts";

const LIST_WITH = ["tags"] as const;
const LIST_WITH_COUNT = ["nicknames"] as const;

const listRoute = contractRoute(modelEndpoints.list, {
  access: "public",
  tags: ["models"],
  summary: "List models",
  description:
    "query searches names and every nickname, typo-tolerant (pg_trgm), closest first unless order_by is given. " +
    "with[]=tags adds tags; with_count[]=nicknames adds nicknames_count. Hidden and geo-blocked models are left out.",
  replyDescription: "A page of models",
});

/** A profile hidden from guests (only_registered_users) answers 401. */
const profileErrors = { 401: "Sign in first" };

const byIdRoute = contractRoute(modelEndpoints.byId, {
  access: "public",
  tags: ["models"],
  summary: "One model profile (a merged model answers with a redirect reply)",
  replyDescription: "The profile, or {is_redirect, redirect_url}",
  errors: profileErrors,
});

const bySlugRoute = contractRoute(modelEndpoints.bySlug, {
  access: "public",
  tags: ["models"],
  summary: "One model by its URL slug (an old slug answers with a redirect reply)",
  replyDescription: "The profile, or {is_redirect, redirect_url}",
  errors: profileErrors,
});

const likeHerRoute = contractRoute(modelEndpoints.likeHer, {
  access: "public",
  tags: ["models"],
  summary: "Girls like her: 4 similar models by tags, camsites, country and age",
  replyDescription: "Similar models",
  errors: profileErrors,
});

const createModelRoute = contractRoute(modelEndpoints.create, {
  access: "user",
  owner: "anyone",
  tags: ["models"],
  summary: "Create a model profile (moderation_state new, waits in the admin's new-models queue)",
  replyDescription: "Created",
  // The write is refused from another site's page (origin check); the reply reads the new profile back.
  errors: {
    403: "Cross-site request refused (a cookie-signed write from another site)",
    404: "The new profile could not be read back (removed meanwhile)",
  },
});

const updateRoute = contractRoute(modelEndpoints.update, {
  access: "user",
  // Anyone signed in proposes an edit of any model she may see; an admin decides.
  owner: "anyone",
  tags: ["models"],
  summary: "Propose an edit: creates a revision that an admin approves (admins edit directly)",
  replyDescription: "Revision submitted (or, for admins, saved)",
  errors: { 403: "Not allowed" },
});

const adminUpdateRoute = contractRoute(modelEndpoints.adminUpdate, {
  access: "admin",
  tags: ["admin", "models"],
  summary: "Edit a model directly (admin): profile, SEO fields, slug (old slug redirects), visibility flag",
  replyDescription: "Saved",
});

/**
 * Most models a search lists, best first: 20 pages of the default size. A loose typo matches hundreds of names
 * at trigram similarity 0.3, and every listed model is checked for the viewer's visibility to count the total.
 */
const SEARCH_MODELS_CAP = 240;
type ListQuery = ModelListQuery;
type ListReply = ModelListReply;

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
      : await databasePage(deps, q, search, viewer, withTags, search ? index : null);
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
  const ranked = index.names.rank(index.names.scoreText(search, CLOSEST_NAMES_CAP), SEARCH_MODELS_CAP);
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
  deps: ApiDeps,
  q: ListQuery,
  search: SearchText | undefined,
  viewer: ModelViewer,
  withTags: boolean,
  index: SearchSnapshot | null,
): Promise<ListPage> {
  const { db, caches } = deps;
  const base = { camSiteIds: q.cam_site_ids, tagIds: q.tags_id_list, viewer };
  // A search's names are scored by the index, or by the database and then kept briefly (closestNames); each page
  // ranks their models, and counts what the viewer may see of them, in one statement.
  const ranked = search
    ? { names: await closestNames(deps, search, index), limit: SEARCH_MODELS_CAP }
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
      caches.modelListTotals.get(JSON.stringify(base), () => countModels(db, filters)),
    ]);
  const ids = rows.map((r) => r.id);
  const [nicknames, tags] = await Promise.all([
    listNicknamesOfModels(db, ids),
    withTags ? listTagsOfModels(db, ids) : Promise.resolve([]),
  ]);
  return { rows, total, nicknames, tags };
}

export const modelRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const viewer = viewerOf(c);
    // Guests asking the same list from the same place within a few seconds share one answer (micro-cache):
    // visibility depends only on the place for them, and lists may lag that little.
    if (viewer.userId === null) {
      // The query string as sent (no URL parsing: this runs on every guest request).
      const url = c.req.url;
      const search = url.includes("?") ? url.slice(url.indexOf("?")) : "";
      const key = `${search}|${viewer.country}|${viewer.region}|${viewer.ip}`;
      // Kept serialized: a shared answer is sent as is, without turning it into JSON again per request.
      const json = await c.var.deps.caches.guestModelLists.get(key, async () =>
        JSON.stringify(await buildList(c.var.deps, q, viewer)),
      );
      return serializedJson<ListReply>(c, json);
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
    return c.json(await withLiveStories(db, visibleProfile(c, data)), 200);
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
    return c.json(await withLiveStories(db, visibleProfile(c, data)), 200);
  })
  .openapi(likeHerRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await loadVisibleModel(c, db, id);
    // The ranking is the same for everyone and changes slowly: cached per model; visibility applies per viewer.
    const ranked = await c.var.deps.caches.similarModels.get(String(id), () =>
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
        ? await guestModelRead(
            c.var.deps,
            `like-her:${id}|${viewer.country}|${viewer.region}|${viewer.ip}`,
            cards,
          )
        : await cards();
    return c.json({ data }, 200);
  })
  .openapi(createModelRoute, async (c) => {
    const id = await createModelProfile(c, c.req.valid("json"));
    return c.json({ message: SUCCESS_MESSAGES.modelProfileCreated, model: await profileOf(c, id) }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await proposeModelEdit(c, id, c.req.valid("json"));
    if (outcome.revisionId === null) {
      const model = await profileOf(c, id);
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
    return c.json(
      {
        message: SUCCESS_MESSAGES.revisionSubmitted,
        revision: { id: outcome.revisionId, status: "pending" },
        has_unchecked_revisions: true,
      },
      200,
    );
  })
  .openapi(adminUpdateRoute, async (c) => {
    const { id } = c.req.valid("param");
    await adminEditModel(c, id, c.req.valid("json"));
    return c.json({ message: CATALOG_MESSAGES.modelUpdated, model: await profileOf(c, id) }, 200);
  });
