import { camsiteEndpoints, forumEndpoints, modelEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_LIMITS, FORUM_TEXT } from "@camatlas/shared/forum";
import { Form, Link, redirect, useActionData } from "react-router";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { AttachmentField } from "../features/forum/attachment-field.tsx";
import { uploadAttachments } from "../features/forum/attachments.server.ts";
import { PostEditor } from "../features/forum/post-editor.tsx";
import {
  type ActionResult,
  actionFailure,
  actionInvalid,
  apiLoad,
  useSnackbarNote,
} from "../lib/errors/index.ts";
import { formValues, textField } from "../lib/form-fields.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/forum-new";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /forum/new: start a topic. ?category= picks the category, ?model= (a model's slug, from her Discussions tab) links
// her. Works without JavaScript; the body's preview needs it.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const modelSlug = url.searchParams.get("model");
  const [categories, camsites, model] = await Promise.all([
    apiLoad(api.call(forumEndpoints.categories, {})),
    api.call(camsiteEndpoints.list, {}).catch(() => ({ data: [] })),
    modelSlug
      ? api
          .call(modelEndpoints.bySlug, { params: { slug: modelSlug } })
          .then((reply) => ("id" in reply ? { id: reply.id, name: reply.name } : null))
          .catch(() => null)
      : null,
  ]);
  return {
    categories: categories.data
      .filter((category) => category.can.post)
      .map(({ id, slug, title }) => ({ id, slug, title })),
    camsites: camsites.data.map(({ id, name }) => ({ id, name })),
    model,
    category: url.searchParams.get("category"),
  };
}

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const values = formValues(form);
  const uploads = await uploadAttachments(context, form).catch((error: unknown) => ({ failure: error }));
  if ("failure" in uploads) return actionFailure(uploads.failure, { values });
  if ("error" in uploads) return actionInvalid({ media_ids: [uploads.error] }, { values });
  const tags = (textField(form, "tags") ?? "")
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#/, ""))
    .filter(Boolean);
  try {
    const reply = await context.get(apiContext).call(forumEndpoints.createTopic, {
      body: {
        category_id: Number(form.get("category_id")),
        title: String(form.get("title") ?? ""),
        body: String(form.get("body") ?? ""),
        tags,
        model_ids: ids(form, "model_ids"),
        camsite_ids: ids(form, "camsite_ids"),
        media_ids: uploads.ids,
      },
    });
    return redirect(reply.topic.url);
  } catch (error) {
    return actionFailure(error, { values, inline: true });
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: `${FORUM_TEXT.newTopic} | ${FORUM_TEXT.title}`, noindex: true });
}

export default function ForumNew({ loaderData }: Route.ComponentProps) {
  const { categories, camsites, model, category } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  useSnackbarNote(result);
  const errors = result?.errors ?? {};
  const first = (field: string) => errors[field]?.[0];
  const values = result?.values ?? {};
  const chosenCategory = values.category_id ?? String(categories.find((c) => c.slug === category)?.id ?? "");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        crumbs={
          <Link to="/forum" className="hover:underline">
            {FORUM_TEXT.title}
          </Link>
        }
        title={FORUM_TEXT.newTopic}
      />
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-5"
        aria-label={FORUM_TEXT.newTopic}
      >
        {result && !result.ok && result.message && <FormAlert>{result.message}</FormAlert>}
        <SelectField
          label="Category"
          name="category_id"
          required
          placeholder="Choose a category"
          defaultValue={chosenCategory}
          options={categories.map((c) => ({ value: String(c.id), label: c.title }))}
          error={first("category_id")}
        />
        <TextField
          label="Title"
          name="title"
          required
          maxLength={FORUM_LIMITS.title.max}
          defaultValue={values.title ?? ""}
          error={first("title")}
        />
        <PostEditor label="Your post" defaultValue={values.body ?? ""} error={first("body")} />
        <TextField
          label="Tags"
          name="tags"
          hint={`Up to ${FORUM_LIMITS.tags}, separated by spaces (lowercase letters, digits, dashes)`}
          defaultValue={values.tags ?? ""}
          error={Object.entries(errors).find(([key]) => key.startsWith("tags"))?.[1]?.[0]}
        />
        {model && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-ink">About</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="model_ids" value={model.id} defaultChecked />
              {model.name}
            </label>
            {first("model_ids") && <p className="text-sm text-danger">{first("model_ids")}</p>}
          </fieldset>
        )}
        {camsites.length > 0 && (
          <details className="rounded-md border border-line bg-surface px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium text-ink">
              Camsites this is about (optional)
            </summary>
            <fieldset className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              <legend className="sr-only">Camsites</legend>
              {camsites.map((camsite) => (
                <label key={camsite.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="camsite_ids" value={camsite.id} />
                  {camsite.name}
                </label>
              ))}
            </fieldset>
            {first("camsite_ids") && <p className="text-sm text-danger">{first("camsite_ids")}</p>}
          </details>
        )}
        <AttachmentField error={first("media_ids")} />
        <SubmitButton busyLabel="Posting…" block={false} size="md">
          Start topic
        </SubmitButton>
      </Form>
    </div>
  );
}
