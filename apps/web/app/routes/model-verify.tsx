import { IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES } from "@camatlas/shared";
import { mediaEndpoints, modelEndpoints, modelVerificationEndpoints } from "@camatlas/shared/api-contract";
import { Form, Link, useActionData } from "react-router";
import { Card } from "../components/ui/card.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { UploadField } from "../features/media/upload-field.tsx";
import { imageOfForm } from "../features/models/upload-image.server.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { apiLoad, useSnackbarNote } from "../lib/errors/index.ts";
import { fieldErrors, intentFailure, intentSuccess } from "../lib/errors/intent-result.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/model-verify";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /models/{slug}/verify: a camgirl claims the model as herself with a verification picture; an admin checks it
// and binds the profile to her account (it then shows as verified).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const model = await apiLoad(
    context.get(apiContext).call(modelEndpoints.bySlug, { params: { slug: params.slug } }),
  );
  return { model };
}

const VERIFICATION_UPLOAD = { kind: "form", path: "/media/verification-image" } as const;

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: `Verify ${args.loaderData?.model.name ?? "model"}`, noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const id = Number(form.get("model_id"));
  try {
    const mediaId = await imageOfForm(context, mediaEndpoints.verificationImage, form, {
      fileName: "file",
      mediaName: "media_id",
    });
    if (mediaId === null)
      throw new ApiResponseError(422, {
        message: "Choose an image.",
        errors: { file: ["Choose an image."] },
      });
    const reply = await context.get(apiContext).call(modelVerificationEndpoints.submit, {
      params: { id },
      body: { media_id: mediaId, message: String(form.get("message") ?? "").trim() || null },
    });
    return intentSuccess("verify", reply.message);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure("verify", error);
  }
}

export default function ModelVerify({ loaderData }: Route.ComponentProps) {
  const { model } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const errors = fieldErrors(result);
  const sent = result?.ok || model.verification.my_request_status === "pending";
  const maxMb = (IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024).toFixed(0);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader
        crumbs={
          <>
            <Link to={`/models/${model.slug}`} className="hover:underline">
              {model.name}
            </Link>{" "}
            / Verify
          </>
        }
        title={`Is this you? Verify ${model.name}`}
      />
      {model.verification.is_verified ? (
        <FormAlert tone="success">This profile is already verified.</FormAlert>
      ) : sent ? (
        <FormAlert tone="success">
          {result?.ok ? result.snackbar?.text : "Your verification request is waiting for an admin."}{" "}
          <Link to={`/models/${model.slug}`} className="font-semibold underline">
            Back to the profile
          </Link>
        </FormAlert>
      ) : !model.can.verify ? (
        <FormAlert>Only camgirl accounts can verify a model profile.</FormAlert>
      ) : (
        <Card as="section" padding="lg" className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-soft">
            <li>Take a photo of yourself holding a paper with “{model.name}” and today's date.</li>
            <li>Upload it below (JPG, PNG or WebP, at most {maxMb} MB). Only admins see it.</li>
            <li>Once an admin approves it, the profile is bound to your account and shows as verified.</li>
          </ol>
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="model_id" value={model.id} />
            <UploadField
              label="Verification image"
              fileName="file"
              mediaName="media_id"
              target={VERIFICATION_UPLOAD}
              required
              accept={IMAGE_ACCEPT}
              error={errors.file ?? errors.media_id ?? errors.model_id}
            />
            <TextField
              multiline
              label="Message to the admin (optional)"
              name="message"
              rows={3}
              maxLength={2000}
            />
            <SubmitButton busyLabel="Uploading…" block={false}>
              Send for verification
            </SubmitButton>
          </Form>
        </Card>
      )}
    </div>
  );
}
