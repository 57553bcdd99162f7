import type { NavPageReply } from "@camatlas/shared/api-contract";
import { NavLink } from "react-router";
import { needsFullReload } from "../lib/navigation/full-reload.ts";

/** The main sections of the site, in the header on wide screens and in the menu on phones. */
export const SITE_NAV = [
  { to: "/models", label: "Models" },
  { to: "/camsites", label: "Camsites" },
  { to: "/stats", label: "Stats" },
  { to: "/reviews", label: "Reviews" },
  { to: "/forum", label: "Forum" },
  { to: "/blog", label: "Blog" },
  { to: "/news", label: "News" },
] as const;

const LOOK = {
  row: (active: boolean) =>
    `rounded-md px-2.5 py-1.5 text-sm font-medium ${active ? "bg-primary-soft text-accent" : "text-ink-soft hover:bg-surface-muted hover:text-ink"}`,
  column: (active: boolean) =>
    `block rounded-lg px-3 py-2.5 text-base font-medium ${active ? "bg-primary-soft text-accent" : "text-ink hover:bg-surface-muted"}`,
};

/** The sections, then the pages an admin placed in the header (admin order). */
export function SiteNavLinks({
  layout,
  pages = [],
}: {
  layout: keyof typeof LOOK;
  pages?: readonly NavPageReply[];
}) {
  const items = [...SITE_NAV, ...pages.map((page) => ({ to: `/${page.slug}`, label: page.title }))];
  return (
    <ul className={layout === "row" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            reloadDocument={needsFullReload(item.to)}
            className={({ isActive }) => LOOK[layout](isActive)}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
