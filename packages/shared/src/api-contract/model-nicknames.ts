import { z } from "zod";
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
    reply: z.object({ message: z.string(), data: z.array(modelNicknameReply) }),
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
