import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.ts";
import { models, nicknames } from "./models.ts";
import { users } from "./users.ts";

// Following a model and the "online anywhere" alerts it brings (issue 20, decision 0033).

/** A fan follows a model; her alerts follow his global settings unless a per-model choice says otherwise. */
export const modelFollows = pgTable(
  "model_follows",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    /** Per-model override: no alerts at all for her while he still follows her. */
    alertsMuted: boolean().notNull().default(false),
    /** Per-model override of the global "alert me for each session" (null: the global choice). */
    eachSession: boolean(),
    /** Per-model override of the global show-change alerts (null: the global choice). */
    showChanges: boolean(),
    /** When he was last alerted that she came online: the 2-hour quiet period counts from here. */
    lastOnlineAlertAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.modelId] }), index("model_follows_model_idx").on(t.modelId)],
);

export const ALERT_EMAIL_MODES = ["off", "instant", "digest"] as const;
export type AlertEmailMode = (typeof ALERT_EMAIL_MODES)[number];

/** A fan's global alert settings; a fan without a row has the defaults. */
export const alertSettings = pgTable("alert_settings", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  inSite: boolean().notNull().default(true),
  push: boolean().notNull().default(true),
  email: text({ enum: ALERT_EMAIL_MODES }).notNull().default("off"),
  eachSession: boolean().notNull().default(false),
  showChanges: boolean().notNull().default(false),
  /** Quiet hours, minutes after midnight in `timeZone`; both null: none. */
  quietStartMinute: smallint(),
  quietEndMinute: smallint(),
  timeZone: varchar({ length: 64 }).notNull().default("UTC"),
  /** The secret in the e-mails' one-click unsubscribe link. */
  unsubscribeToken: uuid().notNull().defaultRandom(),
  ...timestamps,
});

export const ALERT_JOB_STATES = ["queued", "running", "complete", "error"] as const;
export type AlertJobState = (typeof ALERT_JOB_STATES)[number];
export const ALERT_EVENT_KINDS = ["online", "show_change"] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];

/**
 * Status changes ingest saw for followed models, queued for the worker's fan-out: the lease pattern of media_jobs
 * (decision 0022). `online` is written only when she was offline on every camsite, so one per session across sites.
 */
export const alertJobs = pgTable(
  "alert_jobs",
  {
    id: id(),
    kind: text({ enum: ALERT_EVENT_KINDS }).notNull(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    statusId: smallint().notNull(),
    previousStatusId: smallint().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    state: text({ enum: ALERT_JOB_STATES }).notNull().default("queued"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    ...timestamps,
  },
  (t) => [index("alert_jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('queued', 'running')`)],
);

/** One row per fan and alert event: a retried job never alerts twice; digest e-mails collect the unsent ones. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: id(),
    alertJobId: integer()
      .notNull()
      .references(() => alertJobs.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    text: varchar({ length: 300 }).notNull(),
    url: varchar({ length: 300 }).notNull(),
    /** Set while the alert waits for the fan's digest e-mail. */
    digestPending: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_deliveries_job_user_idx").on(t.alertJobId, t.userId),
    index("alert_deliveries_digest_idx").on(t.userId).where(sql`${t.digestPending}`),
  ],
);

/** A browser's web push subscription (its endpoint and keys), for the fan who made it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: varchar({ length: 1000 }).notNull(),
    p256dh: varchar({ length: 200 }).notNull(),
    auth: varchar({ length: 100 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
