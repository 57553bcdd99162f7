import { z } from "zod";
import {
  adminFeaturedModelSchema,
  featuredModelCreateRequestSchema,
  featuredModelSchema,
  featuredModelUpdateRequestSchema,
} from "../schemas/featured-models.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// The home page's featured models, and their admin list (also past and upcoming entries).

export const featuredModelEndpoints = {
  list: endpoint({ method: "get", path: "/featured-models", reply: z.array(featuredModelSchema) }),
  adminList: endpoint({
    method: "get",
    path: "/admin/featured-models",
    reply: z.array(adminFeaturedModelSchema),
  }),
  create: endpoint({
    method: "post",
    path: "/admin/featured-models",
    body: featuredModelCreateRequestSchema,
    reply: adminFeaturedModelSchema,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/admin/featured-models/{id}",
    params: idParams,
    body: featuredModelUpdateRequestSchema,
    reply: adminFeaturedModelSchema,
  }),
  delete: endpoint({
    method: "delete",
    path: "/admin/featured-models/{id}",
    params: idParams,
    reply: messageReply,
  }),
};
