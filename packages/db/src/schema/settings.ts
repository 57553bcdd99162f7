import { TEXT_LIMITS } from "@camatlas/shared";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

/** Spec §3 Setting: name, value, is_public. Values are JSON so lists and objects fit. */
export const settings = pgTable("settings", {
  name: varchar({ length: TEXT_LIMITS.settingName }).primaryKey(),
  value: jsonb().notNull(),
  isPublic: boolean().notNull().default(true),
  ...timestamps,
});

/** Moderation, role, ownership and visibility changes, written in the same transaction. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    actorUserId: integer(),
    action: varchar({ length: 64 }).notNull(),
    subjectType: varchar({ length: 64 }).notNull(),
    subjectId: varchar({ length: 64 }).notNull(),
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar({ length: 64 }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);
