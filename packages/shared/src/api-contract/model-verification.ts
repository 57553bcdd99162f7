import { z } from "zod";
import { verificationRequestSchema } from "../schemas/catalog.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// A camgirl's claim of a model (with an uploaded verification image); an admin decides it (moderation).

export const verificationSubmittedReply = z.object({
  message: z.string(),
  request: z.object({ id: z.number().int(), status: z.string() }),
});
export type VerificationSubmittedReply = z.output<typeof verificationSubmittedReply>;

export const modelVerificationEndpoints = {
  submit: endpoint({
    method: "post",
    path: "/models/{id}/verification-requests",
    params: idParams,
    body: verificationRequestSchema,
    reply: verificationSubmittedReply,
    status: 201,
  }),
};
