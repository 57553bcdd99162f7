import { eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { forumCategories, forumPosts, forumTopicModels, forumTopics } from "../schema/forum.ts";
import { nextUniqueToken } from "./factory-sequence.ts";

// Forum rows for the demo seed, tests and benchmarks: categories, and topics with any number of posts inserted in
// batches (positions 1…n, as the API numbers them).

export async function createForumCategory(
  db: Database,
  overrides: Partial<typeof forumCategories.$inferInsert> = {},
) {
  const token = nextUniqueToken();
  const [row] = await db
    .insert(forumCategories)
    .values({ slug: `category-${token}`, title: `Category ${token}`, ...overrides })
    .returning();
  return row!;
}

export interface CreateForumTopicInput {
  categoryId: number;
  userId: number;
  title?: string;
  slug?: string;
  tags?: string[];
  modelIds?: number[];
  /** The posts' texts, the opening post first; or a count of generated replies after the opening post. */
  bodies?: string[];
  replies?: number;
  /** Authors of generated replies, in turn (the topic's author when absent). */
  replyUserIds?: number[];
  isLocked?: boolean;
  isPinned?: boolean;
}

const BATCH = 1000;

/** A published topic with its opening post and replies; the last post's time is `now`, earlier ones a minute apart. */
export async function createForumTopic(db: Database, input: CreateForumTopicInput) {
  const token = nextUniqueToken();
  const title = input.title ?? `Topic ${token}`;
  const bodies = input.bodies ?? ["Opening post."];
  const replies = input.replies ?? 0;
  const total = bodies.length + replies;
  const now = Date.now();
  const at = (position: number) => new Date(now - (total - position) * 60_000);
  const authors = input.replyUserIds?.length ? input.replyUserIds : [input.userId];
  const [topic] = await db
    .insert(forumTopics)
    .values({
      categoryId: input.categoryId,
      userId: input.userId,
      title,
      slug: input.slug ?? `topic-${token}`,
      tags: input.tags ?? [],
      modelId: input.modelIds?.[0] ?? null,
      isLocked: input.isLocked ?? false,
      isPinned: input.isPinned ?? false,
      postsCount: total,
      lastPosition: total,
      lastPostAt: at(total),
      createdAt: at(1),
    })
    .returning();
  for (let start = 1; start <= total; start += BATCH) {
    const rows: (typeof forumPosts.$inferInsert)[] = [];
    for (let position = start; position < start + BATCH && position <= total; position++) {
      const own = position <= bodies.length;
      rows.push({
        topicId: topic!.id,
        userId: own ? input.userId : (authors[(position - 1) % authors.length] ?? input.userId),
        position,
        body: own ? (bodies[position - 1] ?? "") : `Reply number ${position} in this discussion.`,
        createdAt: at(position),
      });
    }
    await db.insert(forumPosts).values(rows);
  }
  if (input.modelIds?.length)
    await db
      .insert(forumTopicModels)
      .values(input.modelIds.map((modelId) => ({ topicId: topic!.id, modelId })));
  const [last] = await db
    .select({ userId: forumPosts.userId })
    .from(forumPosts)
    .where(sql`${forumPosts.topicId} = ${topic!.id} and ${forumPosts.position} = ${total}`);
  await db
    .update(forumTopics)
    .set({ lastPostUserId: last?.userId ?? null })
    .where(eq(forumTopics.id, topic!.id));
  return topic!;
}
