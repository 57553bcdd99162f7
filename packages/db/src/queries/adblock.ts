import { and, asc, gte, lte, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { adblockStatistics } from "../schema/pages.ts";

/** Counts one adblock check outcome for today (UTC): one row per day and outcome, incremented in place. */
export async function recordAdblockCheck(db: Database, isEnabled: boolean, now = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(adblockStatistics)
    .values({ day, isEnabled, count: 1 })
    .onConflictDoUpdate({
      target: [adblockStatistics.day, adblockStatistics.isEnabled],
      set: { count: sql`${adblockStatistics.count} + 1` },
    });
}

/** Daily counts between two days (inclusive, yyyy-mm-dd), oldest first. */
export async function listAdblockDays(
  db: Database,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; enabled: number; disabled: number }[]> {
  const rows = await db
    .select({
      day: adblockStatistics.day,
      isEnabled: adblockStatistics.isEnabled,
      count: adblockStatistics.count,
    })
    .from(adblockStatistics)
    .where(and(gte(adblockStatistics.day, fromDay), lte(adblockStatistics.day, toDay)))
    .orderBy(asc(adblockStatistics.day));
  const byDay = new Map<string, { day: string; enabled: number; disabled: number }>();
  for (const row of rows) {
    const entry = byDay.get(row.day) ?? { day: row.day, enabled: 0, disabled: 0 };
    if (row.isEnabled) entry.enabled += row.count;
    else entry.disabled += row.count;
    byDay.set(row.day, entry);
  }
  return [...byDay.values()];
}
