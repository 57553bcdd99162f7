import { z } from "zod";
import { NICKNAME_TYPES } from "../enums.ts";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { nicknameRemovalSchema, nicknamesCreateSchema } from "../schemas/catalog.ts";
import { listQuerySchema, queryInt } from "../schemas/list-query.ts";
import { nicknameSummarySchema } from "../schemas/model-card.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Nicknames: a model's accounts on the camsites, listed, looked up on one camsite, added, and asked to be removed.

/** A nickname with its camsite and (when one is linked) its model. */
export const modelNicknameReply = nicknameSummarySchema.extend({
  name: z.string().nullable(),
  is_active: z.boolean(),
  model: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
});
export type ModelNicknameReply = z.output<typeof modelNicknameReply>;

/**
 * A nickname a member proposed for a model, waiting for an admin in the revisions queue (the model's own camgirl and
 * admins add at once). Stored as the revision's `new_nickname` change.
 */
export const pendingNicknameReply = z.object({
  revision_id: z.number().int(),
  nickname: z.string(),
  type: z.enum(NICKNAME_TYPES),
  cam_site_id: z.number().int(),
  cam_site_name: z.string(),
});
export type PendingNicknameReply = z.output<typeof pendingNicknameReply>;

export const modelNicknameListQuery = listQuerySchema.extend({
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.default),
  model_id: queryInt().optional(),
  cam_site_id: queryInt().optional(),
});

export const modelNicknameEndpoints = {
  list: endpoint({
    method: "get",
    path: "/model-nicknames",
    query: modelNicknameListQuery,
    reply: pageEnvelope(modelNicknameReply),
  }),
  byCamsite: endpoint({
    method: "get",
    path: "/model-nicknames/by-camsite/{camSiteSlug}/{nickname}",
    params: z.object({ camSiteSlug: z.string().min(1).max(100), nickname: z.string().min(1).max(100) }),
    reply: modelNicknameReply,
  }),
  create: endpoint({
    method: "post",
    path: "/model-nicknames",
    body: nicknamesCreateSchema,
    // `data`: the nicknames listed now; `pending`: those waiting for an admin.
    reply: z.object({
      message: z.string(),
      data: z.array(modelNicknameReply),
      pending: z.array(pendingNicknameReply),
    }),
  }),
  /** The caller's own proposals for one model that still wait for an admin. */
  pending: endpoint({
    method: "get",
    path: "/model-nicknames/pending",
    query: z.object({ model_id: queryInt() }),
    reply: z.object({ data: z.array(pendingNicknameReply) }),
  }),
  removalRequest: endpoint({
    method: "post",
    path: "/model-nicknames/{id}/removal-request",
    params: idParams,
    // The reason may be left out.
    body: nicknameRemovalSchema,
    optionalBody: true,
    reply: z.object({ message: z.string(), id: z.number().int() }),
  }),
};
