import { blurPlaceholder } from "@camatlas/shared";
import type { UserReviewReply } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { formatDate } from "../catalog/catalog-labels.ts";
import { RatingStars } from "./rating-stars.tsx";
import { ReviewStateBadge } from "./review-state-badge.tsx";

/** How much of the text a card shows before "Read the review". */
const EXCERPT_CHARS = 320;

function excerpt(text: string): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), EXCERPT_CHARS - 40))}…`;
}

/** One review in a list: title, author, rating, state when not published, the start of the text, its media. */
export function ReviewCard({
  review,
  showModel = false,
  alwaysShowState = false,
}: {
  review: UserReviewReply;
  /** Lists of one author's reviews name the model each is about. */
  showModel?: boolean;
  alwaysShowState?: boolean;
}) {
  const cover = review.images[0];
  return (
    <li
      className={cardClass({ className: "flex flex-col gap-3 sm:flex-row" })}
      data-testid="user-review-card"
    >
      {cover && (
        <BlurImage
          src={cover.link}
          placeholder={blurPlaceholder(cover.blurhash)}
          alt=""
          width={cover.width ?? undefined}
          height={cover.height ?? undefined}
          loading="lazy"
          className="h-40 w-full shrink-0 rounded-lg bg-surface-muted object-cover sm:h-28 sm:w-40"
        />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 text-lg font-semibold text-ink">
            <Link to={`/user-reviews/${review.id}`} className="hover:text-accent hover:underline">
              {review.title}
            </Link>
          </h3>
          <ReviewStateBadge state={review.state} always={alwaysShowState} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          <RatingStars rating={review.rating} />
          <span>
            by{" "}
            <Link
              to={`/users/${encodeURIComponent(review.author.nick_name)}`}
              className="text-accent hover:underline"
            >
              @{review.author.nick_name}
            </Link>
          </span>
          {showModel && (
            <span>
              about{" "}
              <Link to={`/models/${review.model.slug}`} className="text-accent hover:underline">
                {review.model.name}
              </Link>
            </span>
          )}
          <span>· {formatDate(review.created_at)}</span>
        </p>
        <p className="break-words text-sm leading-6 text-ink-soft">{excerpt(review.body)}</p>
        <p className="flex flex-wrap gap-x-3 text-xs text-ink-faint">
          {review.nicknames.map((n) => (
            <span key={n.id}>
              {n.nickname} on {n.cam_site_name}
            </span>
          ))}
          {review.images.length > 0 && (
            <span>
              {review.images.length} {review.images.length === 1 ? "photo" : "photos"}
            </span>
          )}
          {review.video && <span>video</span>}
          <span>
            {review.votes} {Math.abs(review.votes) === 1 ? "vote" : "votes"}
          </span>
        </p>
      </div>
    </li>
  );
}
