import { index, jsonb, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

export interface NotificationData {
  text: string;
  title?: string;
  models_ids?: number[];
  models?: { id: number; name: string; slug: string }[];
  /** A same-site path to the thing notified about (e.g. `/user-reviews/12`). */
  url?: string;
}

/** Spec §3 Notification: id, type, notifiable_type, notifiable_id, read_at, data. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    type: varchar({ length: 100 }).notNull(),
    notifiableType: varchar({ length: 50 }).notNull().default("user"),
    notifiableId: varchar({ length: 64 }).notNull(),
    data: jsonb().$type<NotificationData>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("notifications_notifiable_idx").on(t.notifiableType, t.notifiableId, t.readAt, t.createdAt)],
);
