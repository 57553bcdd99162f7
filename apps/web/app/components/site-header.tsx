import type { NavPageReply } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { UserMenu } from "../features/account/user-menu.tsx";
import { HeaderSearch } from "../features/search/header-search.tsx";
import { ThemeToggle } from "../features/theme/theme-toggle.tsx";
import { SiteNavLinks } from "./site-nav.tsx";
import { SlideOver, SlideOverButton } from "./ui/slide-over.tsx";

const MENU_ID = "site-menu";

/**
 * The site's header. Wide screens: brand, sections, search, theme and account in one row. Phones: brand, theme,
 * account and a Menu button opening the sections in a slide-over; the search takes the second row. The pages an
 * admin placed in the header follow the sections, in both.
 */
export function SiteHeader({ productName, pages }: { productName: string; pages: readonly NavPageReply[] }) {
  return (
    <header className="border-b border-line-soft bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2.5 lg:flex-nowrap lg:gap-x-5">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-base font-extrabold tracking-tight text-ink sm:text-lg"
        >
          <BrandMark />
          {productName}
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <SiteNavLinks layout="row" pages={pages} />
        </nav>
        <div className="order-last w-full lg:order-none lg:ml-auto lg:w-56 xl:w-64">
          <HeaderSearch />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-1.5 lg:ml-0">
          <ThemeToggle />
          <UserMenu />
          <SlideOverButton
            target={MENU_ID}
            label="Menu"
            className="flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-surface-muted hover:text-ink lg:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </SlideOverButton>
        </div>
      </div>
      <SlideOver id={MENU_ID} title="Menu">
        <nav aria-label="Main menu">
          <SiteNavLinks layout="column" pages={pages} />
        </nav>
      </SlideOver>
    </header>
  );
}

/** The site's mark: a lens ring with a live dot (drawn for the site; colours from the theme). */
function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <circle cx="16" cy="16" r="8.5" fill="none" stroke="white" strokeWidth="3" />
      <circle cx="16" cy="16" r="3.2" fill="white" />
      <circle cx="25" cy="7" r="3" className="fill-live" stroke="white" strokeWidth="1.5" />
    </svg>
  );
}
