import {
  BLOCK_TYPES,
  COMMENT_ZONES,
  DECISION_STATUSES,
  DEFAULT_ROLE_ID,
  GENDERS,
  LINK_CATEGORIES,
  LINK_CONTAINS,
  MEDIA_KINDS,
  MODEL_GENDERS,
  MODEL_REPORT_REASONS,
  MODERATION_STATES,
  NICKNAME_TYPES,
  OFFLINE_STATUS_ID,
  PAGE_VISIBLE_FOR,
  POST_STATUSES,
  POST_TYPES,
  STATS_GRAPH_DETAILS_STATUSES,
  USER_REVIEW_STATUSES,
} from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { comments } from "./comments.ts";
import { media } from "./media.ts";
import {
  modelBlocks,
  modelLinks,
  modelReports,
  modelRevisions,
  models,
  modelVerificationRequests,
  nicknameRemovalRequests,
  nicknames,
} from "./models.ts";
import { posts } from "./posts.ts";
import { userReviews } from "./user-reviews.ts";
import { users } from "./users.ts";

// The closed value sets live in packages/shared once; the columns are built from them, so they cannot drift apart.
describe("enum columns", () => {
  it("take their values from the shared arrays", () => {
    const columns = [
      [media.kind, MEDIA_KINDS],
      [comments.commentZone, COMMENT_ZONES],
      [users.gender, GENDERS],
      [models.gender, MODEL_GENDERS],
      [models.moderationState, MODERATION_STATES],
      [models.pageVisibleFor, PAGE_VISIBLE_FOR],
      [models.statsPageActivityGraphDetailsStatus, STATS_GRAPH_DETAILS_STATUSES],
      [nicknames.type, NICKNAME_TYPES],
      [modelLinks.category, LINK_CATEGORIES],
      [modelLinks.contains, LINK_CONTAINS],
      [modelLinks.status, DECISION_STATUSES],
      [modelBlocks.blockableType, BLOCK_TYPES],
      [modelRevisions.status, DECISION_STATUSES],
      [nicknameRemovalRequests.status, DECISION_STATUSES],
      [modelVerificationRequests.status, DECISION_STATUSES],
      [modelReports.reason, MODEL_REPORT_REASONS],
      [modelReports.status, DECISION_STATUSES],
      [posts.type, POST_TYPES],
      [posts.status, POST_STATUSES],
      [userReviews.status, USER_REVIEW_STATUSES],
    ] as const;
    for (const [column, values] of columns) expect(column.enumValues, column.name).toEqual([...values]);
  });

  it("default to members of their sets and to the shared ids", () => {
    expect(MEDIA_KINDS).toContain(media.kind.default);
    expect(nicknames.activityStatusId.default).toBe(OFFLINE_STATUS_ID);
    expect(users.roleId.default).toBe(DEFAULT_ROLE_ID);
  });
});
