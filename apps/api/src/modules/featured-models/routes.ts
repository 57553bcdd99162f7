import { listAllFeaturedModels, listCurrentFeaturedModels, listNicknamesOfModels } from "@camatlas/db";
import { API_MESSAGES, PAGE_SIZE } from "@camatlas/shared";
import { featuredModelEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentAdminFeaturedModel, presentFeaturedModel } from "./presenter.ts";
import { createFeaturedModel, deleteFeaturedModelEntry, updateFeaturedModelEntry } from "./service.ts";

const publicRoute = contractRoute(featuredModelEndpoints.list, {
  access: "public",
  tags: ["featured models"],
  summary: `The home page's featured models (${PAGE_SIZE.featuredModels}), in admin order`,
  replyDescription: "Featured models",
});

const adminListRoute = contractRoute(featuredModelEndpoints.adminList, {
  access: "admin",
  tags: ["featured models"],
  summary: "Every featured entry, also past and upcoming ones (admins)",
  replyDescription: "Entries",
});

const createFeaturedRoute = contractRoute(featuredModelEndpoints.create, {
  access: "admin",
  tags: ["featured models"],
  summary: "Feature a model (admins)",
  replyDescription: "Created",
});

const updateFeaturedRoute = contractRoute(featuredModelEndpoints.update, {
  access: "admin",
  tags: ["featured models"],
  summary: "Change a featured entry (admins); fields left out stay as they are",
  replyDescription: "Saved",
});

const deleteFeaturedRoute = contractRoute(featuredModelEndpoints.delete, {
  access: "admin",
  tags: ["featured models"],
  summary: "Stop featuring (admins)",
  replyDescription: "Deleted",
});

export const featuredModelRoutes = new OpenAPIHono<AppEnv>()
  .openapi(publicRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const rows = await listCurrentFeaturedModels(db, PAGE_SIZE.featuredModels, viewerOf(c));
    const nicknames = await listNicknamesOfModels(
      db,
      rows.map((row) => row.card.id),
    );
    return c.json(
      rows.map((row) => presentFeaturedModel(row, nicknames, storage)),
      200,
    );
  })
  .openapi(adminListRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const rows = await listAllFeaturedModels(db);
    return c.json(
      rows.map((row) => presentAdminFeaturedModel(row, storage)),
      200,
    );
  })
  .openapi(createFeaturedRoute, async (c) => {
    const row = await createFeaturedModel(c, c.req.valid("json"));
    return c.json(presentAdminFeaturedModel(row, c.var.deps.storage), 201);
  })
  .openapi(updateFeaturedRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await updateFeaturedModelEntry(c, id, c.req.valid("json"));
    return c.json(presentAdminFeaturedModel(row, c.var.deps.storage), 200);
  })
  .openapi(deleteFeaturedRoute, async (c) => {
    const { id } = c.req.valid("param");
    await deleteFeaturedModelEntry(c, id);
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
