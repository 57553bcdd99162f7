import { z } from "zod";
import { USER_REVIEW_STATUSES } from "../enums.ts";
import { REVIEW_IMAGES_MAX, REVIEW_MIN_WORDS, REVIEW_NICKNAMES_LIMIT, TEXT_LIMITS } from "../limits.ts";
import { CATALOG_MESSAGES, USER_REVIEW_MESSAGES, VALIDATION_MESSAGES } from "../messages.ts";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { bodyId } from "../schemas/ids.ts";
import { queryInt } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { requireSomeField } from "../schemas/update-body.ts";
import { countWords } from "../video-duration-limit.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// User reviews by camfans (spec §4 states, §5 rules, §8 messages): written by a camfan about one model and 1–2 of
// her nicknames, shown after an admin approves them; the bound camgirl may hide one; an admin may remove one.

/** A review's state as its author and admins see it: the stored statuses, and "removed" (by an admin). */
export const USER_REVIEW_STATES = [...USER_REVIEW_STATUSES, "removed"] as const;
export type UserReviewState = (typeof USER_REVIEW_STATES)[number];

const title = z
  .string({ error: VALIDATION_MESSAGES.required })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.required })
  .max(TEXT_LIMITS.title);

/** At least 500 words, counted as the spec counts them (shared with the live counter of the form). */
const body = z
  .string({ error: VALIDATION_MESSAGES.required })
  .trim()
  .max(TEXT_LIMITS.reviewText)
  .refine((text) => countWords(text) >= REVIEW_MIN_WORDS, { error: VALIDATION_MESSAGES.reviewTooShort });

const rating = z
  .number({ error: CATALOG_MESSAGES.ratingRange })
  .int({ error: CATALOG_MESSAGES.ratingRange })
  .min(1, { error: CATALOG_MESSAGES.ratingRange })
  .max(5, { error: CATALOG_MESSAGES.ratingRange });

/** 1–2 of the model's nicknames, a repeated id counted once. */
const nicknameIds = z
  .array(bodyId, { error: VALIDATION_MESSAGES.required })
  .transform((ids) => [...new Set(ids)])
  .pipe(
    z
      .array(z.number())
      .min(1, { error: VALIDATION_MESSAGES.required })
      .max(REVIEW_NICKNAMES_LIMIT, { error: VALIDATION_MESSAGES.tooManyReviewNicknames }),
  );

/** Images uploaded through POST /media/user-reviews, in the order shown. */
const imageMediaIds = z
  .array(bodyId)
  .max(REVIEW_IMAGES_MAX, { error: USER_REVIEW_MESSAGES.tooManyImages })
  .transform((ids) => [...new Set(ids)]);

const reviewFields = {
  title,
  body,
  rating,
  nickname_ids: nicknameIds,
  image_media_ids: imageMediaIds.optional(),
  /** A video uploaded by the author; its probed length must fit the review's word count (spec §9). */
  video_media_id: bodyId.nullable().optional(),
};

/** POST /user-reviews. */
export const userReviewCreateSchema = z.object({ model_id: bodyId, ...reviewFields });
export type UserReviewCreate = z.output<typeof userReviewCreateSchema>;
export type UserReviewCreateInput = z.input<typeof userReviewCreateSchema>;

/** PUT /user-reviews/{id}: any of the fields; the review goes back to the admins (pending). */
export const userReviewUpdateSchema = requireSomeField(
  z.object({
    title: title.optional(),
    body: body.optional(),
    rating: rating.optional(),
    nickname_ids: nicknameIds.optional(),
    image_media_ids: imageMediaIds.optional(),
    video_media_id: bodyId.nullable().optional(),
  }),
);
export type UserReviewUpdate = z.output<typeof userReviewUpdateSchema>;

/** POST /user-reviews/{id}/vote: up or down; the same value again takes the vote back. */
export const userReviewVoteSchema = z.object({
  value: z.union([z.literal(1), z.literal(-1)], { error: "Vote 1 or -1." }),
});

/** Admin remove: the reason is required (the author is told, and it stays in the author's history). */
export const userReviewRemoveSchema = z.object({
  reason: z
    .string({ error: VALIDATION_MESSAGES.required })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.required })
    .max(2000),
});

/** Admin approve/reject: an optional note (a rejection's reason, shown to the author). */
export const userReviewDecisionSchema = z.object({
  reason: z.string().trim().max(2000).nullable().optional(),
});

/** Admin bulk decision on a page of the queue. */
export const userReviewBulkDecisionSchema = z.object({
  ids: z
    .array(bodyId)
    .min(1, { error: VALIDATION_MESSAGES.required })
    .max(MAX_PER_PAGE)
    .transform((ids) => [...new Set(ids)]),
  decision: z.enum(["approve", "reject"]),
  reason: z.string().trim().max(2000).nullable().optional(),
});

const perPage = queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.userReviews);

/**
 * GET /user-reviews: approved reviews (9 per page), newest first, of a model and/or an author. Authors see all of
 * their own (every state); admins see every one; anyone else approved ones only.
 */
export const userReviewListQuery = z.object({
  model_id: queryInt().pipe(bodyId).optional(),
  user_id: queryInt().pipe(bodyId).optional(),
  status: z.enum(USER_REVIEW_STATES).optional(),
  page: queryInt().pipe(z.number().int().min(1)).default(1),
  per_page: perPage,
});
export type UserReviewListQuery = z.input<typeof userReviewListQuery>;

/** GET /admin/user-reviews: the queue, pending by default, oldest first. */
export const adminUserReviewQuery = z.object({
  status: z.enum(USER_REVIEW_STATES).default("pending"),
  model_id: queryInt().pipe(bodyId).optional(),
  user_id: queryInt().pipe(bodyId).optional(),
  page: queryInt().pipe(z.number().int().min(1)).default(1),
  per_page: perPage,
});

const reviewImage = z.object({
  id: z.number().int(),
  link: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  blurhash: z.string().nullable(),
});

const reviewVideo = z.object({
  id: z.number().int(),
  /** The transcoded MP4 once processing completed, else the upload itself. */
  link: z.string(),
  poster: z.string().nullable(),
  /** Spec §4: Complete and Error end the processing; anything else is still under way. */
  processing_status: z.string().nullable(),
  duration: z.number().nullable(),
});

export const userReviewReply = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  word_count: z.number().int(),
  rating: z.number().int().nullable(),
  state: z.enum(USER_REVIEW_STATES),
  votes: z.number().int(),
  /** The caller's vote: 1, -1, or 0 (none, or a guest). */
  my_vote: z.number().int(),
  model: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  author: z.object({ id: z.number().int(), nick_name: z.string(), avatar_path: z.string().nullable() }),
  nicknames: z.array(
    z.object({
      id: z.number().int(),
      nickname: z.string(),
      cam_site_id: z.number().int(),
      cam_site_name: z.string(),
    }),
  ),
  images: z.array(reviewImage),
  video: reviewVideo.nullable(),
  /** Why an admin rejected or removed it: its author and admins only. */
  decision_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  can: z.object({
    edit: z.boolean(),
    hide: z.boolean(),
    vote: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    remove: z.boolean(),
  }),
});
export type UserReviewReply = z.output<typeof userReviewReply>;

export const userReviewListReply = pageEnvelope(userReviewReply);
export type UserReviewListReply = z.output<typeof userReviewListReply>;

export const userReviewSavedReply = z.object({ message: z.string(), review: userReviewReply });
export type UserReviewSavedReply = z.output<typeof userReviewSavedReply>;

export const userReviewVoteReply = z.object({
  message: z.string(),
  votes: z.number().int(),
  my_vote: z.number().int(),
});

/** A queue item: the review, and the author's reviews an admin removed before (three end her reviewing). */
export const adminUserReviewItemReply = userReviewReply.extend({
  author_history: z.object({
    count_reviews_removed_by_admin: z.number().int(),
    removed: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        model: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
        reason: z.string().nullable(),
        removed_at: z.string().nullable(),
      }),
    ),
  }),
});
export type AdminUserReviewItemReply = z.output<typeof adminUserReviewItemReply>;

export const adminUserReviewListReply = pageEnvelope(adminUserReviewItemReply);

/** Approve or reject, with an optional reason. */
const decision = (path: string) =>
  endpoint({
    method: "post",
    path,
    params: idParams,
    body: userReviewDecisionSchema,
    optionalBody: true,
    reply: messageReply,
  });

export const userReviewEndpoints = {
  list: endpoint({
    method: "get",
    path: "/user-reviews",
    query: userReviewListQuery,
    reply: userReviewListReply,
  }),
  show: endpoint({ method: "get", path: "/user-reviews/{id}", params: idParams, reply: userReviewReply }),
  create: endpoint({
    method: "post",
    path: "/user-reviews",
    body: userReviewCreateSchema,
    reply: userReviewSavedReply,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/user-reviews/{id}",
    params: idParams,
    body: userReviewUpdateSchema,
    reply: userReviewSavedReply,
  }),
  vote: endpoint({
    method: "post",
    path: "/user-reviews/{id}/vote",
    params: idParams,
    body: userReviewVoteSchema,
    reply: userReviewVoteReply,
  }),
  /** The bound camgirl hides an approved review of her model (shown to its author and admins only, marked). */
  hide: endpoint({ method: "post", path: "/user-reviews/{id}/hide", params: idParams, reply: messageReply }),
  adminList: endpoint({
    method: "get",
    path: "/admin/user-reviews",
    query: adminUserReviewQuery,
    reply: adminUserReviewListReply,
  }),
  approve: decision("/admin/user-reviews/{id}/approve"),
  reject: decision("/admin/user-reviews/{id}/reject"),
  remove: endpoint({
    method: "post",
    path: "/admin/user-reviews/{id}/remove",
    params: idParams,
    body: userReviewRemoveSchema,
    reply: messageReply,
  }),
  bulk: endpoint({
    method: "post",
    path: "/admin/user-reviews/bulk",
    body: userReviewBulkDecisionSchema,
    reply: messageReply,
  }),
};
