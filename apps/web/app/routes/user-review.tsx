import { userReviewEndpoints } from "@camatlas/shared/api-contract";
import { data, redirect, useActionData } from "react-router";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { loadCommentsFor } from "../features/comments/load-comments.ts";
import { ReviewArticle } from "../features/user-reviews/review-article.tsx";
import { ApiResponseError } from "../lib/api-client.ts";
import { apiLoad, useSnackbarNote } from "../lib/errors/index.ts";
import { intentFailure, intentSuccess } from "../lib/errors/intent-result.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/user-review";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /user-reviews/{id}: one camfan's review of a model, with its comments. Approved reviews are public; its author
// and admins also see it in any other state (marked); anyone else gets the not-found page.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data({}, { status: 404 });
  const api = context.get(apiContext);
  const review = await apiLoad(api.call(userReviewEndpoints.show, { params: { id } }));
  // Only published reviews gather comments.
  const comments =
    review.state === "approved" ? await loadCommentsFor(api, request, "user_review", review.id) : null;
  return { review, comments };
}

export function meta(args: Route.MetaArgs) {
  const review = args.loaderData?.review;
  if (!review) return seo(args, { title: "Review", noindex: true });
  return seo(args, {
    title: `${review.title} – a review of ${review.model.name}`,
    description: review.body.slice(0, 160),
    image: review.images[0]?.link ?? null,
    type: "article",
    // Pages that are not public (pending, hidden, removed) stay out of search engines.
    noindex: review.state !== "approved",
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(params.id);
  try {
    if (intent === "vote") {
      const reply = await api.call(userReviewEndpoints.vote, {
        params: { id },
        body: { value: Number(form.get("value")) === -1 ? -1 : 1 },
      });
      return intentSuccess(intent, reply.message);
    }
    if (intent === "hide") {
      const reply = await api.call(userReviewEndpoints.hide, { params: { id } });
      return intentSuccess(intent, reply.message);
    }
    throw data("Unknown action", { status: 400 });
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401)
      throw redirect(loginPath(new URL(request.url).pathname));
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure(intent, error);
  }
}

export default function UserReview({ loaderData }: Route.ComponentProps) {
  const { review, comments } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  return (
    <div className="space-y-10">
      <ReviewArticle review={review} />
      {comments && <CommentsSection comments={comments} />}
    </div>
  );
}
