import { formatDate } from "../catalog/catalog-labels.ts";

/** A moment as a date the reader sees, with the exact time for machines and hover. */
export function ForumTime({ value, className = "" }: { value: string | null; className?: string }) {
  if (!value) return null;
  return (
    <time dateTime={value} title={new Date(value).toUTCString()} className={className}>
      {formatDate(value)}
    </time>
  );
}
