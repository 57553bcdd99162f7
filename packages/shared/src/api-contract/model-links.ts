import { z } from "zod";
import { modelLinksCreateSchema } from "../schemas/catalog.ts";
import { modelLinkSchema } from "../schemas/model-card.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Links on a model's profile (her pages elsewhere): added by anyone signed in, removed by her or an admin.

export const modelLinkReply = modelLinkSchema.extend({ model_id: z.number().int() });
export type ModelLinkReply = z.output<typeof modelLinkReply>;

export const modelLinkEndpoints = {
  create: endpoint({
    method: "post",
    path: "/model-links",
    body: modelLinksCreateSchema,
    reply: z.object({ message: z.string(), data: z.array(modelLinkReply) }),
  }),
  delete: endpoint({ method: "delete", path: "/model-links/{id}", params: idParams, reply: messageReply }),
};
