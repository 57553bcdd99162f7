import { z } from "zod";
import { modelContentSchema } from "../schemas/catalog.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// A model's content (admins): the text generated from a combination of templates, a unique text, which one shows.

export const modelContentReply = z.object({
  model_id: z.number().int(),
  is_public: z.boolean(),
  generated_text: z.string().nullable(),
  unique_text: z.string().nullable(),
  is_unique_text_used: z.boolean(),
  combination: z.array(z.number().int()),
  /** What the profile shows. */
  text: z.string().nullable(),
  can: z.object({ edit: z.boolean() }),
});
export type ModelContentReply = z.output<typeof modelContentReply>;

export const modelContentEndpoints = {
  get: endpoint({
    method: "get",
    path: "/admin/models/{id}/content",
    params: idParams,
    reply: modelContentReply,
  }),
  save: endpoint({
    method: "post",
    path: "/admin/models/{id}/content",
    params: idParams,
    body: modelContentSchema,
    reply: z.object({ message: z.string(), content: modelContentReply }),
  }),
};
