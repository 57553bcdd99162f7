import { integer, timestamp } from "drizzle-orm/pg-core";

// Base entity columns (spec §3): id, created_at, updated_at, deleted_at.
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const softDelete = {
  deletedAt: timestamp({ withTimezone: true }),
};
