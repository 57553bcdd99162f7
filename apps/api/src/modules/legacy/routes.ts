import { legacyEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
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
  const url = await resolveLegacyPath(c.var.deps.db, c.req.valid("query"));
  if (!url) throw notFound();
  return c.json({ url }, 200);
});
