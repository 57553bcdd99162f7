import { type CamSiteSummaryReply, camsiteEndpoints } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { navPillClass } from "../components/ui/nav-pill.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { Table, TableBody, TableHead } from "../components/ui/table.tsx";
import { CamsiteCard } from "../features/camsites/camsite-card.tsx";
import { CamsiteLogo } from "../features/catalog/camsite-logo.tsx";
import { formatCount } from "../features/catalog/catalog-labels.ts";
import { apiLoad } from "../lib/errors/index.ts";
import { requireFeature } from "../lib/feature-flags/require-feature.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/camsites";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

const SORTS = {
  active: { label: "Active models", key: (c: CamSiteSummaryReply) => -c.models_active_count },
  models: { label: "Models", key: (c: CamSiteSummaryReply) => -c.models_registered_count },
  accounts: { label: "Known accounts", key: (c: CamSiteSummaryReply) => -c.known_accounts_count },
  name: { label: "Name", key: (c: CamSiteSummaryReply) => c.name.toLowerCase() },
} as const;
type SortKey = keyof typeof SORTS;

// /camsites: every camsite side by side — headline, prices, pros and cons, and how many models perform there.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireFeature("camsites-page", context);
  const url = new URL(request.url);
  const sortParam = url.searchParams.get("sort") ?? "active";
  const sort: SortKey = sortParam in SORTS ? (sortParam as SortKey) : "active";
  const view = url.searchParams.get("view") === "table" ? "table" : "cards";
  const reply = await apiLoad(context.get(apiContext).call(camsiteEndpoints.list, {}));
  const keyOf = SORTS[sort].key;
  const camsites = [...reply.data].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
  });
  return { camsites, sort, view };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: "Camsites compared",
    description:
      "Compare live cam sites: prices, advantages and disadvantages, and how many models perform there.",
    path: "/camsites",
  });
}

export default function Camsites({ loaderData }: Route.ComponentProps) {
  const { camsites, sort, view } = loaderData;
  const href = (next: { sort?: SortKey; view?: string }) => {
    const params = new URLSearchParams({ sort: next.sort ?? sort, view: next.view ?? view });
    return `/camsites?${params}`;
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title="Camsites compared"
        lead={`${camsites.length} live cam sites with their prices, strengths and weaknesses, and the models we know there.`}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Sort camsites" className="flex flex-wrap items-center gap-1">
          <span className="mr-1 text-sm text-ink-faint">Sort by</span>
          {(Object.keys(SORTS) as SortKey[]).map((key) => (
            <Link
              key={key}
              to={href({ sort: key })}
              className={navPillClass(key === sort)}
              aria-current={key === sort ? "true" : undefined}
            >
              {SORTS[key].label}
            </Link>
          ))}
        </nav>
        <nav aria-label="View" className="flex gap-1">
          <Link
            to={href({ view: "cards" })}
            className={navPillClass(view === "cards")}
            aria-current={view === "cards" ? "true" : undefined}
          >
            Cards
          </Link>
          <Link
            to={href({ view: "table" })}
            className={navPillClass(view === "table")}
            aria-current={view === "table" ? "true" : undefined}
          >
            Table
          </Link>
        </nav>
      </div>
      {view === "table" ? (
        <Table caption="Camsites compared">
          <TableHead>
            <tr>
              <th scope="col" className="px-4 py-3">
                Camsite
              </th>
              <th scope="col" className="px-4 py-3">
                Prices
              </th>
              <th scope="col" className="px-4 py-3">
                Advantages
              </th>
              <th scope="col" className="px-4 py-3">
                Disadvantages
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Models
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Active
              </th>
            </tr>
          </TableHead>
          <TableBody>
            {camsites.map((c) => (
              <tr key={c.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-semibold">
                  <Link to={`/camsites/${c.slug}`} className="flex items-center gap-2 hover:text-accent">
                    <CamsiteLogo camsite={c} size={28} />
                    {c.name}
                  </Link>
                </th>
                <td className="px-4 py-3 text-ink-soft">{c.price_range ?? "—"}</td>
                <td className="px-4 py-3">
                  <ul className="list-disc pl-4 text-ink-soft">
                    {c.advantages.map((a) => (
                      <li key={a}>{a}</li>
                    ))}
                  </ul>
                </td>
                <td className="px-4 py-3">
                  <ul className="list-disc pl-4 text-ink-soft">
                    {c.disadvantages.map((d) => (
                      <li key={d}>{d}</li>
                    ))}
                  </ul>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {formatCount(c.models_registered_count)}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{formatCount(c.models_active_count)}</td>
              </tr>
            ))}
          </TableBody>
        </Table>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {camsites.map((camsite) => (
            <CamsiteCard key={camsite.id} camsite={camsite} />
          ))}
        </ul>
      )}
    </div>
  );
}
