import { integer, pgTable, smallint, varchar } from "drizzle-orm/pg-core";

/** Activity statuses with the spec's fixed ids (1 free chat … 100 offline). */
export const activityStatuses = pgTable("activity_statuses", {
  id: smallint().primaryKey(),
  key: varchar({ length: 32 }).notNull().unique(),
  name: varchar({ length: 64 }).notNull(),
});

/** Spec §3 Country: id, country_id (ISO code), country_string (name). */
export const countries = pgTable("countries", {
  id: integer().primaryKey(),
  countryId: varchar({ length: 2 }).notNull().unique(),
  countryString: varchar({ length: 100 }).notNull(),
});

/** Spec §3 Region: id, region_name (ISO 3166-2 code), country_id, region_string (name). */
export const regions = pgTable("regions", {
  id: integer().primaryKey(),
  regionName: varchar({ length: 10 }).notNull().unique(),
  countryId: varchar({ length: 2 }).notNull(),
  regionString: varchar({ length: 100 }).notNull(),
});
