import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { modelVerificationEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { submitVerificationRequest } from "./service.ts";

const submitRoute = contractRoute(modelVerificationEndpoints.submit, {
  access: { roles: [ROLE.camgirl] },
  // A camgirl claims any model nobody is bound to.
  owner: "anyone",
  tags: ["models", "verification"],
  summary:
    "A camgirl claims a model with the id of an uploaded verification image (POST /media/verification-image); an admin approves it",
  replyDescription: "Submitted",
});

export const verificationRoutes = new OpenAPIHono<AppEnv>().openapi(submitRoute, async (c) => {
  const { id } = c.req.valid("param");
  const request = await submitVerificationRequest(c, id, c.req.valid("json"));
  return c.json(
    { message: CATALOG_MESSAGES.verificationSubmitted, request: { id: request.id, status: request.status } },
    201,
  );
});
