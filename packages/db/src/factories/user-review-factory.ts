import { countWords } from "@camatlas/shared";
import type { Database } from "../client.ts";
import { userReviewNicknames, userReviews } from "../schema/user-reviews.ts";

export type NewUserReview = typeof userReviews.$inferInsert;
export type UserReviewFactoryRow = typeof userReviews.$inferSelect;

const SENTENCES = [
  "She keeps the room friendly and answers every question in the chat.",
  "The camera and the light are good, and the sound is clear most evenings.",
  "Shows start on time and she tells her regulars when she will be away.",
  "Her goals are fair and she thanks tippers by name without rushing anyone.",
  "Conversation is the best part: she remembers what you told her last week.",
];

/** A review text of exactly `words` words (500 by default, the spec's minimum), made of plain sentences. */
export function buildReviewText(words = 500): string {
  const pool = SENTENCES.join(" ").split(" ");
  return Array.from({ length: words }, (_, i) => pool[i % pool.length]).join(" ");
}

/** Inserts one review (pending, 500 words, rating 5 unless told), with the nicknames given. */
export async function createUserReview(
  db: Database,
  overrides: Partial<NewUserReview> & { userId: number; modelId: number },
  nicknameIds: readonly number[] = [],
): Promise<UserReviewFactoryRow> {
  const body = overrides.body ?? buildReviewText();
  const [row] = await db
    .insert(userReviews)
    .values({ title: "A fair review", rating: 5, ...overrides, body, wordCount: countWords(body) })
    .returning();
  if (nicknameIds.length)
    await db
      .insert(userReviewNicknames)
      .values(nicknameIds.map((nicknameId) => ({ reviewId: row!.id, nicknameId })));
  return row!;
}
