import { modelEndpoints, userReviewEndpoints } from "@camatlas/shared/api-contract";
import { useEffect } from "react";
import { Link, useActionData, useNavigate } from "react-router";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { ReviewForm } from "../features/user-reviews/review-form.tsx";
import { reviewFields } from "../features/user-reviews/review-form-values.ts";
import { refilled, saveReview } from "../features/user-reviews/review-save.ts";
import { reviewPath } from "../features/user-reviews/user-review-paths.ts";
import { apiLoad, notFound, useSnackbarNote } from "../lib/errors/index.ts";
import { fieldErrors } from "../lib/errors/intent-result.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/user-review-edit";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /user-reviews/{id}/edit: the author edits her review; saving sends it back to the admins (pending).
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireSignedIn(request);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) notFound();
  const api = context.get(apiContext);
  const review = await apiLoad(api.call(userReviewEndpoints.show, { params: { id } }));
  // Only its author may edit, and only while the model has not hidden it nor an admin removed it.
  if (!review.can.edit) notFound();
  const model = await apiLoad(api.call(modelEndpoints.bySlug, { params: { slug: review.model.slug } }));
  return {
    review,
    nicknames: model.nicknames.map((n) => ({
      id: n.id,
      nickname: n.nickname,
      cam_site_name: n.cam_site.name,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Edit your review", noindex: true });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const fields = reviewFields(form);
  return saveReview(request, form, () =>
    context
      .get(apiContext)
      .call(userReviewEndpoints.update, { params: { id: Number(params.id) }, body: fields }),
  );
}

export default function UserReviewEdit({ loaderData }: Route.ComponentProps) {
  const { review, nicknames } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const navigate = useNavigate();
  const savedId = result && "id" in result ? result.id : null;
  useEffect(() => {
    if (savedId) navigate(reviewPath(savedId));
  }, [savedId, navigate]);
  const errors = fieldErrors(result, "save");
  const message = result && !result.ok && !Object.keys(errors).length ? result.message : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Edit your review"
        crumbs={
          <Link to={reviewPath(review.id)} className="text-accent hover:underline">
            {review.title}
          </Link>
        }
        lead={`Your review of ${review.model.name}. Saving sends it to the admins again; until they approve it, others do not see it.`}
      />
      {savedId ? (
        <FormAlert tone="success">
          {result?.message} <Link to={reviewPath(savedId)}>Open your review</Link>
        </FormAlert>
      ) : (
        <ReviewForm
          draftScope={`review-${review.id}`}
          nicknames={nicknames}
          initial={refilled(
            {
              title: review.title,
              body: review.body,
              rating: review.rating ? String(review.rating) : "",
              nicknameIds: review.nicknames.map((n) => n.id),
              images: review.images.map(({ id, link }) => ({ id, link })),
              video: review.video ? { id: review.video.id, link: review.video.link } : null,
            },
            result,
          )}
          errors={errors}
          message={message}
          submitLabel="Save and send for approval"
          saved={Boolean(result?.ok)}
        />
      )}
    </div>
  );
}
