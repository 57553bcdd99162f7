import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { models } from "../schema/models.ts";
import { type NotificationData, notifications } from "../schema/notifications.ts";

// Notifications of users: notifiable_type 'user', notifiable_id the user id as text.
const ofUser = (userId: number) =>
  and(eq(notifications.notifiableType, "user"), eq(notifications.notifiableId, String(userId)));

const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

export type NotificationRow = Awaited<ReturnType<typeof listNotificationsOf>>["rows"][number];

/** A page of a user's notifications, newest first. */
export async function listNotificationsOf(
  db: Database,
  userId: number,
  paging: { page: number; perPage: number },
) {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(notificationColumns)
      .from(notifications)
      .where(ofUser(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(paging.perPage)
      .offset((Math.max(1, paging.page) - 1) * paging.perPage),
    db.select({ total: count() }).from(notifications).where(ofUser(userId)),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function countUnreadNotificationsOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(ofUser(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read; null when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Database, userId: number, id: string, now = new Date()) {
  const [existing] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(ofUser(userId), eq(notifications.id, id)))
    .limit(1);
  if (!existing) return null;
  if (existing.readAt) return existing;
  const [row] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(eq(notifications.id, id))
    .returning(notificationColumns);
  return row ?? null;
}

/** Marks all the user's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(db: Database, userId: number, now = new Date()) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(ofUser(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Sends a notification to a user (moderation outcomes, replies, …). */
export async function notifyUser(db: Database, userId: number, type: string, data: NotificationData) {
  const [row] = await db
    .insert(notifications)
    .values({ type, notifiableType: "user", notifiableId: String(userId), data })
    .returning(notificationColumns);
  return row!;
}

/**
 * Tells a user about a decision on one model (their edit, their verification), with a link to that model; the text
 * is built from the model's current name.
 */
export async function notifyAboutModel(
  db: Database,
  userId: number,
  type: string,
  modelId: number,
  notice: { title: string; text: (modelName: string) => string },
  note?: string | null,
) {
  const [model] = await db
    .select({ id: models.id, name: models.name, slug: models.slug })
    .from(models)
    .where(eq(models.id, modelId))
    .limit(1);
  if (!model) return null;
  const text = note ? `${notice.text(model.name)} ${note}` : notice.text(model.name);
  return notifyUser(db, userId, type, { title: notice.title, text, models_ids: [model.id], models: [model] });
}
