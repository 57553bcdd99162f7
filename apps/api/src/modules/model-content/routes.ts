import { findModelContent, findModelDetail } from "@camatlas/db";
import { BODY_LIMITS, SUCCESS_MESSAGES } from "@camatlas/shared";
import { modelContentEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { presentModelContent } from "./presenter.ts";
import { saveModelContent } from "./service.ts";

const getRoute = contractRoute(modelContentEndpoints.get, {
  access: "admin",
  tags: ["admin", "models"],
  summary: "A model's content: generated text (template combination), unique text and which one shows",
  replyDescription: "The content (empty values when none was created yet)",
});

const saveRoute = contractRoute(modelContentEndpoints.save, {
  // Unique texts up to 20,000 characters.
  bodyLimit: BODY_LIMITS.longText,
  access: "admin",
  tags: ["admin", "models"],
  summary:
    "Create or update a model's content (admin): unique_text + is_unique_text_used, is_public; regenerate or combination rebuilds the generated text",
  replyDescription: "Saved: 'Model content has been successfully created!' or '… updated!'",
});

export const modelContentRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    if (!(await findModelDetail(db, id))) throw notFound();
    return c.json(presentModelContent(id, await findModelContent(db, id)), 200);
  })
  .openapi(saveRoute, async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await saveModelContent(c, id, c.req.valid("json"));
    const message =
      outcome === "created" ? SUCCESS_MESSAGES.modelContentCreated : SUCCESS_MESSAGES.modelContentUpdated;
    const content = presentModelContent(id, await findModelContent(c.var.deps.db, id));
    return c.json({ message, content }, 200);
  });
