import { count, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { models, nicknames } from "../schema/models.ts";
import { settings } from "../schema/settings.ts";
import { users } from "../schema/users.ts";
import { GUEST_VIEWER, modelPageVisibleTo } from "./model-visibility.ts";

export type SettingRow = typeof settings.$inferSelect;

export async function listSettings(db: Database): Promise<SettingRow[]> {
  return db.select().from(settings);
}

/** Inserts or replaces one setting. */
export async function upsertSetting(
  db: Database,
  row: { name: string; value: unknown; isPublic: boolean },
): Promise<SettingRow> {
  const [saved] = await db
    .insert(settings)
    .values(row)
    .onConflictDoUpdate({
      target: settings.name,
      set: { value: sql`excluded.value`, isPublic: sql`excluded.is_public`, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

/**
 * Live figures of the "{product} in numbers" list: the models /models lists to a visitor (so the home page and the
 * catalog's total agree; the admin dashboard counts hidden ones too and says so), nicknames, camsites and members.
 */
export async function countSiteNumbers(db: Database) {
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const [modelCount, nicknameCount, camsiteCount, memberCount] = await Promise.all([
    one(db.select({ n: count() }).from(models).where(modelPageVisibleTo(GUEST_VIEWER))),
    one(db.select({ n: count() }).from(nicknames).where(isNull(nicknames.deletedAt))),
    one(db.select({ n: count() }).from(camSites).where(isNull(camSites.deletedAt))),
    one(db.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
  ]);
  return { models: modelCount, nicknames: nicknameCount, camsites: camsiteCount, members: memberCount };
}
