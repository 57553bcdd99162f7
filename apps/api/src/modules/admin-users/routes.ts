import { listUsers } from "@camatlas/db";
import { API_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import { adminUserEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { presentAdminUser } from "../auth/presenter.ts";
import { changeUser, targetOf } from "./service.ts";

const selfRefused = { 403: "Not an admin, or the admin's own account" };

const listRoute = contractRoute(adminUserEndpoints.list, {
  access: "admin",
  tags: ["admin"],
  summary: "Users with email, block state and last sign-in; search, role and blocked filters",
  replyDescription: "A page of users",
});

const updateRoute = contractRoute(adminUserEndpoints.update, {
  access: "admin",
  tags: ["admin"],
  summary: "Change a user's role",
  replyDescription: "Changed",
  errors: selfRefused,
});

const blockRoute = contractRoute(adminUserEndpoints.block, {
  access: "admin",
  tags: ["admin"],
  summary: "Block a user: sign-in answers 403 and their tokens stop working",
  replyDescription: "Blocked",
  errors: selfRefused,
});

const unblockRoute = contractRoute(adminUserEndpoints.unblock, {
  access: "admin",
  tags: ["admin"],
  summary: "Unblock a user",
  replyDescription: "Unblocked",
  errors: selfRefused,
});

export const adminUserRoutes = new OpenAPIHono<AppEnv>()
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
    const { reason = null, until = null } = c.req.valid("json") ?? {};
    // Blocking again keeps the first date and takes the new reason and end (an admin correcting them).
    const body = await changeUser(
      c,
      user,
      {
        blockedAt: user.blockedAt ?? new Date(),
        blockedReason: reason,
        blockedUntil: until ? new Date(`${until}T00:00:00Z`) : null,
      },
      {
        action: "user.blocked",
        changes: { blocked: { from: Boolean(user.blockedAt), to: true }, reason, until },
      },
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
      { blockedAt: null, blockedReason: null, blockedUntil: null },
      { action: "user.unblocked", changes: { blocked: { from: true, to: false } } },
      API_MESSAGES.userUnblocked,
    );
    return c.json(body, 200);
  });
