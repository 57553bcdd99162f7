import { findUserById, listUsers, type UserRow, updateUser, writeAudit } from "@camatlas/db";
import { API_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import {
  adminUpdateUserRequestSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
} from "@camatlas/shared/schemas/users";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { forbidden, notFound } from "../../lib/http-errors.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { presentAdminUser } from "../auth/presenter.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const resultSchema = z.object({ message: z.string(), user: adminUserSchema });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const guarded = {
  401: { description: "Not signed in", ...json(messageSchema) },
  403: { description: "Not an admin, or the admin's own account", ...json(messageSchema) },
};

const listRoute = createRoute({
  method: "get",
  path: "/admin/users",
  tags: ["admin"],
  summary: "Users with email, block state and last sign-in; search, role and blocked filters",
  request: { query: adminUserListQuerySchema },
  responses: { 200: { description: "A page of users", ...json(adminUserPageSchema) }, ...guarded },
});

const updateRoute = createRoute({
  method: "put",
  path: "/admin/users/{id}",
  tags: ["admin"],
  summary: "Change a user's role",
  request: { params: idParams, body: { ...json(adminUpdateUserRequestSchema), required: true } },
  responses: {
    200: { description: "Changed", ...json(resultSchema) },
    404: { description: "No such user", ...json(messageSchema) },
    422: { description: "Unknown role" },
    ...guarded,
  },
});

const blockRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/block",
  tags: ["admin"],
  summary: "Block a user: sign-in answers 403 and their tokens stop working",
  request: { params: idParams },
  responses: {
    200: { description: "Blocked", ...json(resultSchema) },
    404: { description: "No such user", ...json(messageSchema) },
    ...guarded,
  },
});

const unblockRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/unblock",
  tags: ["admin"],
  summary: "Unblock a user",
  request: { params: idParams },
  responses: {
    200: { description: "Unblocked", ...json(resultSchema) },
    404: { description: "No such user", ...json(messageSchema) },
    ...guarded,
  },
});

async function targetOf(c: Context<AppEnv>, id: number): Promise<UserRow> {
  // An admin cannot lock themself out: no self-demotion, no self-block.
  if (id === c.var.user!.id) throw forbidden(API_MESSAGES.cannotModerateSelf);
  const user = await findUserById(c.var.deps.db, id);
  if (!user) throw notFound();
  return user;
}

/** Applies a change and its audit row in one transaction, then answers with the fresh user. */
async function changeUser(
  c: Context<AppEnv>,
  user: UserRow,
  change: { blockedAt?: Date | null; roleId?: number },
  audit: { action: string; changes: Record<string, unknown> },
  message: string,
) {
  const { db } = c.var.deps;
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, change);
    await writeAudit(tx, {
      actorUserId: c.var.user!.id,
      action: audit.action,
      subjectType: "user",
      subjectId: user.id,
      changes: audit.changes,
      ip: c.var.clientIp,
    });
  });
  const fresh = await findUserById(db, user.id);
  return { message, user: presentAdminUser(fresh!) };
}

export const adminUserRoutes = new OpenAPIHono<AppEnv>();
adminUserRoutes.use("/admin/users", requireAdmin());
adminUserRoutes.use("/admin/users/*", requireAdmin());

adminUserRoutes
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { rows, total } = await listUsers(c.var.deps.db, {
      query: q.query,
      roleId: q.role_id,
      blocked: q.blocked,
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(toPageEnvelope(rows.map(presentAdminUser), total, q.page, q.per_page), 200);
  })
  .openapi(updateRoute, async (c) => {
    const user = await targetOf(c, c.req.valid("param").id);
    const { role_id } = c.req.valid("json");
    if (role_id === user.roleId)
      return c.json({ message: API_MESSAGES.userRoleChanged, user: presentAdminUser(user) }, 200);
    const body = await changeUser(
      c,
      user,
      { roleId: role_id },
      { action: "user.role_changed", changes: { role_id: { from: user.roleId, to: role_id } } },
      API_MESSAGES.userRoleChanged,
    );
    return c.json(body, 200);
  })
  .openapi(blockRoute, async (c) => {
    const user = await targetOf(c, c.req.valid("param").id);
    if (user.blockedAt)
      return c.json({ message: API_MESSAGES.userBlocked, user: presentAdminUser(user) }, 200);
    const body = await changeUser(
      c,
      user,
      { blockedAt: new Date() },
      { action: "user.blocked", changes: { blocked: { from: false, to: true } } },
      API_MESSAGES.userBlocked,
    );
    return c.json(body, 200);
  })
  .openapi(unblockRoute, async (c) => {
    const user = await targetOf(c, c.req.valid("param").id);
    if (!user.blockedAt)
      return c.json({ message: API_MESSAGES.userUnblocked, user: presentAdminUser(user) }, 200);
    const body = await changeUser(
      c,
      user,
      { blockedAt: null },
      { action: "user.unblocked", changes: { blocked: { from: true, to: false } } },
      API_MESSAGES.userUnblocked,
    );
    return c.json(body, 200);
  });
