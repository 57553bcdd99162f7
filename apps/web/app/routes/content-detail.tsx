import { type EndpointReply, postEndpoints } from "@camatlas/shared/api-contract";
import { useActionData } from "react-router";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { loadCommentsFor } from "../features/comments/load-comments.ts";
import { fetchSettings, notFoundTexts } from "../features/home/site-settings.ts";
import { PostArticle } from "../features/posts/post-article.tsx";
import { postTypeOfPath } from "../features/posts/post-kinds.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import {
  followRedirectReply,
  notFound,
  type RedirectReply,
  throwLoaderError,
  useSnackbarNote,
} from "../lib/errors/index.ts";
import { intentFailure, intentSuccess } from "../lib/errors/intent-result.ts";
import { apiContext, configContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/content-detail";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /reviews/{post_name}, /blog/{slug}, /news/{slug}: one post. An old address answers 301 to the new one; an unknown,
// draft or scheduled post is the 404 page (admins see drafts and scheduled posts, marked, as the desk's preview).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const type = postTypeOfPath(url.pathname);
  const name = params.postName ?? params.slug ?? "";
  // The not-found page's texts are read only for a 404, not on every view.
  const missing = async () => notFound(notFoundTexts(await fetchSettings(api)));
  if (!type || name.length > 200) return missing();
  let post: Exclude<EndpointReply<typeof postEndpoints.byName>, RedirectReply>;
  try {
    post = followRedirectReply(await api.call(postEndpoints.byName, { params: { type, post_name: name } }));
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 404) return missing();
    throwLoaderError(error);
  }
  // Live posts gather comments; a preview (draft or scheduled) has none yet.
  const comments = post.state === "published" ? await loadCommentsFor(api, request, "post", post.id) : null;
  return { post, comments, siteUrl: context.get(configContext).publicUrl, path: url.pathname };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent !== "vote") throw new Response("Unknown intent", { status: 400 });
    const reply = await context.get(apiContext).call(postEndpoints.vote, {
      params: { id: Number(form.get("post_id")) },
      body: { value: Number(form.get("value")) as 1 | -1 | 0 },
    });
    return intentSuccess(intent, reply.message);
  } catch (error) {
    if (error instanceof Response) throw error;
    return intentFailure(intent, error);
  }
}

export function meta(args: Route.MetaArgs) {
  const post = args.loaderData?.post;
  if (!post) return seo(args, { title: "Post", noindex: true });
  return seo(args, {
    title: post.meta_title || post.post_title,
    description: post.meta_description || post.excerpt,
    image: post.image,
    type: "article",
    path: post.url,
    // A preview (draft or scheduled) is never for search engines.
    noindex: post.state !== "published",
  });
}

export default function ContentDetail({ loaderData }: Route.ComponentProps) {
  useSnackbarNote(useActionData<typeof action>());
  return (
    <div className="space-y-10">
      <PostArticle post={loaderData.post} siteUrl={loaderData.siteUrl} path={loaderData.path} />
      {loaderData.comments && (
        <div className="mx-auto max-w-3xl">
          <CommentsSection comments={loaderData.comments} />
        </div>
      )}
    </div>
  );
}
