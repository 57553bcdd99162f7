import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { NewFeaturedModel } from "../queries/featured-models.ts";
import { models } from "../schema/models.ts";
import { featuredModels } from "../schema/pages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Features the best-rated public models that have an avatar, in that order, so the home page has its ten cards.
 * Two more entries show the admin screen's periods: one that ended yesterday and one that starts next week.
 */
export async function seedDemoFeaturedModels(db: Database, now = new Date()): Promise<void> {
  const picks = await db
    .select({ id: models.id })
    .from(models)
    .where(
      and(
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        eq(models.pageVisibleFor, "everyone"),
        isNotNull(models.avatarMediaId),
      ),
    )
    .orderBy(desc(models.rating), desc(models.ratingVotes), desc(models.id))
    .limit(12);
  if (picks.length === 0) return;
  const rows: NewFeaturedModel[] = picks.map((pick, position) => ({ modelId: pick.id, position }));
  const [ended, upcoming] = rows.splice(10, 2);
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  if (ended) rows.push({ ...ended, startsAt: at(-30), endsAt: at(-1) });
  if (upcoming) rows.push({ ...upcoming, startsAt: at(7) });
  await db.insert(featuredModels).values(rows);
}
