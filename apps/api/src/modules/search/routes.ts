import { nameHitsOf, searchModelsTypeahead, searchTextScores } from "@camatlas/db";
import { PAGE_SIZE, type SearchText, toPageEnvelope } from "@camatlas/shared";
import {
  aiSearchEndpoints,
  SEARCH_MIN_LENGTH,
  SEARCH_SECTION_SIZES,
  SEARCH_SECTIONS,
  type SearchAllReply,
  type SearchSection,
  searchAllEndpoints,
  searchEndpoints,
  type TypeaheadItemReply,
} from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { mapAtMost } from "../../lib/map-at-most.ts";
import { serializedJson } from "../../lib/serialized-json.ts";
import { viewerOf } from "../models/viewer.ts";
import { aiSearch } from "./ai-search.ts";
import { presentTypeaheadItem } from "./presenter.ts";
import { loadSection, sharedClosestNames } from "./sections.ts";

const typeaheadRoute = contractRoute(searchEndpoints.typeahead, {
  access: "public",
  tags: ["search"],
  summary:
    "Header search: up to 8 models by name or nickname, typo-tolerant (trigram similarity), closest first",
  replyDescription: "Matches",
});

type Viewer = ReturnType<typeof viewerOf>;

async function typeaheadItems(
  deps: ApiDeps,
  query: SearchText,
  viewer: Viewer,
): Promise<TypeaheadItemReply[]> {
  const { db } = deps;
  // Keystrokes repeat across visitors: the name hits of a query are kept 30 s; visibility applies per viewer.
  const limit = PAGE_SIZE.modelSearch * 3;
  const hits = await deps.caches.typeaheadHits.get(query, async () => {
    const index = await deps.searchIndex.current();
    const scored = index ? index.names.scoreText(query, limit) : await searchTextScores(db, query, limit);
    return nameHitsOf(db, scored, limit);
  });
  const rows = await searchModelsTypeahead(db, query, PAGE_SIZE.modelSearch, viewer, hits);
  return rows.map(presentTypeaheadItem);
}

const aiRoute = contractRoute(aiSearchEndpoints.ai, {
  access: "public",
  tags: ["search"],
  summary:
    "AI search: plain words read into filters over the catalog (camsites, countries, tags, show types, ages, " +
    "stars, camscore, online now, usual hours in time_zone, new since; other words as text), shown as chips; " +
    "the models meeting them (10 per page, online first) with 4 recent snapshots each. Never by face or image",
  replyDescription: "Understood filters and models",
});

const allRoute = contractRoute(searchAllEndpoints.all, {
  access: "public",
  tags: ["search"],
  summary:
    "Search everywhere: the first page and the count of each section asked for (all when none is): models by " +
    "name or nickname (typo-tolerant), reviews, posts, comments and forum topics by their text (full-text, " +
    "highlighted snippets), users by nick_name, stats nicknames (typo-tolerant); what the caller may see only",
  replyDescription: "Sections",
});

const SECTION_SUMMARIES: Record<SearchSection, string> = {
  models: "Search: models by name or nickname, typo-tolerant, best match first (8 per page)",
  reviews:
    "Search: published user reviews by their text, best match first, with highlighted snippets (8 per page)",
  posts:
    "Search: published editorial reviews, blog and news posts by their text, best match first (8 per page)",
  comments: "Search: comments by their text in threads the caller may read, best match first (6 per page)",
  users: "Search: users by nick_name, typo-tolerant, exact and prefix matches first (6 per page)",
  stats: "Search: stats nicknames by name, typo-tolerant, exact and prefix matches first (8 per page)",
  topics:
    "Search: published forum topics by their title or the words of one of their posts (then its snippet and a link to it), best match first (4 per page)",
  snapshots: "Search: live snapshots by nickname, topic or camsite, newest first (12 per page)",
};

const emptyPage = (page: number) => ({
  data: [],
  total: 0,
  capped: false,
  current_page: page,
  last_page: 1,
  meta: {},
});

type SectionQuery = { query: SearchText; page: number; per_page: number };

/** GET /search/{section}: one section's page. */
function sectionRoutes<S extends SearchSection>(section: S) {
  const route = contractRoute(searchAllEndpoints[section], {
    access: "public",
    tags: ["search"],
    summary: SECTION_SUMMARIES[section],
    replyDescription: "Hits",
  });
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    // Every section's query has the same shape; the generic route does not narrow it.
    const q = (c.req.valid as unknown as (target: "query") => SectionQuery)("query");
    if (q.query.length < SEARCH_MIN_LENGTH) return c.json(emptyPage(q.page) as never, 200);
    const { data, total, capped } = await loadSection(c.var.deps, section, {
      query: q.query,
      viewer: viewerOf(c),
      page: q.page,
      perPage: q.per_page,
    });
    return c.json({ ...toPageEnvelope(data as unknown[], total, q.page, q.per_page), capped } as never, 200);
  });
}

/**
 * Sections of one search page loaded at once. All eight side by side ran eight statements on a database with two
 * cores, and the page took longer than its sections one after the other ("eyes" at scale: 81–95 ms against a 69 ms
 * sum); three at a time took 44–50 (decision 0047).
 */
const SECTIONS_AT_ONCE = 3;

/**
 * The order a search page starts its sections in, the dearest first (decision 0049): with three at a time, the stats
 * section (the costliest for a nickname, 7–20 ms at scale) started sixth and ran alone at the end of the page.
 * Replies keep SEARCH_SECTIONS' order.
 */
const LOAD_ORDER: readonly SearchSection[] = [
  "stats",
  "models",
  "comments",
  "reviews",
  "topics",
  "users",
  "snapshots",
  "posts",
];

export const searchRoutes = new OpenAPIHono<AppEnv>()
  .openapi(allRoute, async (c) => {
    const { query, sections, limit } = c.req.valid("query");
    const reply: SearchAllReply = { query, sections: {} };
    if (query.length < SEARCH_MIN_LENGTH) return c.json(reply, 200);
    const wanted = sections?.length ? SEARCH_SECTIONS.filter((s) => sections.includes(s)) : SEARCH_SECTIONS;
    const viewer = viewerOf(c);
    const names = sharedClosestNames(c.var.deps, query);
    const order = [
      ...LOAD_ORDER.filter((s) => wanted.includes(s)),
      ...wanted.filter((s) => !LOAD_ORDER.includes(s)),
    ];
    const pages = await mapAtMost(order, SECTIONS_AT_ONCE, (section) =>
      loadSection(c.var.deps, section, {
        query,
        viewer,
        page: 1,
        perPage: Math.min(limit ?? Number.POSITIVE_INFINITY, SEARCH_SECTION_SIZES[section]),
        closestNames: names,
      }),
    );
    const loaded = new Map(order.map((section, i) => [section, pages[i]]));
    for (const section of wanted) (reply.sections as Record<string, unknown>)[section] = loaded.get(section);
    return c.json(reply, 200);
  })
  .openapi(aiRoute, async (c) => {
    const q = c.req.valid("query");
    const reply = await aiSearch(c.var.deps, {
      query: q.query,
      page: q.page,
      perPage: q.per_page,
      timeZone: q.time_zone,
      viewer: viewerOf(c),
    });
    return c.json(reply, 200);
  })
  .route("/", sectionRoutes("models"))
  .route("/", sectionRoutes("reviews"))
  .route("/", sectionRoutes("posts"))
  .route("/", sectionRoutes("comments"))
  .route("/", sectionRoutes("users"))
  .route("/", sectionRoutes("stats"))
  .route("/", sectionRoutes("topics"))
  .route("/", sectionRoutes("snapshots"))
  .openapi(typeaheadRoute, async (c) => {
    const { query } = c.req.valid("query");
    if (query.length < 2) return c.json({ data: [] }, 200);
    const viewer = viewerOf(c);
    // Guests typing the same letters from the same place within a few seconds share one answer: visibility depends
    // only on the place for them (as for the model list).
    if (viewer.userId === null) {
      const key = `${query}|${viewer.country}|${viewer.region}|${viewer.ip}`;
      // Kept serialized: a shared answer is sent as is.
      const json = await c.var.deps.caches.guestTypeaheadAnswers.get(key, async () =>
        JSON.stringify({ data: await typeaheadItems(c.var.deps, query, viewer) }),
      );
      return serializedJson<{ data: TypeaheadItemReply[] }>(c, json);
    }
    return c.json({ data: await typeaheadItems(c.var.deps, query, viewer) }, 200);
  });
