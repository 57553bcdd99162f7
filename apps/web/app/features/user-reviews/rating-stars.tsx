// A review's rating as five stars, read out as words.

export function RatingStars({ rating, className }: { rating: number | null; className?: string }) {
  if (rating === null) return null;
  return (
    <span className={`text-accent ${className ?? ""}`} role="img" aria-label={`Rated ${rating} out of 5`}>
      <span aria-hidden="true">
        {"★".repeat(rating)}
        <span className="text-ink-faint">{"★".repeat(5 - rating)}</span>
      </span>
    </span>
  );
}
