import {
  countUnreadNotificationsOf,
  listNotificationsOf,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationRow,
} from "@camatlas/db";
import { API_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import {
  type Notification,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  unreadCountSchema,
} from "@camatlas/shared/schemas/notifications";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { requireUser } from "../../middleware/authenticate.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentNotification(row: NotificationRow): Notification {
  const data: Notification["data"] = { text: row.data.text };
  if (row.data.title !== undefined) data.title = row.data.title;
  if (row.data.models_ids !== undefined) data.models_ids = row.data.models_ids;
  if (row.data.models !== undefined) data.models = row.data.models;
  return {
    id: row.id,
    type: row.type,
    data,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const unauthorizedResponse = { 401: { description: "Not signed in", ...json(messageSchema) } };

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["notifications"],
  summary: "The signed-in user's notifications, newest first",
  request: { query: notificationListQuerySchema },
  responses: {
    200: { description: "A page of notifications", ...json(notificationPageSchema) },
    ...unauthorizedResponse,
  },
});

const unreadRoute = createRoute({
  method: "get",
  path: "/notifications/unread-count",
  tags: ["notifications"],
  summary: "How many of the signed-in user's notifications are unread",
  responses: { 200: { description: "Unread count", ...json(unreadCountSchema) }, ...unauthorizedResponse },
});

const readOneRoute = createRoute({
  method: "post",
  path: "/notifications/{id}/read",
  tags: ["notifications"],
  summary: "Mark one of the signed-in user's notifications read",
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: {
    200: { description: "The notification, read", ...json(notificationSchema) },
    404: { description: "No such notification of this user", ...json(messageSchema) },
    ...unauthorizedResponse,
  },
});

const readAllRoute = createRoute({
  method: "post",
  path: "/notifications/read-all",
  tags: ["notifications"],
  summary: "Mark all the signed-in user's notifications read",
  responses: {
    200: {
      description: "How many changed",
      ...json(z.object({ message: z.string(), count: z.number().int() })),
    },
    ...unauthorizedResponse,
  },
});

export const notificationRoutes = new OpenAPIHono<AppEnv>();
notificationRoutes.use("/notifications", requireUser());
notificationRoutes.use("/notifications/*", requireUser());

notificationRoutes
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { rows, total } = await listNotificationsOf(c.var.deps.db, c.var.user!.id, {
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(toPageEnvelope(rows.map(presentNotification), total, q.page, q.per_page), 200);
  })
  .openapi(unreadRoute, async (c) => {
    return c.json({ count: await countUnreadNotificationsOf(c.var.deps.db, c.var.user!.id) }, 200);
  })
  .openapi(readAllRoute, async (c) => {
    const count = await markAllNotificationsRead(c.var.deps.db, c.var.user!.id);
    return c.json({ message: API_MESSAGES.notificationsRead, count }, 200);
  })
  .openapi(readOneRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!UUID.test(id)) throw notFound();
    const row = await markNotificationRead(c.var.deps.db, c.var.user!.id, id);
    if (!row) throw notFound();
    return c.json(presentNotification(row), 200);
  });
