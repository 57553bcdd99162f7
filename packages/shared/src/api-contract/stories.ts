import { z } from "zod";
import { STORY_STATES } from "../enums.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { isoDateTime } from "../schemas/dates.ts";
import { bodyId } from "../schemas/ids.ts";
import { listQuerySchema, queryBoolean, queryInt } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Stories (spec §3 Story, §4): a model's image or video, unpublished until publish_at, published for 24 hours, then
// archived (kept on her Stories tab as highlights). Posted by the camgirl bound to the model, or an admin.

/** POST /stories (spec: model_name, media_id, cam_site_name, publish_at). */
export const storyCreateSchema = z.object({
  model_name: z.string().trim().min(1).max(TEXT_LIMITS.name),
  media_id: bodyId,
  /** The camsite the story is about (a name or slug); none for a story about the model herself. */
  cam_site_name: z.string().trim().max(TEXT_LIMITS.name).nullish(),
  /** When it goes live: at most a minute in the past, at most 30 days ahead. */
  publish_at: isoDateTime(),
});
export type StoryCreateInput = z.input<typeof storyCreateSchema>;

/** GET /stories: a model's stories (by id or name), a camsite's, or every model's live ones (the home rail). */
export const storyListQuerySchema = listQuerySchema.pick({ page: true, per_page: true }).extend({
  model_name: z.string().trim().max(TEXT_LIMITS.name).optional(),
  model_id: queryInt().optional(),
  cam_site_name: z.string().trim().max(TEXT_LIMITS.name).optional(),
  /** Scheduled stories too: only the model's camgirl and admins get them (others: ignored). */
  show_unpublished: queryBoolean().optional(),
  /** Archived stories (highlights) too: the model's Stories tab. */
  with_archived: queryBoolean().optional(),
});
export type StoryListQuery = z.input<typeof storyListQuerySchema>;

export const storyMediaReply = z.object({
  id: z.number().int(),
  link: z.string(),
  type: z.enum(["image", "video"]),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for videos whose length is known. */
  duration: z.number().nullable(),
  /** A still of the video (its processed poster), when there is one. */
  poster: z.string().nullable(),
  mime_type: z.string(),
});

export const storyReply = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  /** BlurHash of the image (or the video's poster): the placeholder while it loads. */
  blur: z.string().nullable(),
  media: storyMediaReply,
  publish_at: z.string(),
  published_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  state: z.enum(STORY_STATES),
  cam_site: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  model: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    avatar_path: z.string().nullable(),
    /** Her avatar's blur placeholder; null without one. */
    avatar_placeholder: z.string().nullable(),
  }),
  viewed_by_current_user: z.boolean(),
  can_delete: z.boolean(),
});
export type StoryReply = z.output<typeof storyReply>;

export const storyListReply = pageEnvelope(
  storyReply,
  z.object({
    /** The caller may post stories for the listed model (her camgirl, an admin). */
    can_create: z.boolean(),
  }),
);
export type StoryListReply = z.output<typeof storyListReply>;

export const storyEndpoints = {
  list: endpoint({ method: "get", path: "/stories", query: storyListQuerySchema, reply: storyListReply }),
  create: endpoint({
    method: "post",
    path: "/stories",
    body: storyCreateSchema,
    reply: z.object({ message: z.string(), data: storyReply }),
    status: 201,
  }),
  delete: endpoint({
    method: "delete",
    path: "/stories/{id}",
    params: idParams,
    reply: z.object({ message: z.string() }),
  }),
  /** Marks a published story viewed: for the signed-in user, or in this browser's cookie for a guest. */
  view: endpoint({
    method: "post",
    path: "/stories/{id}/view",
    params: idParams,
    reply: z.object({ message: z.string(), viewed_by_current_user: z.literal(true) }),
  }),
};
