import {
  countUnreadNotificationsOf,
  listNotificationsOf,
  markAllNotificationsRead,
  markNotificationRead,
} from "@camatlas/db";
import { API_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import { notificationEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound } from "../../lib/http-errors.ts";
import { presentNotification } from "./presenter.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listRoute = contractRoute(notificationEndpoints.list, {
  access: "user",
  owner: "self",
  tags: ["notifications"],
  summary: "The signed-in user's notifications, newest first",
  replyDescription: "A page of notifications",
});

const unreadRoute = contractRoute(notificationEndpoints.unreadCount, {
  access: "user",
  owner: "self",
  tags: ["notifications"],
  summary: "How many of the signed-in user's notifications are unread",
  replyDescription: "Unread count",
});

const readOneRoute = contractRoute(notificationEndpoints.read, {
  invalidates: [],
  access: "user",
  // Someone else's notification does not exist for the caller, admins included.
  owner: { resource: "notification", others: 404, admins: false },
  tags: ["notifications"],
  summary: "Mark one of the signed-in user's notifications read",
  replyDescription: "The notification, read",
});

const readAllRoute = contractRoute(notificationEndpoints.readAll, {
  invalidates: [],
  access: "user",
  owner: "self",
  tags: ["notifications"],
  summary: "Mark all the signed-in user's notifications read",
  replyDescription: "How many changed",
});

export const notificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { rows, total } = await listNotificationsOf(c.var.deps.db, currentUser(c).id, {
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(toPageEnvelope(rows.map(presentNotification), total, q.page, q.per_page), 200);
  })
  .openapi(unreadRoute, async (c) => {
    return c.json({ count: await countUnreadNotificationsOf(c.var.deps.db, currentUser(c).id) }, 200);
  })
  .openapi(readAllRoute, async (c) => {
    const count = await markAllNotificationsRead(c.var.deps.db, currentUser(c).id);
    return c.json({ message: API_MESSAGES.notificationsRead, count }, 200);
  })
  .openapi(readOneRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!UUID.test(id)) throw notFound();
    const row = await markNotificationRead(c.var.deps.db, currentUser(c).id, id);
    if (!row) throw notFound();
    return c.json(presentNotification(row), 200);
  });
