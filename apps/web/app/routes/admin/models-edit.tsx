import { SUCCESS_MESSAGES } from "@camatlas/shared";
import {
  mediaEndpoints,
  modelActionEndpoints,
  modelContentEndpoints,
  modelEndpoints,
  tagEndpoints,
  userEndpoints,
} from "@camatlas/shared/api-contract";
import {
  type AdminModelUpdateInput,
  MODEL_ABOUT_MAX,
  MODEL_DISPLAY_NAME_MAX,
} from "@camatlas/shared/schemas/catalog";
import { data, Form, Link, useActionData } from "react-router";
import { CardSection } from "../../components/ui/card.tsx";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { adminEdit, adminEditAction, editFailure } from "../../features/admin/admin-edit.ts";
import { AdminEditHeader } from "../../features/admin/admin-edit-header.tsx";
import { SlugField } from "../../features/admin/slug-field.tsx";
import { ModelFields } from "../../features/models/model-fields.tsx";
import { changedModelFields } from "../../features/models/model-form-values.ts";
import { imageOfForm } from "../../features/models/upload-image.server.ts";
import { ApiResponseError } from "../../lib/api-client.ts";
import { apiLoad, useSnackbarNote } from "../../lib/errors/index.ts";
import { fieldErrors, intentSuccess } from "../../lib/errors/intent-result.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import type { Route } from "./+types/models-edit";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// An admin's edit of one model: profile and SEO fields saved directly, the description text (model content),
// and which camgirl account the model is bound to.
export async function loader(args: Route.LoaderArgs) {
  const { api, id } = adminEdit(args);
  const [model, content, tags] = await Promise.all([
    apiLoad(api.call(modelEndpoints.byId, { params: { id } })),
    apiLoad(api.call(modelContentEndpoints.get, { params: { id } })),
    apiLoad(api.call(tagEndpoints.list, {})),
  ]);
  return { model, content, tags: tags.data.map(({ id, name }) => ({ id, name })) };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: `Edit ${args.loaderData?.model.name ?? "model"} | Admin`, noindex: true });
}

const text = (form: FormData, name: string) => {
  const value = String(form.get(name) ?? "").trim();
  return value === "" ? null : value;
};

export async function action(args: Route.ActionArgs) {
  const { api, id, form, intent } = await adminEditAction(args);
  try {
    switch (intent) {
      case "profile": {
        const body: AdminModelUpdateInput = {
          ...changedModelFields(form),
          slug: String(form.get("slug") ?? "").trim(),
          display_name: text(form, "display_name"),
          about: text(form, "about"),
          is_indexed_search_robots: form.get("is_indexed_search_robots") === "on",
          forbid_avatar_changes: form.get("forbid_avatar_changes") === "on",
        };
        // Sent only when the admin changed it, so saving other fields never touches (or audits) visibility.
        const visible = form.get("is_visible");
        if ((visible === "1" || visible === "0") && visible !== form.get("original_is_visible"))
          body.is_visible = visible === "1";
        const avatarId = await imageOfForm(args.context, mediaEndpoints.avatar, form, {
          fileName: "avatar",
          mediaName: "avatar_upload_id",
        });
        if (avatarId !== null) body.avatar_media_id = avatarId;
        const reply = await api.call(modelEndpoints.adminUpdate, { params: { id }, body });
        return intentSuccess(intent, reply.message);
      }
      case "content": {
        const reply = await api.call(modelContentEndpoints.save, {
          params: { id },
          body: {
            is_public: form.get("is_public") === "on",
            unique_text: text(form, "unique_text"),
            is_unique_text_used: form.get("is_unique_text_used") === "on",
            regenerate: form.get("regenerate") === "on",
          },
        });
        // The spec's texts: '…successfully created!' the first time, '…updated!' afterwards (the API decides).
        const known = [
          SUCCESS_MESSAGES.modelContentCreated,
          SUCCESS_MESSAGES.modelContentUpdated,
        ] as string[];
        return intentSuccess(
          intent,
          known.includes(reply.message) ? reply.message : SUCCESS_MESSAGES.modelContentUpdated,
        );
      }
      case "bind": {
        const nick = String(form.get("nick_name") ?? "").trim();
        const user = await api.call(userEndpoints.byNickName, { params: { nick_name: nick } });
        const reply = await api.call(modelActionEndpoints.bind, { params: { id, userId: user.id } });
        return intentSuccess(intent, reply.message);
      }
      case "unbind": {
        const reply = await api.call(modelActionEndpoints.unbind, { params: { id } });
        return intentSuccess(intent, reply.message);
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    // Binding names the account by nickname: an unknown one is that field's error, not a missing page.
    if (intent === "bind" && error instanceof ApiResponseError && error.status === 404)
      return editFailure(
        intent,
        new ApiResponseError(422, {
          message: "No user with this nickname.",
          errors: { nick_name: ["No user with this nickname."] },
        }),
      );
    return editFailure(intent, error);
  }
}

export default function AdminModelEdit({ loaderData }: Route.ComponentProps) {
  const { model, content, tags } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const errors = fieldErrors(result, "profile");
  return (
    <div className="space-y-6">
      <AdminEditHeader area="models" item={model} />

      <CardSection padding="md" id="profile" title="Profile and search engines">
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <ModelFields
            defaults={{ ...model, tag_ids: model.tags.map((t) => t.id) }}
            errors={errors}
            tags={tags}
            avatar
            trackChanges
            avatarHint="JPG, PNG or WebP, up to 5 MB. Leave empty to keep the current picture."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SlugField defaultValue={model.slug} maxLength={120} error={errors.slug} />
            <TextField
              label="Meta title (display name)"
              name="display_name"
              defaultValue={model.display_name ?? ""}
              maxLength={MODEL_DISPLAY_NAME_MAX}
              error={errors.display_name}
            />
          </div>
          <TextField
            multiline
            label="Meta description (about)"
            name="about"
            rows={2}
            defaultValue={model.about ?? ""}
            maxLength={MODEL_ABOUT_MAX}
            error={errors.about}
          />
          <div className="flex flex-wrap items-end gap-6">
            <CheckboxField
              name="is_indexed_search_robots"
              label="Let search engines index the profile"
              defaultChecked={model.is_indexed_search_robots}
            />
            <CheckboxField
              name="forbid_avatar_changes"
              label="Forbid avatar changes by members"
              defaultChecked={model.forbid_avatar_changes}
            />
            <div className="w-56">
              <input
                type="hidden"
                name="original_is_visible"
                value={model.is_visible === false ? "0" : "1"}
              />
              <SelectField
                label="Visibility on the site"
                name="is_visible"
                defaultValue={model.is_visible === false ? "0" : "1"}
                options={[
                  { value: "1", label: "Visible" },
                  { value: "0", label: "Hidden" },
                ]}
              />
            </div>
          </div>
          <SubmitButton intent="profile" busyLabel="Saving…" size="md">
            Save profile
          </SubmitButton>
        </Form>
      </CardSection>

      <CardSection padding="md" id="content" title="Description (model content)">
        <Form method="post" className="space-y-4">
          <div>
            <p className="text-sm font-medium text-ink">Generated text</p>
            <p className="mt-1 rounded-md bg-surface-muted px-3 py-2 text-sm text-ink-soft">
              {content.generated_text ?? "Not generated yet — saving creates it."}
            </p>
          </div>
          <TextField
            multiline
            label="Unique text"
            name="unique_text"
            rows={6}
            defaultValue={content.unique_text ?? ""}
            error={fieldErrors(result, "content").unique_text}
          />
          <div className="flex flex-wrap gap-6">
            <CheckboxField
              name="is_unique_text_used"
              label="Show the unique text instead of the generated one"
              defaultChecked={content.is_unique_text_used}
            />
            <CheckboxField
              name="is_public"
              label="Show a description on the profile"
              defaultChecked={content.is_public}
            />
            <CheckboxField name="regenerate" label="Generate a new text" defaultChecked={false} />
          </div>
          <SubmitButton intent="content" busyLabel="Saving…" size="md">
            Save description
          </SubmitButton>
        </Form>
      </CardSection>

      <CardSection padding="md" id="binding" title="Bound camgirl account">
        {model.user ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="text-sm">
              Bound to{" "}
              <Link
                to={`/users/${model.user.nick_name}`}
                className="font-semibold text-accent hover:underline"
              >
                @{model.user.nick_name}
              </Link>{" "}
              — the profile shows as verified.
            </p>
            <SubmitButton intent="unbind" busyLabel="Unbinding…" variant="danger" size="sm">
              Unbind
            </SubmitButton>
          </Form>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <div className="w-64">
              <TextField
                label="Camgirl's nickname"
                name="nick_name"
                required
                error={fieldErrors(result, "bind").nick_name ?? fieldErrors(result, "bind").user_id}
              />
            </div>
            <SubmitButton intent="bind" busyLabel="Binding…" size="md">
              Bind to this account
            </SubmitButton>
          </Form>
        )}
        {result?.intent === "bind" &&
          !result.ok &&
          !fieldErrors(result, "bind").nick_name &&
          result.snackbar && (
            <div className="mt-3">
              <FormAlert>{result.snackbar.text}</FormAlert>
            </div>
          )}
      </CardSection>
    </div>
  );
}
