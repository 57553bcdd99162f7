import { insertComment, insertForumPost, insertStory, notifyUser } from "@camatlas/db";
import {
  createForumCategory,
  createForumTopic,
  createModel,
  createModelLink,
  createUser,
  createUserReview,
} from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import type { OwnedResource } from "../lib/contract-route.ts";
import { createMediaRow } from "../modules/models/test-helpers.ts";
import type { TestApi } from "../testing/test-api.ts";

// The people of the authorization tests, each owning one of every resource a route may name by its {id}.

export const ROLES = ["camfan", "camgirl", "admin"] as const;
export type RoleName = (typeof ROLES)[number];
export type Caller = RoleName | "guest";

export interface Person {
  id: number;
  roleId: number;
  owns: Record<OwnedResource, number | string>;
}

export interface Cast {
  people: Record<RoleName | "stranger", Person>;
  /** Fresh headers for a caller (a new token every call: a logout or refresh in the matrix must not end the next). */
  headers(caller: Caller): Promise<Record<string, string>>;
}

const ROLE_IDS: Record<RoleName | "stranger", number> = {
  camfan: ROLE.camfan,
  camgirl: ROLE.camgirl,
  admin: ROLE.admin,
  stranger: ROLE.camgirl,
};

/** A media row the user owns (a plain picture unless told; inserted as the upload endpoints store it). */
export function mediaOf(t: TestApi, userId: number, kind: "other" | "verification_image" = "other") {
  return createMediaRow(t, userId, kind);
}

export async function createCast(t: TestApi): Promise<Cast> {
  const { db } = t.database;
  const people = {} as Cast["people"];
  // The forum: a topic each person starts, and a reply each writes in a topic of the site's.
  const forum = await createForumCategory(db);
  const starter = await createUser(db, { roleId: ROLE.camfan });
  const host = await createForumTopic(db, { categoryId: forum.id, userId: starter.id });
  for (const [name, roleId] of Object.entries(ROLE_IDS) as [RoleName | "stranger", number][]) {
    const user = await createUser(db, { roleId });
    const model = await createModel(db, { name: `Owned by ${name}`, userId: user.id });
    const link = await createModelLink(db, { modelId: model.id });
    const notice = await notifyUser(db, user.id, "test", { text: "hello" });
    const media = await mediaOf(t, user.id);
    const publishAt = new Date();
    const story = await insertStory(db, {
      modelId: model.id,
      camSiteId: null,
      mediaId: await mediaOf(t, user.id),
      blur: null,
      userId: user.id,
      publishAt,
      archivedAt: new Date(publishAt.getTime() + 24 * 3600_000),
    });
    // Her own review (of another model), and a published one of her model by someone else.
    const reviewed = await createModel(db, { name: `Reviewed by ${name}` });
    const review = await createUserReview(db, { userId: user.id, modelId: reviewed.id });
    const reviewer = await createUser(db, { roleId: ROLE.camfan });
    const reviewOfHers = await createUserReview(db, {
      userId: reviewer.id,
      modelId: model.id,
      status: "approved",
    });
    // Her own comment, and someone else's in the thread of her model (she may hide it).
    const comment = (userId: number) =>
      insertComment(db, {
        zone: "model",
        commentableId: model.id,
        userId,
        text: "A comment",
        inReplyTo: null,
        mediaIds: [],
      });
    const ownComment = await comment(user.id);
    const commentOnHers = await comment(reviewer.id);
    const topic = await createForumTopic(db, { categoryId: forum.id, userId: user.id });
    const reply = await insertForumPost(db, {
      topicId: host.id,
      userId: user.id,
      body: "A reply",
      status: "published",
      mediaIds: [],
    });
    people[name] = {
      id: user.id,
      roleId,
      owns: {
        media,
        model: model.id,
        model_link: link.id,
        notification: notice.id,
        story: story.id,
        user_review: review.id,
        user_review_of_own_model: reviewOfHers.id,
        comment: ownComment,
        model_comment: commentOnHers,
        forum_topic: topic.id,
        forum_post: reply.id,
      },
    };
  }
  return {
    people,
    async headers(caller): Promise<Record<string, string>> {
      if (caller === "guest") return {};
      const person = people[caller];
      return {
        authorization: `Bearer ${await t.deps.tokens.issue({ id: person.id, roleId: person.roleId })}`,
      };
    },
  };
}
