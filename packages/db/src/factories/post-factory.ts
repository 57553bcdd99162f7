import type { Database } from "../client.ts";
import { postCamSites, postModels, posts, postTags } from "../schema/posts.ts";
import { nextUniqueToken } from "./factory-sequence.ts";

export type NewPostRow = typeof posts.$inferInsert;
export type PostFactoryRow = typeof posts.$inferSelect;

export interface CreatePostInput extends Partial<NewPostRow> {
  tags?: string[];
  modelIds?: number[];
  camSiteIds?: number[];
}

/** A live blog post unless told otherwise (type, status, published_at), with a unique address. */
export function buildPost(overrides: Partial<NewPostRow> = {}): NewPostRow {
  const token = nextUniqueToken();
  return {
    type: "blog",
    postName: `post-${token}`,
    postTitle: `Post ${token}`,
    excerpt: null,
    body: "<p>A post.</p>",
    status: "published",
    publishedAt: new Date(Date.now() - 60_000),
    ...overrides,
  };
}

/** Inserts a post with its tags and linked models and camsites. */
export async function createPost(db: Database, input: CreatePostInput = {}): Promise<PostFactoryRow> {
  const { tags = [], modelIds = [], camSiteIds = [], ...overrides } = input;
  const [row] = await db.insert(posts).values(buildPost(overrides)).returning();
  const postId = row!.id;
  if (tags.length) await db.insert(postTags).values(tags.map((tag) => ({ postId, tag })));
  if (modelIds.length) await db.insert(postModels).values(modelIds.map((modelId) => ({ postId, modelId })));
  if (camSiteIds.length)
    await db.insert(postCamSites).values(camSiteIds.map((camSiteId) => ({ postId, camSiteId })));
  return row!;
}
