import { nameHitsOf, searchModelsTypeahead, searchTextScores } from "@camatlas/db";
import { PAGE_SIZE, type SearchText } from "@camatlas/shared";
import { searchEndpoints, type TypeaheadItemReply } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { serializedJson } from "../../lib/serialized-json.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentTypeaheadItem } from "./presenter.ts";

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

export const searchRoutes = new OpenAPIHono<AppEnv>().openapi(typeaheadRoute, async (c) => {
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
