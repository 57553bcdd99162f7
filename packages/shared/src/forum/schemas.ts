import { z } from "zod";
import { bodyId } from "../schemas/ids.ts";
import { FORUM_LIMITS, FORUM_POSTING_ACCESS, FORUM_REPORT_REASONS } from "./constants.ts";
import { FORUM_MESSAGES } from "./messages.ts";

// The forum's request bodies: one schema per form, used by the API to validate and by the web's forms.

export const forumTitleSchema = z
  .string({ error: FORUM_MESSAGES.titleRequired })
  .trim()
  .min(FORUM_LIMITS.title.min, FORUM_MESSAGES.titleRequired)
  .max(FORUM_LIMITS.title.max, FORUM_MESSAGES.titleTooLong);

export const forumBodySchema = z
  .string({ error: FORUM_MESSAGES.bodyRequired })
  .trim()
  .min(FORUM_LIMITS.body.min, FORUM_MESSAGES.bodyRequired)
  .max(FORUM_LIMITS.body.max, FORUM_MESSAGES.bodyTooLong);

const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(FORUM_LIMITS.tag, FORUM_MESSAGES.tagFormat)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, FORUM_MESSAGES.tagFormat);

export const forumTagsSchema = z
  .array(tagSchema)
  .max(FORUM_LIMITS.tags, FORUM_MESSAGES.tooManyTags)
  .transform((tags) => [...new Set(tags)]);

const idList = (max: number, message: string) =>
  z
    .array(bodyId)
    .max(max, message)
    .transform((ids) => [...new Set(ids)]);

export const forumModelIdsSchema = idList(FORUM_LIMITS.linkedModels, FORUM_MESSAGES.tooManyModels);
export const forumCamsiteIdsSchema = idList(FORUM_LIMITS.linkedCamsites, FORUM_MESSAGES.tooManyCamsites);
export const forumMediaIdsSchema = idList(FORUM_LIMITS.attachments, FORUM_MESSAGES.tooManyAttachments);

export const forumTopicCreateSchema = z.object({
  category_id: bodyId,
  title: forumTitleSchema,
  body: forumBodySchema,
  tags: forumTagsSchema.optional(),
  model_ids: forumModelIdsSchema.optional(),
  camsite_ids: forumCamsiteIdsSchema.optional(),
  media_ids: forumMediaIdsSchema.optional(),
});
export type ForumTopicCreate = z.output<typeof forumTopicCreateSchema>;

/** The author (or an admin) changes the title, tags or links; the opening post's text is edited as a post. */
export const forumTopicUpdateSchema = z.object({
  title: forumTitleSchema.optional(),
  tags: forumTagsSchema.optional(),
  model_ids: forumModelIdsSchema.optional(),
  camsite_ids: forumCamsiteIdsSchema.optional(),
});

export const forumReplyCreateSchema = z.object({
  body: forumBodySchema,
  media_ids: forumMediaIdsSchema.optional(),
});

export const forumPostUpdateSchema = z.object({ body: forumBodySchema });

export const forumVoteSchema = z.object({
  /** +1 or −1; 0 takes the caller's vote back. */
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

export const forumSubscriptionSchema = z.object({ subscribed: z.boolean() });

export const forumSolutionSchema = z.object({ post_id: bodyId.nullable() });

export const forumReportCreateSchema = z.object({
  reason: z.enum(FORUM_REPORT_REASONS),
  note: z.string().trim().max(FORUM_LIMITS.reportNote).optional(),
});

export const forumCategorySlugSchema = z
  .string()
  .trim()
  .min(1, FORUM_MESSAGES.slugFormat)
  .max(FORUM_LIMITS.categorySlug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, FORUM_MESSAGES.slugFormat);

export const forumCategorySaveSchema = z.object({
  title: z.string().trim().min(1, FORUM_MESSAGES.titleRequired).max(FORUM_LIMITS.categoryTitle),
  slug: forumCategorySlugSchema,
  description: z.string().trim().max(FORUM_LIMITS.categoryDescription).optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  posting_access: z.enum(FORUM_POSTING_ACCESS).optional(),
});

export const forumTopicModerateSchema = z.object({
  pinned: z.boolean().optional(),
  locked: z.boolean().optional(),
  category_id: bodyId.optional(),
});

export const forumTopicMergeSchema = z.object({ into_topic_id: bodyId });

export const forumReportResolveSchema = z.object({
  /** dismiss: the post stays; delete_post: the post is deleted and the report closed. */
  action: z.enum(["dismiss", "delete_post"]),
});

export const forumBanSchema = z.object({
  reason: z.string().trim().max(FORUM_LIMITS.banReason).optional(),
  /** How long; absent or null bans until lifted. */
  days: z.number().int().min(1).max(3650).nullable().optional(),
});

export const forumSettingsSchema = z.object({
  /** Hold a new account's first post (topic or reply) until an admin approves it. */
  hold_first_posts: z.boolean(),
});
export type ForumSettings = z.output<typeof forumSettingsSchema>;
