import { findModelDetail, findPendingVerification, insertVerificationRequest } from "@camatlas/db";
import { CATALOG_MESSAGES } from "@camatlas/shared";
import type { verificationRequestSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { assertModelVisible } from "../models/service.ts";

/**
 * The caller's claim of a model she may see, with her own verification image: 422 when the model is already
 * verified, her image is not one, or a claim of hers waits already.
 */
export async function submitVerificationRequest(
  c: Context<AppEnv>,
  id: number,
  body: z.output<typeof verificationRequestSchema>,
) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const model = await findModelDetail(db, id);
  if (!model) throw notFound();
  await assertModelVisible(c, db, model);
  if (model.userId !== null) throw validationFailed({ model_id: [CATALOG_MESSAGES.alreadyVerified] });
  const imageErrors = await mediaReferenceErrors(db, user, [
    {
      field: "media_id",
      id: body.media_id,
      use: "verification",
      wrongKindMessage: CATALOG_MESSAGES.wrongVerificationImage,
    },
  ]);
  if (imageErrors.media_id) throw validationFailed(imageErrors);
  if (await findPendingVerification(db, id, user.id))
    throw validationFailed({ model_id: [CATALOG_MESSAGES.verificationPending] });
  return db.transaction(async (tx) => {
    const created = await insertVerificationRequest(tx, {
      modelId: id,
      userId: user.id,
      mediaId: body.media_id,
      message: body.message ?? null,
    });
    await audit(c, tx, {
      action: "model.verification_requested",
      subjectType: "model",
      subjectId: id,
      changes: { request_id: created.id, media_id: body.media_id },
    });
    return created;
  });
}
