import { findPublishedPage, listNavPages, listPages } from "@camatlas/db";
import { API_MESSAGES, BODY_LIMITS, PAGE_SIZE, toPageEnvelope } from "@camatlas/shared";
import { pageEndpoints } from "@camatlas/shared/api-contract";
import { CONTACT_PAGE_SLUG } from "@camatlas/shared/schemas/pages";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { contactAddresses } from "../settings/service.ts";
import { presentAdminPage, presentPublicPage, presentSiteNavigation } from "./presenter.ts";
import { createPage, editPage, removePage } from "./service.ts";

const publicRoute = contractRoute(pageEndpoints.bySlug, {
  access: "public",
  tags: ["pages"],
  summary: "A published static page, its markdown rendered to safe HTML",
  replyDescription: "The page",
});
const navigationRoute = contractRoute(pageEndpoints.navigation, {
  access: "public",
  tags: ["pages"],
  summary: "The published pages linked from the header menu and from the footer, each in admin order",
  replyDescription: "The shell's page links",
});
const adminListRoute = contractRoute(pageEndpoints.adminList, {
  access: "admin",
  tags: ["pages"],
  summary: "All static pages (admins)",
  replyDescription: "A page of static pages",
});
const createPageRoute = contractRoute(pageEndpoints.create, {
  // Page bodies up to 100,000 characters.
  bodyLimit: BODY_LIMITS.document,
  access: "admin",
  tags: ["pages"],
  summary: "Create a static page (admins)",
  replyDescription: "Created",
});
const updatePageRoute = contractRoute(pageEndpoints.update, {
  bodyLimit: BODY_LIMITS.document,
  access: "admin",
  tags: ["pages"],
  summary: "Change a static page (admins); fields left out stay as they are",
  replyDescription: "Saved",
});
const deletePageRoute = contractRoute(pageEndpoints.delete, {
  access: "admin",
  tags: ["pages"],
  summary: "Delete a static page (admins)",
  replyDescription: "Deleted",
});

export const pageRoutes = new OpenAPIHono<AppEnv>()
  .openapi(publicRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { db, env } = c.var.deps;
    const row = await findPublishedPage(db, slug.toLowerCase());
    if (!row) throw notFound();
    const addresses =
      row.slug === CONTACT_PAGE_SLUG ? await contactAddresses(c.var.deps, env.PRODUCT_NAME) : undefined;
    return c.json(presentPublicPage(row, env.PRODUCT_NAME, addresses), 200);
  })
  .openapi(navigationRoute, async (c) => {
    const { db, env, caches } = c.var.deps;
    // Read on every page view: kept a minute, dropped by any page write (they publish `catalog`).
    const reply = await caches.siteNavigation.get("links", async () =>
      presentSiteNavigation(await listNavPages(db), env.PRODUCT_NAME),
    );
    return c.json(reply, 200);
  })
  .openapi(adminListRoute, async (c) => {
    const { page, per_page: perPage = PAGE_SIZE.default } = c.req.valid("query");
    const { rows, total } = await listPages(c.var.deps.db, page, perPage);
    const data = rows.map((row) => presentAdminPage(row, c.var.deps.env.PRODUCT_NAME));
    return c.json(toPageEnvelope(data, total, page, perPage), 200);
  })
  .openapi(createPageRoute, async (c) => {
    const row = await createPage(c, c.req.valid("json"));
    return c.json(presentAdminPage(row, c.var.deps.env.PRODUCT_NAME), 201);
  })
  .openapi(updatePageRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await editPage(c, id, c.req.valid("json"));
    return c.json(presentAdminPage(row, c.var.deps.env.PRODUCT_NAME), 200);
  })
  .openapi(deletePageRoute, async (c) => {
    const { id } = c.req.valid("param");
    await removePage(c, id);
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
