import { ratingText } from "./catalog-labels.ts";

/** Five stars filled to the average rating, with the figure and vote count for everyone. */
export function RatingStars({ rating, votes }: { rating: number; votes: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="inline-flex items-center gap-2">
      <span className="relative inline-block text-lg leading-none tracking-wider" aria-hidden="true">
        <span className="text-line">★★★★★</span>
        <span className="absolute inset-0 overflow-hidden text-star" style={{ width: `${percent}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="text-sm text-ink-soft">
        <span className="font-semibold">{ratingText(rating, votes)}</span>
        <span className="sr-only"> out of 5</span> ({votes} {votes === 1 ? "vote" : "votes"})
      </span>
    </span>
  );
}
