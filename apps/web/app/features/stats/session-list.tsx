import { activityStatusName, formatCount, formatDuration } from "@camatlas/shared";
import type { EndpointReply, statsEndpoints } from "@camatlas/shared/api-contract";
import type { StatsSession } from "@camatlas/shared/schemas/stats";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { cardClass } from "../../components/ui/card.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";

export type SessionsReply = EndpointReply<typeof statsEndpoints.sessions>;

/** The orders a visitor can pick, as the `sessions` query value, and what the API takes for each. */
export const SESSION_ORDERS = {
  newest: { sort: "start", order: "desc", label: "Newest first" },
  oldest: { sort: "start", order: "asc", label: "Oldest first" },
  longest: { sort: "length", order: "desc", label: "Longest first" },
  shortest: { sort: "length", order: "asc", label: "Shortest first" },
} as const;
export type SessionOrder = keyof typeof SESSION_ORDERS;

export function parseSessionOrder(value: string | null): SessionOrder {
  return value !== null && value in SESSION_ORDERS ? (value as SessionOrder) : "newest";
}

/** A time in UTC from the server, in the visitor's own zone once the browser runs; UTC on hover either way. */
export function LocalTime({ iso }: { iso: string }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  };
  const utc = `${date.toLocaleString("en-US", { ...options, timeZone: "UTC" })} UTC`;
  return (
    <time dateTime={iso} title={utc} className="whitespace-nowrap tabular-nums">
      {local ? date.toLocaleString("en-US", options) : utc}
    </time>
  );
}

const count = (value: number | null) => (value === null ? "–" : formatCount(value));

/** Her sessions as a table (12 per page), the order as links, a CSV of all of them. */
export function SessionList({
  sessions,
  camSiteId,
  order,
  hrefOf,
  csvHref,
  showCamscore,
}: {
  sessions: SessionsReply;
  camSiteId: number;
  order: SessionOrder;
  hrefOf: (next: { order?: SessionOrder; page?: number }) => string;
  csvHref: string;
  showCamscore: boolean;
}) {
  const columns: Column<StatsSession>[] = [
    { header: "Start", rowHeader: true, cell: (s) => <LocalTime iso={s.started_at} /> },
    { header: "End", cell: (s) => <LocalTime iso={s.ended_at} /> },
    { header: "Length", align: "right", cell: (s) => formatDuration(s.seconds), className: "tabular-nums" },
    {
      header: "Shows",
      cell: (s) => s.status_ids.map((id) => activityStatusName(id, camSiteId)).join(", ") || "–",
    },
    { header: "Peak viewers", align: "right", cell: (s) => count(s.peak_viewers), className: "tabular-nums" },
    { header: "Avg viewers", align: "right", cell: (s) => count(s.avg_viewers), className: "tabular-nums" },
    ...(showCamscore
      ? ([
          {
            header: "CamScore",
            align: "right",
            cell: (s) => (s.max_camscore === null ? "–" : formatCount(Math.round(s.max_camscore))),
            className: "tabular-nums",
          },
          { header: "Best rank", align: "right", cell: (s) => count(s.best_rank), className: "tabular-nums" },
        ] satisfies Column<StatsSession>[])
      : []),
  ];
  return (
    <section aria-labelledby="sessions-title" className={cardClass({ className: "space-y-3" })}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sessions-title" className="font-semibold text-ink">
          Sessions <span className="text-sm font-normal text-ink-muted">({formatCount(sessions.total)})</span>
        </h2>
        {sessions.total > 0 && (
          <a href={csvHref} className="text-sm text-accent underline" download>
            Download CSV
          </a>
        )}
      </div>
      {sessions.meta.hidden ? (
        <p className="text-sm text-ink-muted">The model keeps her sessions private.</p>
      ) : (
        <>
          <nav aria-label="Order of the sessions" className="flex flex-wrap gap-2 text-sm">
            {(Object.keys(SESSION_ORDERS) as SessionOrder[]).map((key) => (
              <Link
                key={key}
                to={hrefOf({ order: key, page: 1 })}
                aria-current={key === order ? "true" : undefined}
                className={
                  key === order
                    ? "rounded-full bg-primary-soft px-3 py-1 font-medium text-accent"
                    : "rounded-full border border-line px-3 py-1 text-ink-soft hover:text-accent"
                }
                preventScrollReset
              >
                {SESSION_ORDERS[key].label}
              </Link>
            ))}
          </nav>
          {sessions.data.length === 0 ? (
            <p className="text-sm text-ink-muted">No sessions recorded yet.</p>
          ) : (
            <>
              {/* A phone gets each session as a short card (reflow), a wider screen the table. */}
              <ul className="space-y-2 sm:hidden" aria-label="Her sessions">
                {sessions.data.map((s) => (
                  <li key={s.started_at} className="rounded-lg border border-line-soft p-3 text-sm">
                    <p className="font-medium text-ink">
                      <LocalTime iso={s.started_at} /> · {formatDuration(s.seconds)}
                    </p>
                    <p className="text-ink-soft">
                      {s.status_ids.map((id) => activityStatusName(id, camSiteId)).join(", ") || "–"}
                    </p>
                    <p className="text-ink-muted tabular-nums">
                      Peak {count(s.peak_viewers)} · avg {count(s.avg_viewers)} viewers
                      {showCamscore && s.max_camscore !== null
                        ? ` · CamScore ${formatCount(Math.round(s.max_camscore))}`
                        : ""}
                      {showCamscore && s.best_rank !== null ? ` · rank ${count(s.best_rank)}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <DataTable
                  columns={columns}
                  rows={sessions.data}
                  rowKey={(s) => s.started_at}
                  caption="Her sessions: start and end in your time (UTC on hover), length, shows, viewers"
                />
              </div>
            </>
          )}
          <Pagination
            current={sessions.current_page}
            last={sessions.last_page}
            href={(page) => hrefOf({ page })}
            label="Pages of sessions"
          />
        </>
      )}
    </section>
  );
}
