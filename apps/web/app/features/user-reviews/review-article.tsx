import { blurPlaceholder } from "@camatlas/shared";
import type { UserReviewReply } from "@camatlas/shared/api-contract";
import { Form, Link } from "react-router";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { formatDate } from "../catalog/catalog-labels.ts";
import { RatingStars } from "./rating-stars.tsx";
import { REVIEW_STATE_LABELS } from "./review-labels.ts";
import { ReviewStateBadge } from "./review-state-badge.tsx";
import { editReviewPath } from "./user-review-paths.ts";

// One user review in full: the text as its author wrote it (shown as text, never as HTML), her photos and video,
// votes, and what the reader may do (edit, hide) as the API's `can` says.

/** Paragraphs split on blank lines; single line breaks kept inside a paragraph. */
function paragraphsOf(text: string): string[] {
  return text.split(/\r?\n\s*\r?\n/).filter((part) => part.trim());
}

export function ReviewArticle({ review }: { review: UserReviewReply }) {
  const notPublished = review.state !== "approved";
  return (
    <article className="space-y-6" aria-labelledby="review-title">
      <header className="space-y-3">
        <p className="text-sm text-ink-muted">
          Review of{" "}
          <Link to={`/models/${review.model.slug}?tab=user-reviews`} className="text-accent hover:underline">
            {review.model.name}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="review-title" className="min-w-0 break-words text-2xl font-bold text-ink sm:text-3xl">
            {review.title}
          </h1>
          <ReviewStateBadge state={review.state} />
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <RatingStars rating={review.rating} className="text-base" />
          <span>
            by{" "}
            <Link
              to={`/users/${encodeURIComponent(review.author.nick_name)}`}
              className="text-accent hover:underline"
            >
              @{review.author.nick_name}
            </Link>
          </span>
          <span>{formatDate(review.created_at)}</span>
          <span>{review.word_count} words</span>
        </p>
        {review.nicknames.length > 0 && (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Nicknames reviewed">
            {review.nicknames.map((n) => (
              <li key={n.id} className="rounded-full bg-surface-muted px-3 py-1 text-ink-soft">
                {n.nickname} <span className="text-ink-faint">on {n.cam_site_name}</span>
              </li>
            ))}
          </ul>
        )}
      </header>

      {notPublished && (
        <p role="note" className={cardClass({ className: "text-sm text-ink-soft" })}>
          <strong>{REVIEW_STATE_LABELS[review.state]}.</strong>{" "}
          {review.state === "pending" && "Other users will see it once an admin approves it."}
          {review.state === "hidden_by_model" &&
            "The model hid it from her page; you and the admins still see it."}
          {review.state === "rejected" && "An admin did not accept it. You may edit it and send it again."}
          {review.state === "removed" && "An admin removed it."}
          {review.decision_reason && <span className="mt-1 block">Reason: {review.decision_reason}</span>}
        </p>
      )}

      <div className="max-w-3xl space-y-4 break-words leading-7 text-ink">
        {paragraphsOf(review.body).map((paragraph, index) => (
          // Paragraphs have no identity but their place in the text.
          // biome-ignore lint/suspicious/noArrayIndexKey: the text is static on this page
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>

      {review.video && (
        <figure className="max-w-3xl space-y-2">
          {/* biome-ignore lint/a11y/useMediaCaption: reviews' videos come without captions */}
          <video
            controls
            preload="metadata"
            poster={review.video.poster ?? undefined}
            src={review.video.link}
            className="w-full rounded-xl bg-surface-muted"
          />
          <figcaption className="text-sm text-ink-muted">
            Video by @{review.author.nick_name}
            {review.video.processing_status &&
              review.video.processing_status !== "Complete" &&
              " (being processed)"}
          </figcaption>
        </figure>
      )}

      {review.images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
          {review.images.map((image, index) => (
            <li key={image.id}>
              <a href={image.link} target="_blank" rel="noreferrer">
                <BlurImage
                  src={image.link}
                  placeholder={blurPlaceholder(image.blurhash)}
                  alt={`${index + 1} of ${review.images.length}, shared by @${review.author.nick_name}`}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg bg-surface-muted object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      <ReviewActions review={review} />
    </article>
  );
}

function ReviewActions({ review }: { review: UserReviewReply }) {
  const { can } = review;
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line-soft pt-4">
      <p className="text-sm text-ink-muted" data-testid="review-votes">
        {review.votes} {Math.abs(review.votes) === 1 ? "vote" : "votes"}
      </p>
      {can.vote && (
        <Form method="post" preventScrollReset className="flex gap-2">
          <input type="hidden" name="intent" value="vote" />
          <button
            type="submit"
            name="value"
            value="1"
            aria-pressed={review.my_vote === 1}
            className="rounded-md border border-line px-3 py-1 text-sm text-ink-soft hover:bg-surface-muted aria-pressed:border-primary aria-pressed:bg-primary-soft"
          >
            Helpful
          </button>
          <button
            type="submit"
            name="value"
            value="-1"
            aria-pressed={review.my_vote === -1}
            className="rounded-md border border-line px-3 py-1 text-sm text-ink-soft hover:bg-surface-muted aria-pressed:border-primary aria-pressed:bg-primary-soft"
          >
            Not helpful
          </button>
        </Form>
      )}
      {can.edit && (
        <Button to={editReviewPath(review.id)} variant="secondary" size="sm">
          Edit your review
        </Button>
      )}
      {can.hide && (
        <Form method="post" className="ml-auto">
          <SubmitButton intent="hide" busyLabel="Hiding…" variant="danger" size="sm">
            Hide from my page
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
