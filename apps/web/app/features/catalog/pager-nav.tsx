import { Link } from "react-router";
import { pagerPages } from "./pager.ts";

const item =
  "inline-flex min-w-10 items-center justify-center rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/** Numbered pager (at most 7 numbers) with previous/next; every page is a plain link (works without JS). */
export function PagerNav({
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
        <Link to={href(current - 1)} className={`${item} text-neutral-700 hover:bg-neutral-200`} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className={`${item} text-neutral-400`} aria-disabled="true">
          ← Previous
        </span>
      )}
      {pages[0] !== undefined && pages[0] > 1 && (
        <span className="px-1 text-neutral-400" aria-hidden="true">
          …
        </span>
      )}
      {pages.map((page) =>
        page === current ? (
          <span key={page} aria-current="page" className={`${item} bg-brand-600 text-white`}>
            <span className="sr-only">Page </span>
            {page}
          </span>
        ) : (
          <Link key={page} to={href(page)} className={`${item} text-neutral-700 hover:bg-neutral-200`}>
            <span className="sr-only">Page </span>
            {page}
          </Link>
        ),
      )}
      {(pages.at(-1) ?? last) < last && (
        <span className="px-1 text-neutral-400" aria-hidden="true">
          …
        </span>
      )}
      {current < last ? (
        <Link to={href(current + 1)} className={`${item} text-neutral-700 hover:bg-neutral-200`} rel="next">
          Next →
        </Link>
      ) : (
        <span className={`${item} text-neutral-400`} aria-disabled="true">
          Next →
        </span>
      )}
    </nav>
  );
}
