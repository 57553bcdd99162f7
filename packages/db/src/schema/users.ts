import { DEFAULT_GENDER, DEFAULT_ROLE_ID, GENDERS, TEXT_LIMITS } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";

/** Role reference table: 1 admin, 2 camfan, 3 camgirl (spec §3). */
export const roles = pgTable("roles", {
  id: smallint().primaryKey(),
  name: varchar({ length: 32 }).notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    firstName: varchar({ length: TEXT_LIMITS.firstName }),
    lastName: varchar({ length: TEXT_LIMITS.lastName }),
    nickName: varchar({ length: TEXT_LIMITS.nickName.max }).notNull(),
    email: varchar({ length: TEXT_LIMITS.email }).notNull(),
    passwordHash: text(),
    roleId: smallint()
      .notNull()
      .default(DEFAULT_ROLE_ID)
      .references(() => roles.id),
    country: varchar({ length: 2 }),
    city: varchar({ length: TEXT_LIMITS.city }),
    birthday: date({ mode: "string" }),
    gender: text({ enum: GENDERS }).notNull().default(DEFAULT_GENDER),
    about: text(),
    avatarMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    oauthId: varchar({ length: 191 }),
    oauthService: varchar({ length: 32 }),
    verifiedCamgirl: boolean().notNull().default(false),
    countReviewsRemovedByAdmin: integer().notNull().default(0),
    blockedAt: timestamp({ withTimezone: true }),
    /** What the admin told the blocked user; shown to them while signed in and at sign-in. */
    blockedReason: text(),
    /** The block ends by itself then; null blocks until an admin unblocks. */
    blockedUntil: timestamp({ withTimezone: true }),
    /**
     * Counts password changes and resets; every session token carries the value it was issued with, and a token
     * with an older one is refused, so a new password signs out every other session on every instance.
     */
    sessionVersion: integer().notNull().default(0),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_nick_name_unique").on(sql`lower(${t.nickName})`),
    uniqueIndex("users_oauth_unique").on(t.oauthService, t.oauthId),
    index("users_role_id_idx").on(t.roleId),
    index("users_nick_name_trgm_idx").using("gin", sql`${t.nickName} gin_trgm_ops`),
  ],
);

/** Single-use password recovery tokens; only a hash of the token is stored. */
export const passwordResetTokens = pgTable("password_reset_tokens", {
  tokenHash: varchar({ length: 64 }).primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Deny-list of refreshed or logged-out JWTs, kept until they would expire anyway. */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    jti: varchar({ length: 64 }).primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_tokens_expires_at_idx").on(t.expiresAt)],
);
