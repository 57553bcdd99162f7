import type { CommentZone } from "@camatlas/shared";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { forumCategories, forumTopics } from "../schema/forum.ts";
import { models, nicknames } from "../schema/models.ts";
import { posts } from "../schema/posts.ts";
import { stories } from "../schema/stories.ts";
import { userReviews } from "../schema/user-reviews.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// What a comment thread hangs on, per zone (decision 0015): whether it exists and the reader may see it, the model
// whose camgirl may hide its comments, who hears about new comments, and the parts of its page's address.

export interface Commentable {
  zone: CommentZone;
  id: number;
  /** The model the thread is about (her bound camgirl moderates it), when there is one. */
  modelId: number | null;
  modelUserId: number | null;
  modelName: string | null;
  modelSlug: string | null;
  /** Who is told about a new comment here besides repliers: the review's author, the page's user. */
  ownerUserId: number | null;
  /** Address parts of the page showing the thread. */
  page:
    | { kind: "model"; slug: string }
    | { kind: "user_review"; id: number }
    | { kind: "post"; type: "review" | "blog" | "news"; postName: string }
    | { kind: "profile"; nickName: string }
    | { kind: "story"; modelSlug: string; id: number }
    | { kind: "topic"; categorySlug: string; topicSlug: string }
    | { kind: "stats_nickname"; camsiteSlug: string; nickname: string };
}

const modelFields = {
  modelId: models.id,
  modelUserId: models.userId,
  modelName: models.name,
  modelSlug: models.slug,
};

/** The model joined for a thread: visible to the reader (the model page's rule), else the thread is not there. */
const visibleModel = (viewer: ModelViewer, modelId: unknown) =>
  and(eq(models.id, sql`${modelId}`), modelPageVisibleTo(viewer));

/** The thing a thread hangs on when it exists and the reader may see it, else null (answered as unknown). */
export async function findCommentable(
  db: Database,
  zone: CommentZone,
  id: number,
  viewer: ModelViewer,
  /** The site's clock, which decides whether a story is live yet. */
  now: Date = new Date(),
): Promise<Commentable | null> {
  switch (zone) {
    case "model": {
      const [row] = await db
        .select(modelFields)
        .from(models)
        .where(and(eq(models.id, id), modelPageVisibleTo(viewer)))
        .limit(1);
      return row
        ? { zone, id, ...row, ownerUserId: row.modelUserId, page: { kind: "model", slug: row.modelSlug } }
        : null;
    }
    case "user_review": {
      const [row] = await db
        .select({ ...modelFields, authorId: userReviews.userId, status: userReviews.status })
        .from(userReviews)
        .innerJoin(models, visibleModel(viewer, userReviews.modelId))
        .where(and(eq(userReviews.id, id), isNull(userReviews.deletedAt)))
        .limit(1);
      if (!row) return null;
      // Approved reviews are public; one the model hid stays readable to her, its author and admins (spec §4).
      const readable =
        row.status === "approved" ||
        (row.status === "hidden_by_model" &&
          (viewer.isAdmin || viewer.userId === row.authorId || viewer.userId === row.modelUserId));
      if (!readable) return null;
      const { authorId, status: _status, ...model } = row;
      return { zone, id, ...model, ownerUserId: authorId, page: { kind: "user_review", id } };
    }
    case "post": {
      const [row] = await db
        .select({ type: posts.type, postName: posts.postName, authorId: posts.authorId })
        .from(posts)
        .where(
          and(
            eq(posts.id, id),
            isNull(posts.deletedAt),
            eq(posts.status, "published"),
            sql`${posts.publishedAt} <= now()`,
          ),
        )
        .limit(1);
      return row
        ? {
            zone,
            id,
            modelId: null,
            modelUserId: null,
            modelName: null,
            modelSlug: null,
            ownerUserId: null,
            page: { kind: "post", type: row.type, postName: row.postName },
          }
        : null;
    }
    case "profile": {
      const [row] = await db
        .select({ nickName: users.nickName })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row
        ? {
            zone,
            id,
            modelId: null,
            modelUserId: null,
            modelName: null,
            modelSlug: null,
            ownerUserId: id,
            page: { kind: "profile", nickName: row.nickName },
          }
        : null;
    }
    case "story": {
      const [row] = await db
        .select(modelFields)
        .from(stories)
        .innerJoin(models, visibleModel(viewer, stories.modelId))
        .where(
          and(
            eq(stories.id, id),
            isNull(stories.deletedAt),
            // Stories are live from publish_at by the clock (published_at is not written); highlights stay open.
            lte(stories.publishAt, now),
          ),
        )
        .limit(1);
      return row
        ? {
            zone,
            id,
            ...row,
            ownerUserId: row.modelUserId,
            page: { kind: "story", modelSlug: row.modelSlug, id },
          }
        : null;
    }
    case "topic": {
      const [row] = await db
        .select({
          topicSlug: forumTopics.slug,
          categorySlug: forumCategories.slug,
          authorId: forumTopics.userId,
          modelId: forumTopics.modelId,
        })
        .from(forumTopics)
        .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
        .where(and(eq(forumTopics.id, id), isNull(forumTopics.deletedAt)))
        .limit(1);
      return row
        ? {
            zone,
            id,
            modelId: null,
            modelUserId: null,
            modelName: null,
            modelSlug: null,
            ownerUserId: row.authorId,
            page: { kind: "topic", categorySlug: row.categorySlug, topicSlug: row.topicSlug },
          }
        : null;
    }
    case "stats_nickname": {
      const [row] = await db
        .select({
          nickname: nicknames.nickname,
          camsiteSlug: camSites.slug,
          modelId: nicknames.modelId,
          visibleModelId: models.id,
          modelUserId: models.userId,
          modelName: models.name,
          modelSlug: models.slug,
        })
        .from(nicknames)
        .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
        .leftJoin(models, visibleModel(viewer, nicknames.modelId))
        .where(and(eq(nicknames.id, id), isNull(nicknames.deletedAt)))
        .limit(1);
      // A nickname of a model the reader may not see is as hidden as her page.
      if (!row || (row.modelId !== null && row.visibleModelId === null)) return null;
      return {
        zone,
        id,
        modelId: row.visibleModelId,
        modelUserId: row.modelUserId,
        modelName: row.modelName,
        modelSlug: row.modelSlug,
        ownerUserId: row.modelUserId,
        page: { kind: "stats_nickname", camsiteSlug: row.camsiteSlug, nickname: row.nickname },
      };
    }
  }
}
