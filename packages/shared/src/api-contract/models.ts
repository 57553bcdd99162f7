import { z } from "zod";
import { MODEL_ORDERS } from "../enums.ts";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import {
  adminModelUpdateSchema,
  avatarAccessibilitySchema,
  bindManySchema,
  blockSchema,
  changeRatingSchema,
  modelCreateSchema,
  modelReportSchema,
  modelUpdateSchema,
  unblockSchema,
  visibilitySettingsSchema,
} from "../schemas/catalog.ts";
import { listQuerySchema, queryBoolean, queryInt, queryIntArray } from "../schemas/list-query.ts";
import {
  modelBlockSchema,
  modelCardSchema,
  modelProfileSchema,
  redirectReplySchema,
  tagSummarySchema,
  visibilitySettingsReplySchema,
} from "../schemas/model-card.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { searchQuerySchema } from "../schemas/search-query.ts";
import { idParams, messageReply, pathId } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Models: the list, a profile, similar models, creating and editing one; and what can be done to one (rate, block,
// visibility, report, bind a camgirl). Card and profile schemas live in schemas/model-card.ts.

/** GET /models: paging, a typo-tolerant search, filters by camsite and tag, an order. */
export const modelListQuery = listQuerySchema.extend({
  query: searchQuerySchema.optional(),
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.models),
  order_by: z.enum(MODEL_ORDERS).optional(),
  desc: queryBoolean().optional(),
  cam_site_ids: queryIntArray().optional(),
  tags_id_list: queryIntArray().optional(),
});
export type ModelListQuery = z.output<typeof modelListQuery>;

/** A GET /models item: with[]=tags adds tags, with_count[]=nicknames adds nicknames_count. */
export const modelListCardReply = modelCardSchema.extend({
  tags: z.array(tagSummarySchema).optional(),
  nicknames_count: z.number().int().optional(),
});
export type ModelListCardReply = z.output<typeof modelListCardReply>;

export const modelListReply = pageEnvelope(modelListCardReply);
export type ModelListReply = z.output<typeof modelListReply>;

/** A profile, or where a merged or renamed model lives now. */
export const modelProfileOrRedirectReply = z.union([modelProfileSchema, redirectReplySchema]);
export type ModelProfileOrRedirectReply = z.output<typeof modelProfileOrRedirectReply>;

export const modelSavedReply = z.object({ message: z.string(), model: modelProfileSchema });
export type ModelSavedReply = z.output<typeof modelSavedReply>;

/** A proposed edit: a revision waiting for an admin, or (admins) the saved profile. */
export const modelUpdateReply = z.object({
  message: z.string(),
  revision: z.object({ id: z.number().int(), status: z.string() }).nullable(),
  has_unchecked_revisions: z.boolean(),
  model: modelProfileSchema.optional(),
});
export type ModelUpdateReply = z.output<typeof modelUpdateReply>;

export const modelEndpoints = {
  list: endpoint({ method: "get", path: "/models", query: modelListQuery, reply: modelListReply }),
  bySlug: endpoint({
    method: "get",
    path: "/models/by-slug/{slug}",
    params: z.object({ slug: z.string().min(1).max(120) }),
    reply: modelProfileOrRedirectReply,
  }),
  byId: endpoint({
    method: "get",
    path: "/models/{id}",
    params: idParams,
    reply: modelProfileOrRedirectReply,
  }),
  likeHer: endpoint({
    method: "get",
    path: "/models/{id}/like-her",
    params: idParams,
    reply: z.object({ data: z.array(modelCardSchema) }),
  }),
  create: endpoint({
    method: "post",
    path: "/models",
    body: modelCreateSchema,
    reply: modelSavedReply,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/models/{id}",
    params: idParams,
    body: modelUpdateSchema,
    reply: modelUpdateReply,
  }),
  adminUpdate: endpoint({
    method: "put",
    path: "/admin/models/{id}",
    params: idParams,
    body: adminModelUpdateSchema,
    reply: modelSavedReply,
  }),
};

export const modelRatingReply = z.object({
  message: z.string(),
  rating: z.number(),
  rating_votes: z.number().int(),
  user_rating: z.number().int(),
});
export type ModelRatingReply = z.output<typeof modelRatingReply>;

export const modelBlocksReply = z.object({ message: z.string(), blocks: z.array(modelBlockSchema) });
export type ModelBlocksReply = z.output<typeof modelBlocksReply>;

const userParams = z.object({ userId: pathId });

export const modelActionEndpoints = {
  changeRating: endpoint({
    method: "post",
    path: "/models/{id}/change-rating",
    params: idParams,
    body: changeRatingSchema,
    reply: modelRatingReply,
  }),
  block: endpoint({
    method: "post",
    path: "/models/{id}/block",
    params: idParams,
    body: blockSchema,
    reply: modelBlocksReply,
  }),
  unblock: endpoint({
    method: "post",
    path: "/models/{id}/unblock",
    params: idParams,
    body: unblockSchema,
    reply: modelBlocksReply,
  }),
  changeAvatarAccessibility: endpoint({
    method: "post",
    path: "/models/{id}/change-avatar-accessibility",
    params: idParams,
    body: avatarAccessibilitySchema,
    reply: z.object({ message: z.string(), forbid_avatar_changes: z.boolean() }),
  }),
  visibilitySettings: endpoint({
    method: "post",
    path: "/models/{id}/visibility-settings",
    params: idParams,
    body: visibilitySettingsSchema,
    reply: z.object({ message: z.string(), visibility_settings: visibilitySettingsReplySchema }),
  }),
  report: endpoint({
    method: "post",
    path: "/models/{id}/reports",
    params: idParams,
    body: modelReportSchema,
    reply: z.object({ message: z.string(), id: z.number().int() }),
  }),
  bind: endpoint({
    method: "post",
    path: "/models/{id}/bind/{userId}",
    params: idParams.extend(userParams.shape),
    reply: z.object({ message: z.string(), user_id: z.number().int() }),
  }),
  unbind: endpoint({ method: "post", path: "/models/{id}/unbind", params: idParams, reply: messageReply }),
  bindMany: endpoint({
    method: "post",
    path: "/models/bind-many/{userId}",
    params: userParams,
    body: bindManySchema,
    reply: z.object({ message: z.string(), models_ids: z.array(z.number().int()) }),
  }),
};
