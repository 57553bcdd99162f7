import { legacyEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { viewerOf } from "../models/viewer.ts";
import { resolveLegacyPath } from "./service.ts";

const resolveRoute = contractRoute(legacyEndpoints.resolve, {
  access: "public",
  tags: ["system"],
  summary:
    "Canonical path of a legacy address: camsite (id), camsite-profile (camsite_id, name), comment (id), data-json (camsite or camsite_id, name), profile (name), picture (id)",
  replyDescription: "Where the legacy address now lives",
  errors: { 404: "Nothing there" },
});

export const legacyRoutes = new OpenAPIHono<AppEnv>().openapi(resolveRoute, async (c) => {
  // A legacy address names a model only to a viewer her page would show (models/viewer.ts: who and where from).
  const url = await resolveLegacyPath(c.var.deps.db, c.req.valid("query"), viewerOf(c));
  if (!url) throw notFound();
  return c.json({ url }, 200);
});
