import { Link, NavLink } from "react-router";
import { UserMenu } from "../features/account/user-menu.tsx";
import { HeaderSearch } from "../features/search/header-search.tsx";
import { needsFullReload } from "../lib/navigation/full-reload.ts";

const NAV = [
  { to: "/models", label: "Models" },
  { to: "/camsites", label: "Camsites" },
  { to: "/stats", label: "Stats" },
  { to: "/reviews", label: "Reviews" },
  { to: "/forum", label: "Forum" },
  { to: "/blog", label: "Blog" },
  { to: "/news", label: "News" },
] as const;

export function SiteHeader({ productName }: { productName: string }) {
  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="text-xl font-bold text-primary">
          {productName}
        </Link>
        <nav aria-label="Main" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              reloadDocument={needsFullReload(item.to)}
              className={({ isActive }) =>
                isActive ? "text-primary" : "text-neutral-700 hover:text-primary"
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex w-full items-center gap-3 sm:w-auto">
          <HeaderSearch />
          <div className="shrink-0">
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
