import { PAGE_SIZE } from "@camatlas/shared";
import { Link } from "react-router";

// The numbered pager of lists (spec §9: at most 7 page numbers), centred on the current page; every page is a
// plain link, so it works without JavaScript.

/** The page numbers to show: a window of at most `maxSize` pages around `current`, inside 1…last. */
export function pagerPages(
  current: number,
  last: number,
  maxSize: number = PAGE_SIZE.pagerMaxSize,
): number[] {
  const total = Math.max(1, Math.floor(last));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const size = Math.max(1, Math.min(maxSize, total));
  let start = page - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

const ITEM =
  "inline-flex min-w-10 items-center justify-center rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-focus";
const LINK = `${ITEM} text-ink-soft hover:bg-line-soft`;
const DISABLED = `${ITEM} text-ink-faint opacity-70`;

function PageLink({ page, href }: { page: number; href: (page: number) => string }) {
  return (
    <Link to={href(page)} className={LINK}>
      <span className="sr-only">Page </span>
      {page}
    </Link>
  );
}

function Ellipsis() {
  return (
    <span className="px-1 text-ink-faint" aria-hidden="true">
      …
    </span>
  );
}

/**
 * Numbered pager (at most 7 numbers around the current page, plus the first and the last page so the end is
 * always one tap away) with previous/next; nothing for a single page.
 */
export function Pagination({
  current,
  last,
  href,
  label = "Pages",
}: {
  current: number;
  last: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (last <= 1) return null;
  const pages = pagerPages(current, last);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {current > 1 ? (
        <Link to={href(current - 1)} className={LINK} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className={DISABLED} aria-disabled="true">
          ← Previous
        </span>
      )}
      {pages[0] !== undefined && pages[0] > 1 && <PageLink page={1} href={href} />}
      {pages[0] !== undefined && pages[0] > 2 && <Ellipsis />}
      {pages.map((page) =>
        page === current ? (
          <span key={page} aria-current="page" className={`${ITEM} bg-primary text-on-primary`}>
            <span className="sr-only">Page </span>
            {page}
          </span>
        ) : (
          <Link key={page} to={href(page)} className={LINK}>
            <span className="sr-only">Page </span>
            {page}
          </Link>
        ),
      )}
      {(pages.at(-1) ?? last) < last - 1 && <Ellipsis />}
      {(pages.at(-1) ?? last) < last && <PageLink page={last} href={href} />}
      {current < last ? (
        <Link to={href(current + 1)} className={LINK} rel="next">
          Next →
        </Link>
      ) : (
        <span className={DISABLED} aria-disabled="true">
          Next →
        </span>
      )}
    </nav>
  );
}
