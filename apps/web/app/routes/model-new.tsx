import { NICKNAME_TYPES, SUCCESS_MESSAGES } from "@camatlas/shared";
import {
  camsiteEndpoints,
  mediaEndpoints,
  modelEndpoints,
  tagEndpoints,
} from "@camatlas/shared/api-contract";
import { useEffect } from "react";
import { Form, Link, useActionData, useNavigate } from "react-router";
import { cardClass } from "../components/ui/card.tsx";
import { FieldError } from "../components/ui/field-frame.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { NICKNAME_TYPE_LABELS } from "../features/catalog/catalog-labels.ts";
import { ModelFields } from "../features/models/model-fields.tsx";
import { modelCreateBody } from "../features/models/model-form-values.ts";
import { imageOfForm } from "../features/models/upload-image.server.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { actionSuccess, apiLoad, useSnackbarNote } from "../lib/errors/index.ts";
import { fieldErrors, intentFailure } from "../lib/errors/intent-result.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/model-new";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

/** Nickname rows the form offers (more can be added later on her profile). */
const NICKNAME_ROWS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const [tags, camsites] = await Promise.all([
    apiLoad(api.call(tagEndpoints.list, {})),
    apiLoad(api.call(camsiteEndpoints.list, {})),
  ]);
  return {
    tags: tags.data.map(({ id, name }) => ({ id, name })),
    camsites: camsites.data.map(({ id, name }) => ({ id, name })),
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Add a model", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  try {
    const body = modelCreateBody(form, NICKNAME_ROWS);
    const avatarId = await imageOfForm(context, mediaEndpoints.avatar, form, {
      fileName: "avatar",
      mediaName: "avatar_upload_id",
    });
    if (avatarId !== null) body.avatar_media_id = avatarId;
    const reply = await context.get(apiContext).call(modelEndpoints.create, { body });
    return actionSuccess(SUCCESS_MESSAGES.modelProfileCreated, {
      intent: "create",
      slug: reply.model.slug,
      name: reply.model.name,
    });
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure("create", error);
  }
}

export default function ModelNew({ loaderData }: Route.ComponentProps) {
  const { tags, camsites } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const navigate = useNavigate();
  const created = result && "slug" in result ? result : null;
  const errors = fieldErrors(result);
  // With JavaScript, go straight to her new profile (the snackbar stays up across the navigation).
  useEffect(() => {
    if (created?.slug) navigate(`/models/${created.slug}`);
  }, [created?.slug, navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        crumbs={
          <>
            <Link to="/models" className="hover:underline">
              Models
            </Link>{" "}
            / New
          </>
        }
        title="Add a model"
        lead="Know a model who is not listed yet? Add her with her nicknames; an admin checks new profiles."
      />
      {created && (
        <FormAlert tone="success">
          {SUCCESS_MESSAGES.modelProfileCreated}{" "}
          <Link to={`/models/${created.slug}`} className="font-semibold underline">
            Open {created.name}'s profile
          </Link>
        </FormAlert>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className={cardClass({ padding: "lg", className: "space-y-6" })}
      >
        <ModelFields tags={tags} errors={errors} avatar />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-ink-soft">Nicknames on camsites</legend>
          {errors.nicknames && <FieldError>{errors.nicknames}</FieldError>}
          {Array.from({ length: NICKNAME_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
            <div key={i} className="grid gap-3 rounded-md bg-surface-muted p-3 sm:grid-cols-[1fr_1fr_9rem]">
              <SelectField
                label={`Camsite ${i + 1}`}
                name={`cam_site_id_${i}`}
                placeholder="Choose a camsite"
                options={camsites.map((c) => ({ value: String(c.id), label: c.name }))}
                error={errors[`cam_site_id_${i}`]}
              />
              <TextField
                label={`Nickname ${i + 1}`}
                name={`nickname_${i}`}
                maxLength={64}
                autoComplete="off"
                error={errors[`nickname_${i}`]}
              />
              <SelectField
                label="Type"
                name={`type_${i}`}
                defaultValue="solo"
                options={NICKNAME_TYPES.map((t) => ({ value: t, label: NICKNAME_TYPE_LABELS[t] }))}
              />
            </div>
          ))}
        </fieldset>
        <div className="flex items-center gap-4">
          <SubmitButton busyLabel="Creating…" block={false}>
            Create model profile
          </SubmitButton>
          <Link to="/models" className="text-ink-muted underline">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
