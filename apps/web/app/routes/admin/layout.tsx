import { NavLink, Outlet } from "react-router";
import { navPillClass } from "../../components/ui/nav-pill.tsx";
import { ADMIN_NAV } from "../../features/admin/admin-nav.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/layout";

// The admin area (spec §2, §6): behind the admin guard; every screen below renders inside this frame.
export function loader({ request }: Route.LoaderArgs) {
  requireAdmin(request);
  return null;
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Admin", noindex: true });
}

export default function AdminLayout() {
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label="Admin" className="md:w-52 md:shrink-0">
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-ink-faint">Admin</p>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {ADMIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) => navPillClass(isActive, "block whitespace-nowrap py-2")}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";
