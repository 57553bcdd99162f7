import { findUserById, findUserByNickName, listUsers } from "@camatlas/db";
import { toPageEnvelope } from "@camatlas/shared";
import {
  nickNameParamSchema,
  publicUserDetailSchema,
  publicUserPageSchema,
  userListQuerySchema,
} from "@camatlas/shared/schemas/users";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { presentPublicUserDetails } from "./user-details.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });

const listRoute = createRoute({
  method: "get",
  path: "/users",
  tags: ["users"],
  summary: "Search users by nick, first or last name; filter by role",
  request: { query: userListQuerySchema },
  responses: { 200: { description: "A page of public users", ...json(publicUserPageSchema) } },
});

const byIdRoute = createRoute({
  method: "get",
  path: "/users/{id}",
  tags: ["users"],
  summary: "A public user profile with the models they own and their activity counts",
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: { description: "The user", ...json(publicUserDetailSchema) },
    404: { description: "No such user", ...json(messageSchema) },
  },
});

const byNickRoute = createRoute({
  method: "get",
  path: "/users/by-nick-name/{nick_name}",
  tags: ["users"],
  summary: "A public user profile by nick name (case-insensitive)",
  request: { params: nickNameParamSchema },
  responses: {
    200: { description: "The user", ...json(publicUserDetailSchema) },
    404: { description: "No such user", ...json(messageSchema) },
  },
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
    const data = await presentPublicUserDetails(db, rows);
    return c.json(toPageEnvelope(data, total, q.page, q.per_page), 200);
  })
  .openapi(byNickRoute, async (c) => {
    const { db } = c.var.deps;
    const user = await findUserByNickName(db, c.req.valid("param").nick_name);
    if (!user) throw notFound();
    const [detail] = await presentPublicUserDetails(db, [user]);
    return c.json(detail!, 200);
  })
  .openapi(byIdRoute, async (c) => {
    const { db } = c.var.deps;
    const user = await findUserById(db, c.req.valid("param").id);
    if (!user) throw notFound();
    const [detail] = await presentPublicUserDetails(db, [user]);
    return c.json(detail!, 200);
  });
