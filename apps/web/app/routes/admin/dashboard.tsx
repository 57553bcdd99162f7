import { type AdminDashboardReply, siteEndpoints } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, cardClass } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ADMIN_NAV } from "../../features/admin/admin-nav.ts";
import { apiLoad } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return { dashboard: await apiLoad(context.get(apiContext).call(siteEndpoints.adminDashboard, {})) };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Dashboard | Admin", noindex: true });
}

const COUNT_LABELS: Record<keyof AdminDashboardReply["counts"], string> = {
  users: "Users",
  // Hidden and members-only ones too: the home page and /models count only what visitors are shown.
  models: "Models (hidden included)",
  nicknames: "Nicknames",
  camsites: "Camsites",
};

const PENDING_LABELS: Record<keyof AdminDashboardReply["pending"], string> = {
  revisions: "Model revisions",
  nickname_removals: "Nickname removals",
  verification_requests: "Verification requests",
  reports: "Reports",
  user_reviews: "User reviews",
  new_models: "New models",
};

/** The admin screen that works through each queue, linked once that screen is in the admin navigation. */
const PENDING_SCREENS: Partial<Record<keyof AdminDashboardReply["pending"], string>> = {
  revisions: "/admin/revisions",
  nickname_removals: "/admin/nickname-removals",
  verification_requests: "/admin/verification-requests",
  reports: "/admin/reports",
  user_reviews: "/admin/user-reviews",
  new_models: "/admin/new-models",
};

const hasScreen = (path: string) => ADMIN_NAV.some((item) => item.to === path);

const number = new Intl.NumberFormat("en-US");

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts, pending } = loaderData.dashboard;
  const waiting = Object.values(pending).reduce((sum, n) => sum + n, 0);
  return (
    <div className="space-y-8">
      <PageHeader size="md" title="Dashboard" />
      <section aria-labelledby="counts-title">
        <h2 id="counts-title" className="sr-only">
          Counts
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {(Object.keys(COUNT_LABELS) as Array<keyof AdminDashboardReply["counts"]>).map((key) => (
            <Card key={key} padding="md">
              <dt className="text-sm text-ink-muted">{COUNT_LABELS[key]}</dt>
              <dd className="mt-1 text-3xl font-bold">{number.format(counts[key])}</dd>
            </Card>
          ))}
        </dl>
      </section>
      <section aria-labelledby="pending-title">
        <h2 id="pending-title" className="mb-3 text-lg font-semibold">
          Waiting for moderation <Badge className="ml-1 text-sm font-normal">{waiting}</Badge>
        </h2>
        <ul
          className={cardClass({ padding: "none", className: "divide-y divide-line-soft overflow-hidden" })}
        >
          {(Object.keys(PENDING_LABELS) as Array<keyof AdminDashboardReply["pending"]>).map((key) => (
            <li key={key} className="flex items-center justify-between px-5 py-3">
              {PENDING_SCREENS[key] && hasScreen(PENDING_SCREENS[key]) ? (
                <Link to={PENDING_SCREENS[key]} className="font-medium text-accent hover:underline">
                  {PENDING_LABELS[key]}
                </Link>
              ) : (
                <span>{PENDING_LABELS[key]}</span>
              )}
              <span
                className={`min-w-8 rounded-full px-2.5 py-0.5 text-center text-sm font-semibold ${
                  pending[key] > 0 ? "bg-warning-soft text-warning" : "bg-surface-muted text-ink-faint"
                }`}
              >
                {number.format(pending[key])}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-ink-muted">
        Manage accounts in{" "}
        <Link to="/admin/users" className="text-accent underline">
          Users
        </Link>
        .
      </p>
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";
