import type { NavPageReply } from "@camatlas/shared/api-contract";
import { Link } from "react-router";

/** The footer: the pages an admin placed there (the standing About, Terms, Privacy, DMCA and Contact by default). */
export function SiteFooter({ productName, pages }: { productName: string; pages: readonly NavPageReply[] }) {
  return (
    <footer className="mt-12 border-t border-line-soft bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getUTCFullYear()} {productName}. For adults 18+ only.
        </p>
        {pages.length > 0 && (
          <nav aria-label="Site">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {pages.map((page) => (
                <li key={page.slug}>
                  <Link to={`/${page.slug}`} className="hover:text-accent hover:underline">
                    {page.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </footer>
  );
}
