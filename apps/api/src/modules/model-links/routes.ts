import { API_MESSAGES, CATALOG_MESSAGES } from "@camatlas/shared";
import { modelLinkEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { presentModelLink } from "./presenter.ts";
import { addModelLinks, removeModelLink } from "./service.ts";

const createLinksRoute = contractRoute(modelLinkEndpoints.create, {
  access: "user",
  owner: "anyone",
  tags: ["models"],
  summary: "Add links to models: category and contains from the spec's lists; only http(s) URLs",
  replyDescription: "Added",
});

const deleteLinkRoute = contractRoute(modelLinkEndpoints.delete, {
  access: "user",
  owner: { resource: "model_link", others: 403, admins: true },
  tags: ["models"],
  summary: "Remove a link (the bound camgirl or an admin)",
  replyDescription: "Removed",
  errors: { 403: "Not allowed" },
});

export const modelLinkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createLinksRoute, async (c) => {
    const { links } = c.req.valid("json");
    const rows = await addModelLinks(c, links);
    return c.json({ message: CATALOG_MESSAGES.linksAdded, data: rows.map(presentModelLink) }, 200);
  })
  .openapi(deleteLinkRoute, async (c) => {
    const { id } = c.req.valid("param");
    await removeModelLink(c, id);
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
