import { eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { modelRatings, models } from "../schema/models.ts";

export type ModelRatingRow = typeof modelRatings.$inferSelect;

/** Inserts one user's rating (1–5) and refreshes the model's votes, sum and average like the API does. */
export async function createModelRating(
  db: Database,
  input: { modelId: number; userId: number; rating: number },
): Promise<ModelRatingRow> {
  const [row] = await db.insert(modelRatings).values(input).returning();
  await db
    .update(models)
    .set({
      ratingVotes: sql`${models.ratingVotes} + 1`,
      ratingSum: sql`${models.ratingSum} + ${input.rating}`,
      rating: sql`(${models.ratingSum} + ${input.rating})::real / (${models.ratingVotes} + 1)`,
    })
    .where(eq(models.id, input.modelId));
  return row!;
}
