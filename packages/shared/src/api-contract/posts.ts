import { z } from "zod";
import { POST_STATUSES, POST_TYPES } from "../enums.ts";
import { HOW_TO_REVIEW_DESCRIPTION_LIMIT, TEXT_LIMITS } from "../limits.ts";
import { POST_MESSAGES, VALIDATION_MESSAGES } from "../messages.ts";
import { POST_NAME_MAX, POST_NAME_PATTERN, POST_STATES } from "../post-state.ts";
import { isoDateTime } from "../schemas/dates.ts";
import { bodyId, bodyIdSet } from "../schemas/ids.ts";
import { listQuerySchema, queryInt, queryStringArray } from "../schemas/list-query.ts";
import { redirectReplySchema } from "../schemas/model-card.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { requireSomeField } from "../schemas/update-body.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Editorial reviews ("{product}s Reviews"), blog posts and news: one posts engine (issue 15). The public reads show
// live posts only (published, publish time come); admins write them at the desk (/admin/posts) and see every state.

/** Most tags, linked models and linked camsites one post carries. */
export const POST_LINKS_MAX = 10;

// ─── Replies ─────────────────────────────────────────────────────────────────

/** The review teaser (spec §3: id, post_title, votes, image, post_name) and what any list of posts shows. */
export const postTeaserReply = z.object({
  id: z.number().int(),
  type: z.enum(POST_TYPES),
  post_title: z.string(),
  post_name: z.string(),
  /** The post's page on the site: `/reviews/{post_name}`, `/blog/…`, `/news/…`. */
  url: z.string(),
  excerpt: z.string().nullable(),
  votes: z.number().int(),
  /** The cover's public link. */
  image: z.string().nullable(),
  /** BlurHash of the cover, shown (decoded at 100 × 100) while it loads. */
  image_blurhash: z.string().nullable(),
  image_width: z.number().int().nullable(),
  image_height: z.number().int().nullable(),
  /** When it went (or goes) public; null for a draft. */
  published_at: z.iso.datetime().nullable(),
});
export type PostTeaserReply = z.output<typeof postTeaserReply>;

const linkedModel = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
const linkedCamsite = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

/** A post's page. Admins also get drafts and scheduled posts (the desk's preview), told apart by `state`. */
export const postReply = postTeaserReply.extend({
  state: z.enum(POST_STATES),
  /** Sanitized on the server when saved: safe to insert as HTML. */
  body_html: z.string(),
  tags: z.array(z.string()),
  /** Linked models the caller may see (the model page's visibility rule). */
  models: z.array(linkedModel),
  camsites: z.array(linkedCamsite),
  author: z.object({ nick_name: z.string() }).nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  updated_at: z.iso.datetime(),
  /** The caller's vote: 1, -1, or 0 (none, or a guest). */
  my_vote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  can: z.object({ vote: z.boolean(), edit: z.boolean() }),
});
export type PostReply = z.output<typeof postReply>;

export const postOrRedirectReply = z.union([postReply, redirectReplySchema]);

export const postVoteReply = messageReply.extend({
  votes: z.number().int(),
  my_vote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

/** The desk's view of a post: every field as it is edited. */
export const adminPostReply = postReply.omit({ my_vote: true, can: true }).extend({
  status: z.enum(POST_STATUSES),
  /** The sanitized HTML the editor starts from. */
  body: z.string(),
  image_media_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type AdminPostReply = z.output<typeof adminPostReply>;

/** A row of the desk's list. */
export const adminPostListItem = postTeaserReply.extend({
  state: z.enum(POST_STATES),
  author: z.object({ nick_name: z.string() }).nullable(),
  updated_at: z.iso.datetime(),
});
export type AdminPostListItem = z.output<typeof adminPostListItem>;

export const adminPostListMeta = z.object({
  /** Posts of each state among those the filters other than `state` select. */
  counts: z.object({ draft: z.number().int(), scheduled: z.number().int(), published: z.number().int() }),
});

// ─── Requests ────────────────────────────────────────────────────────────────

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Empty or left out: made from the title. */
const postNameField = z
  .string()
  .trim()
  .max(POST_NAME_MAX)
  .refine((v) => v === "" || POST_NAME_PATTERN.test(v), { error: POST_MESSAGES.postNameFormat });

const tagsField = z
  .array(z.string().trim().min(1, VALIDATION_MESSAGES.required).max(TEXT_LIMITS.tagName))
  .max(POST_LINKS_MAX, { error: POST_MESSAGES.tooManyTags })
  // "Tips" and "tips" are one tag: the first spelling is kept.
  .transform((tags) =>
    tags.filter((tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i),
  );

const postFields = {
  post_title: z.string().trim().min(1, VALIDATION_MESSAGES.required).max(TEXT_LIMITS.title),
  post_name: postNameField,
  /** The teaser text under the title (the spec's how-to-review description limit). */
  excerpt: optionalText(HOW_TO_REVIEW_DESCRIPTION_LIMIT),
  /** HTML from the editor; the server keeps only its allow-list of tags and attributes. */
  body: z.string().max(TEXT_LIMITS.reviewText),
  /** An image uploaded through POST /media (the cover). */
  image_media_id: bodyId.nullable(),
  tags: tagsField,
  models_ids: bodyIdSet({ max: POST_LINKS_MAX }),
  cam_site_ids: bodyIdSet({ max: POST_LINKS_MAX }),
  meta_title: optionalText(TEXT_LIMITS.metaTitle),
  meta_description: optionalText(TEXT_LIMITS.metaDescription),
};

/** A new post is a draft: publishing is its own step (publish now or at a time). */
export const postCreateRequestSchema = z.object({
  type: z.enum(POST_TYPES),
  post_title: postFields.post_title,
  post_name: postFields.post_name.optional(),
  excerpt: postFields.excerpt,
  body: postFields.body.default(""),
  image_media_id: postFields.image_media_id.optional(),
  tags: postFields.tags.default([]),
  models_ids: postFields.models_ids.default([]),
  cam_site_ids: postFields.cam_site_ids.default([]),
  meta_title: postFields.meta_title,
  meta_description: postFields.meta_description,
});
export type PostCreateRequest = z.input<typeof postCreateRequestSchema>;

/** Fields left out stay as they are; the kind never changes (its address would). A new post_name keeps the old one redirecting. */
export const postUpdateRequestSchema = requireSomeField(z.object(postFields).partial());
export type PostUpdateRequest = z.input<typeof postUpdateRequestSchema>;

/** Publish now (no `publish_at`, or null) or at a later time (scheduled). */
export const postPublishRequestSchema = z.object({ publish_at: isoDateTime().nullish() });

export const postVoteRequestSchema = z.object({
  /** 1 up, -1 down, 0 takes the vote back. */
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: "Must be 1, -1 or 0." }),
});

const postTypesQuery = queryStringArray().pipe(z.array(z.enum(POST_TYPES)));

export const postListQuerySchema = listQuerySchema.pick({ page: true, per_page: true }).extend({
  /** One kind or several (`type[]=blog&type[]=news`); every kind when left out. */
  type: postTypesQuery.optional(),
  tag: z.string().trim().max(TEXT_LIMITS.tagName).optional(),
  /** Posts linked to this model (her profile's Reviews tab); nothing for a model the caller may not see. */
  model_id: queryInt().optional(),
  /** Posts linked to this camsite. */
  cam_site_id: queryInt().optional(),
});

export const adminPostListQuerySchema = listQuerySchema
  .pick({ page: true, per_page: true, query: true })
  .extend({
    type: z.enum(POST_TYPES).optional(),
    state: z.enum(POST_STATES).optional(),
  });

const postNameParams = z.object({
  type: z.enum(POST_TYPES),
  post_name: z.string().max(POST_NAME_MAX),
});

export const FEED_FORMATS = ["rss", "atom"] as const;

// ─── Endpoints ───────────────────────────────────────────────────────────────

export const postEndpoints = {
  /** Live posts, newest first (reviews 6 per page on /reviews, 12 in the home carousel). */
  list: endpoint({
    method: "get",
    path: "/posts",
    query: postListQuerySchema,
    reply: pageEnvelope(postTeaserReply),
  }),
  /** A live post by its address; an old address answers a redirect reply; 404 otherwise (admins: any state). */
  byName: endpoint({
    method: "get",
    path: "/posts/{type}/{post_name}",
    params: postNameParams,
    reply: postOrRedirectReply,
  }),
  vote: endpoint({
    method: "post",
    path: "/posts/{id}/vote",
    params: idParams,
    body: postVoteRequestSchema,
    reply: postVoteReply,
  }),
  /** The latest live posts of a kind as RSS 2.0 or Atom 1.0. */
  feed: endpoint({
    method: "get",
    path: "/feeds/{type}",
    params: z.object({ type: z.enum(POST_TYPES) }),
    query: z.object({ format: z.enum(FEED_FORMATS).default("rss") }),
    reply: z.string().meta({ type: "string", description: "RSS 2.0 or Atom 1.0 XML" }),
  }),
  adminList: endpoint({
    method: "get",
    path: "/admin/posts",
    query: adminPostListQuerySchema,
    reply: pageEnvelope(adminPostListItem, adminPostListMeta),
  }),
  adminGet: endpoint({ method: "get", path: "/admin/posts/{id}", params: idParams, reply: adminPostReply }),
  create: endpoint({
    method: "post",
    path: "/admin/posts",
    body: postCreateRequestSchema,
    reply: adminPostReply,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/admin/posts/{id}",
    params: idParams,
    body: postUpdateRequestSchema,
    reply: adminPostReply,
  }),
  publish: endpoint({
    method: "post",
    path: "/admin/posts/{id}/publish",
    params: idParams,
    body: postPublishRequestSchema,
    optionalBody: true,
    reply: adminPostReply,
  }),
  unpublish: endpoint({
    method: "post",
    path: "/admin/posts/{id}/unpublish",
    params: idParams,
    reply: adminPostReply,
  }),
  delete: endpoint({ method: "delete", path: "/admin/posts/{id}", params: idParams, reply: messageReply }),
};
