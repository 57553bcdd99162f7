import { POST_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { camsiteEndpoints, mediaEndpoints, postEndpoints } from "@camatlas/shared/api-contract";
import { useEffect } from "react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { editFailure } from "../../features/admin/admin-edit.ts";
import { uploadImage } from "../../features/models/upload-image.server.ts";
import { PostEditorForm } from "../../features/posts/post-editor-form.tsx";
import { postCreateFromForm, postFieldsFromForm, utcFromLocalInput } from "../../features/posts/post-form.ts";
import { POST_KINDS } from "../../features/posts/post-kinds.ts";
import { PostPublishPanel } from "../../features/posts/post-publish-panel.tsx";
import { fieldErrors, type IntentResult, intentSuccess } from "../../lib/errors/intent-result.ts";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";
import { showSuccess } from "../../lib/errors/snackbar-store.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/post-edit";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// /admin/posts/new and /admin/posts/{id}: write a post, then publish it now, schedule it, or take it back.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const [post, camsites] = await Promise.all([
    params.id ? apiLoad(api.call(postEndpoints.adminGet, { params: { id: params.id } })) : null,
    api
      .call(camsiteEndpoints.list, {})
      .then((reply) => reply.data.map(({ id, name }) => ({ id, name })))
      .catch(() => []),
  ]);
  return { post, camsites };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "save") {
      // Without JavaScript the cover comes with the form: upload it first.
      const uploaded = await uploadImage(context, mediaEndpoints.upload, form.get("cover_file"));
      if (uploaded !== null) form.set("image_media_id", String(uploaded));
      if (!params.id) {
        const created = await api.call(postEndpoints.create, { body: postCreateFromForm(form) });
        return redirect(`/admin/posts/${created.id}?saved=1`);
      }
      await api.call(postEndpoints.update, { params: { id: params.id }, body: postFieldsFromForm(form) });
      return intentSuccess(intent, POST_MESSAGES.saved);
    }
    const id = Number(params.id);
    if (intent === "publish") {
      await api.call(postEndpoints.publish, { params: { id }, body: {} });
      return intentSuccess(intent, POST_MESSAGES.published);
    }
    if (intent === "schedule") {
      const at = utcFromLocalInput(String(form.get("publish_at") ?? ""));
      if (!at)
        return data<IntentResult>(
          { ok: false, intent, errors: { publish_at: [VALIDATION_MESSAGES.invalidDate] } },
          { status: 422 },
        );
      const post = await api.call(postEndpoints.publish, { params: { id }, body: { publish_at: at } });
      return intentSuccess(
        intent,
        post.state === "scheduled" ? POST_MESSAGES.scheduled : POST_MESSAGES.published,
      );
    }
    if (intent === "unpublish") {
      await api.call(postEndpoints.unpublish, { params: { id } });
      return intentSuccess(intent, POST_MESSAGES.unpublished);
    }
    if (intent === "delete") {
      await api.call(postEndpoints.delete, { params: { id } });
      return redirect("/admin/posts?deleted=1");
    }
    throw new Response("Unknown intent", { status: 400 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return editFailure(intent, error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.post ? `Edit ${loaderData.post.post_title}` : "New post"} | Admin` },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminPostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, camsites } = loaderData;
  useSnackbarNote(actionData);
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    // A new post lands here after its redirect: confirm once, then drop the flag from the address.
    if (search.get("saved") !== "1") return;
    showSuccess(POST_MESSAGES.created);
    setSearch({}, { replace: true, preventScrollReset: true });
  }, [search, setSearch]);
  const saveErrors = fieldErrors(actionData, "save");
  const scheduleErrors = { ...fieldErrors(actionData, "schedule"), ...fieldErrors(actionData, "publish") };
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        crumbs={
          <Link to="/admin/posts" className="text-ink-muted hover:text-accent">
            ← Posts
          </Link>
        }
        title={post ? `Edit ${POST_KINDS[post.type].singular.toLowerCase()}: ${post.post_title}` : "New post"}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <PostEditorForm key={post?.id ?? "new"} post={post} camsites={camsites} errors={saveErrors} />
        {post && (
          <div className="lg:sticky lg:top-4">
            <PostPublishPanel
              post={post}
              scheduleError={scheduleErrors.publish_at ?? scheduleErrors.body ?? scheduleErrors._}
            />
          </div>
        )}
      </div>
    </div>
  );
}
