import { z } from "zod";
import { tagCreateSchema, tagUpdateSchema } from "../schemas/catalog.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";

export const tagReply = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  page: z.string().nullable(),
  models_count: z.number().int().optional(),
});
export type TagReply = z.output<typeof tagReply>;

const tagSavedReply = z.object({ message: z.string(), tag: tagReply });

export const tagEndpoints = {
  list: endpoint({
    method: "get",
    path: "/tags",
    query: z.object({ query: z.string().trim().max(64).optional() }),
    reply: z.object({ data: z.array(tagReply), can: z.object({ create: z.boolean(), edit: z.boolean() }) }),
  }),
  create: endpoint({
    method: "post",
    path: "/admin/tags",
    body: tagCreateSchema,
    reply: tagSavedReply,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/admin/tags/{id}",
    params: idParams,
    body: tagUpdateSchema,
    reply: tagSavedReply,
  }),
};
