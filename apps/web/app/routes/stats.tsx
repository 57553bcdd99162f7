import { statsEndpoints } from "@camatlas/shared/api-contract";
import { Form } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Card, cardClass } from "../components/ui/card.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { controlClass } from "../components/ui/field-frame.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { longDay } from "../features/stats/chart-math.ts";
import { StatsNicknameRow } from "../features/stats/stats-nickname-card.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/stats";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

const ONLINE_PER_PAGE = 12;

// /stats: search stats nicknames, who is online now, and the top by time online per camsite (last 7 UTC days).
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const query = url.searchParams.get("query")?.trim() ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const [results, online, top] = await Promise.all([
    query ? apiLoad(api.call(statsEndpoints.search, { query: { query, page } })) : Promise.resolve(null),
    apiLoad(api.call(statsEndpoints.online, { query: { per_page: ONLINE_PER_PAGE } })),
    apiLoad(api.call(statsEndpoints.top, {})),
  ]);
  return { query, page, results, online, top };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: "Stats – who is online, time online, CamScores",
    description:
      "Activity statistics of webcam models: who is online now and who streams the most, per camsite.",
  });
}

export default function Stats({ loaderData }: Route.ComponentProps) {
  const { query, page, results, online, top } = loaderData;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Stats"
        lead="When models stream, for how long and in which shows — counted from regular polls of each camsite."
      />
      <Card as="section" aria-labelledby="stats-search-title" padding="md">
        <h2 id="stats-search-title" className="text-lg font-semibold">
          Find a nickname
        </h2>
        <Form method="get" role="search" className="mt-3 flex gap-2">
          <label htmlFor="stats-query" className="sr-only">
            Nickname
          </label>
          <input
            id="stats-query"
            name="query"
            type="search"
            defaultValue={query}
            placeholder="Nickname on any camsite"
            className={controlClass({ className: "min-w-0 flex-1" })}
          />
          <Button type="submit">Search</Button>
        </Form>
        {results && (
          <div className="mt-4" aria-live="polite">
            <p className="text-sm text-ink-muted">
              {results.total === 0
                ? `No nickname with statistics matches “${query}”.`
                : `${results.total} nickname${results.total === 1 ? "" : "s"} match “${query}”.`}
            </p>
            <ul className="divide-y divide-line-soft" aria-label="Search results">
              {results.data.map((n) => (
                <StatsNicknameRow key={n.id} nickname={n} />
              ))}
            </ul>
            <div className="mt-3">
              <Pagination
                current={page}
                last={results.last_page}
                href={(to) => `?query=${encodeURIComponent(query)}&page=${to}`}
                label="Search result pages"
              />
            </div>
          </div>
        )}
      </Card>

      <section aria-labelledby="online-title" className="space-y-3">
        <h2 id="online-title" className="text-xl font-semibold">
          Online now <span className="text-base font-normal text-ink-faint">({online.total})</span>
        </h2>
        {online.data.length === 0 ? (
          <EmptyState
            title="Nobody is online right now"
            text="The list fills as soon as the next poll sees someone streaming."
          />
        ) : (
          <ul
            data-testid="online-now"
            className={cardClass({ padding: "none", className: "grid gap-x-6 px-5 py-2 sm:grid-cols-2" })}
          >
            {online.data.map((n) => (
              <StatsNicknameRow key={n.id} nickname={n} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="top-title" className="space-y-3">
        <h2 id="top-title" className="text-xl font-semibold">
          Most time online
        </h2>
        <p className="text-sm text-ink-muted">
          {longDay(top.from_date)} – {longDay(top.to_date)} (UTC days), per camsite.
        </p>
        {top.data.length === 0 ? (
          <EmptyState title="No statistics yet" text="Statistics appear once a camsite has been polled." />
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {top.data.map((site) => (
              <Card
                as="section"
                key={site.cam_site.id}
                aria-labelledby={`top-${site.cam_site.slug}`}
                padding="md"
              >
                <h3
                  id={`top-${site.cam_site.slug}`}
                  className="flex items-baseline justify-between font-semibold"
                >
                  {site.cam_site.name}
                  <span className="text-xs font-normal text-ink-faint">{site.online_now} online now</span>
                </h3>
                {site.entries.length === 0 ? (
                  <p className="mt-2 text-sm text-ink-muted">Nobody streamed in these days.</p>
                ) : (
                  <ol className="mt-2 divide-y divide-line-soft">
                    {site.entries.map((n) => (
                      <StatsNicknameRow key={n.id} nickname={n} secondsOnline={n.seconds_online} />
                    ))}
                  </ol>
                )}
              </Card>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
