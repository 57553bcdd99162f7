import {
  findMediaForUser,
  findModelDetail,
  findPendingVerification,
  insertVerificationRequest,
  writeAudit,
} from "@camatlas/db";
import { CATALOG_MESSAGES, ROLE, VALIDATION_MESSAGES } from "@camatlas/shared";
import { verificationRequestSchema } from "@camatlas/shared/schemas/catalog";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireRole } from "../../middleware/require-role.ts";
import { assertModelVisible } from "../models/service.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });

const submitRoute = createRoute({
  method: "post",
  path: "/models/{id}/verification-requests",
  tags: ["models", "verification"],
  summary:
    "A camgirl claims a model with the id of an uploaded verification image (POST /media/verification-image); an admin approves it",
  middleware: [requireRole(ROLE.camgirl)] as const,
  request: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: { ...json(verificationRequestSchema), required: true },
  },
  responses: {
    201: {
      description: "Submitted",
      ...json(
        z.object({ message: z.string(), request: z.object({ id: z.number().int(), status: z.string() }) }),
      ),
    },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Camgirls only", ...json(messageSchema) },
    404: { description: "No such model", ...json(messageSchema) },
    422: { description: "Already verified, already pending, or not your verification image" },
  },
});

export const verificationRoutes = new OpenAPIHono<AppEnv>().openapi(submitRoute, async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  const { db } = c.var.deps;
  const user = c.var.user!;
  const model = await findModelDetail(db, id);
  if (!model) throw notFound();
  await assertModelVisible(c, db, model);
  if (model.userId !== null) throw validationFailed({ model_id: [CATALOG_MESSAGES.alreadyVerified] });
  const image = await findMediaForUser(db, body.media_id);
  if (!image || image.userId !== user.id)
    throw validationFailed({ media_id: [VALIDATION_MESSAGES.mediaNotFound] });
  if (image.kind !== "verification_image")
    throw validationFailed({ media_id: [CATALOG_MESSAGES.wrongVerificationImage] });
  if (await findPendingVerification(db, id, user.id))
    throw validationFailed({ model_id: [CATALOG_MESSAGES.verificationPending] });
  const request = await db.transaction(async (tx) => {
    const created = await insertVerificationRequest(tx, {
      modelId: id,
      userId: user.id,
      mediaId: body.media_id,
      message: body.message ?? null,
    });
    await writeAudit(tx, {
      actorUserId: user.id,
      action: "model.verification_requested",
      subjectType: "model",
      subjectId: id,
      changes: { request_id: created.id, media_id: body.media_id },
      ip: c.var.clientIp,
    });
    return created;
  });
  return c.json({ message: CATALOG_MESSAGES.verificationSubmitted, request }, 201);
});
