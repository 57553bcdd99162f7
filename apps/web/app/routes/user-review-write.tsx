import { canCreateReview, ROLE, USER_REVIEW_MESSAGES } from "@camatlas/shared";
import { modelEndpoints, profileEndpoints, userReviewEndpoints } from "@camatlas/shared/api-contract";
import { useEffect } from "react";
import { Link, redirect, useActionData, useNavigate } from "react-router";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { ReviewForm } from "../features/user-reviews/review-form.tsx";
import { reviewFields } from "../features/user-reviews/review-form-values.ts";
import { refilled, saveReview } from "../features/user-reviews/review-save.ts";
import { reviewPath } from "../features/user-reviews/user-review-paths.ts";
import { apiLoad, isRedirectReply, useSnackbarNote } from "../lib/errors/index.ts";
import { fieldErrors } from "../lib/errors/intent-result.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/user-review-write";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /models/{slug}/write-review: a camfan writes her review of a model (one per model; camgirls and users with three
// reviews removed by admin may not). It waits for an admin before others see it.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const [model, me] = await Promise.all([
    // An old address of the model leads to the write page at her new one.
    apiLoad(
      api.call(modelEndpoints.bySlug, { params: { slug: params.slug } }).then((reply) => {
        if (isRedirectReply(reply)) throw redirect(`${reply.redirect_url}/write-review`, 301);
        return reply;
      }),
    ),
    apiLoad(api.call(profileEndpoints.get, { query: { user_review_information: true } })),
  ]);
  const eligibility = canCreateReview({
    roleId: me.role_id,
    countReviewsRemovedByAdmin: me.count_reviews_removed_by_admin,
  });
  const reviewed = (me.unavailable_models_for_create_user_review ?? []).includes(model.id);
  const own = reviewed
    ? (
        await apiLoad(
          api.call(userReviewEndpoints.list, { query: { model_id: model.id, user_id: me.id, per_page: 1 } }),
        )
      ).data[0]
    : undefined;
  return {
    model: {
      id: model.id,
      name: model.name,
      slug: model.slug,
      nicknames: model.nicknames.map((n) => ({
        id: n.id,
        nickname: n.nickname,
        cam_site_name: n.cam_site.name,
      })),
    },
    refusal: eligibility.allowed
      ? null
      : eligibility.reason === "camgirl" || me.role_id === ROLE.camgirl
        ? USER_REVIEW_MESSAGES.camgirlsCannotReview
        : eligibility.message,
    ownReviewId: own?.id ?? null,
  };
}

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.model.name;
  return seo(args, { title: name ? `Write a review of ${name}` : "Write a review", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  return saveReview(request, form, () =>
    context.get(apiContext).call(userReviewEndpoints.create, {
      body: { model_id: Number(form.get("model_id")), ...reviewFields(form) },
    }),
  );
}

export default function UserReviewWrite({ loaderData }: Route.ComponentProps) {
  const { model, refusal, ownReviewId } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const navigate = useNavigate();
  const savedId = result && "id" in result ? result.id : null;
  // With JavaScript, on to the new review's page (the snackbar stays up across the navigation).
  useEffect(() => {
    if (savedId) navigate(reviewPath(savedId));
  }, [savedId, navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={`Write a review of ${model.name}`}
        crumbs={
          <Link to={`/models/${model.slug}?tab=user-reviews`} className="text-accent hover:underline">
            {model.name}
          </Link>
        }
        lead="Tell other fans what her shows are like. An admin reads every review before it is published."
      />
      {refusal ? (
        <FormAlert>{refusal}</FormAlert>
      ) : ownReviewId ? (
        <EmptyState
          title="You have reviewed her already"
          text="Edit your review instead of writing a second one."
        >
          <Link to={reviewPath(ownReviewId)} className="text-accent underline">
            Open your review
          </Link>
        </EmptyState>
      ) : savedId ? (
        <FormAlert tone="success">
          {result?.message} <Link to={reviewPath(savedId)}>Open your review</Link>
        </FormAlert>
      ) : model.nicknames.length === 0 ? (
        <EmptyState
          title="No nicknames yet"
          text="A review names the nicknames you watched; she has none listed yet."
        />
      ) : (
        <WriteForm model={model} result={result} />
      )}
    </div>
  );
}

function WriteForm({
  model,
  result,
}: {
  model: Route.ComponentProps["loaderData"]["model"];
  result: ReturnType<typeof useActionData<typeof action>>;
}) {
  const errors = fieldErrors(result, "save");
  const message = result && !result.ok && !Object.keys(errors).length ? result.message : undefined;
  return (
    <div className="space-y-4">
      <ReviewForm
        draftScope={`model-${model.id}`}
        nicknames={model.nicknames}
        initial={refilled(
          { title: "", body: "", rating: "", nicknameIds: [], images: [], video: null },
          result,
        )}
        errors={errors}
        message={message}
        submitLabel="Send for approval"
        saved={Boolean(result?.ok)}
        hidden={{ model_id: String(model.id) }}
      />
    </div>
  );
}
