import { findUserById, findUserByNickName, listUsers } from "@camatlas/db";
import { toPageEnvelope } from "@camatlas/shared";
import { userEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentPublicUserDetails } from "./user-details.ts";

const listRoute = contractRoute(userEndpoints.list, {
  access: "public",
  tags: ["users"],
  summary: "Search users by nick, first or last name; filter by role",
  replyDescription: "A page of public users",
});

const byIdRoute = contractRoute(userEndpoints.byId, {
  access: "public",
  tags: ["users"],
  summary: "A public user profile with the models they own and their activity counts",
  replyDescription: "The user",
});

const byNickRoute = contractRoute(userEndpoints.byNickName, {
  access: "public",
  tags: ["users"],
  summary: "A public user profile by nick name (case-insensitive)",
  replyDescription: "The user",
});

export const userRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const { rows, total } = await listUsers(db, {
      query: q.query,
      roleId: q.role_id,
      page: q.page,
      perPage: q.per_page,
    });
    const data = await presentPublicUserDetails(db, rows, viewerOf(c));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page), 200);
  })
  .openapi(byNickRoute, async (c) => {
    const { db } = c.var.deps;
    const user = await findUserByNickName(db, c.req.valid("param").nick_name);
    if (!user) throw notFound();
    const [detail] = await presentPublicUserDetails(db, [user], viewerOf(c));
    return c.json(detail!, 200);
  })
  .openapi(byIdRoute, async (c) => {
    const { db } = c.var.deps;
    const user = await findUserById(db, c.req.valid("param").id);
    if (!user) throw notFound();
    const [detail] = await presentPublicUserDetails(db, [user], viewerOf(c));
    return c.json(detail!, 200);
  });
