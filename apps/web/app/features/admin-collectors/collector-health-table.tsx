import type { CollectorHealthItem } from "@camatlas/shared/api-contract";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { COLLECTOR_STATE_VIEW, formatAge, secondsBetween } from "./collector-state.ts";

function StateBadge({ item }: { item: CollectorHealthItem }) {
  const view = COLLECTOR_STATE_VIEW[item.state];
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${view.className}`}
      title={view.meaning}
    >
      {view.label}
    </span>
  );
}

function When({ iso, now, ahead = false }: { iso: string | null; now: string; ahead?: boolean }) {
  if (!iso) return <span className="text-ink-faint">never</span>;
  const seconds = secondsBetween(iso, now);
  return (
    <time dateTime={iso} title={iso}>
      {ahead ? (seconds < 0 ? `in ${formatAge(-seconds)}` : "due") : `${formatAge(seconds)} ago`}
    </time>
  );
}

/** One row per camsite collector: what it last did, how complete, how many online, its errors and lag. */
export function CollectorHealthTable({
  collectors,
  now,
}: {
  collectors: readonly CollectorHealthItem[];
  now: string;
}) {
  const columns: Column<CollectorHealthItem>[] = [
    {
      header: "Camsite",
      rowHeader: true,
      className: "font-semibold text-ink",
      cell: (c) => (
        <span className="block">
          {c.cam_site.name}
          <span className="block text-xs font-normal text-ink-muted">
            {c.collector} · every {formatAge(c.interval_seconds)}
          </span>
        </span>
      ),
    },
    {
      header: "State",
      cell: (c) => (
        <span className="block">
          <StateBadge item={c} />
          <span className="mt-1 block text-xs text-ink-muted">
            Next poll <When iso={c.next_poll_at} now={now} ahead />
          </span>
        </span>
      ),
    },
    {
      header: "Last poll (lag)",
      cell: (c) => (
        <span className="block">
          <When iso={c.last_success_at} now={now} />
          {c.complete === false && (
            <span className="block text-xs text-warning break-words">Incomplete: {c.incomplete_reason}</span>
          )}
          {c.complete === true && <span className="block text-xs text-ink-muted">Complete</span>}
        </span>
      ),
    },
    {
      header: "Online",
      align: "right",
      className: "tabular-nums",
      cell: (c) => (c.online_count === null ? "–" : c.online_count.toLocaleString("en")),
    },
    {
      header: "Errors",
      cell: (c) =>
        c.consecutive_failures === 0 && !c.last_error ? (
          <span className="text-ink-faint">none</span>
        ) : (
          <span className="block">
            {c.consecutive_failures > 0 && (
              <span className="block font-semibold text-danger">{c.consecutive_failures} in a row</span>
            )}
            {c.last_error && (
              <span className="block text-xs break-words text-ink-muted">
                {c.last_error}
                {c.last_error_at && (
                  <>
                    {" "}
                    (<When iso={c.last_error_at} now={now} />)
                  </>
                )}
              </span>
            )}
          </span>
        ),
    },
  ];
  return (
    <DataTable
      phone="cards"
      caption="Camsite collectors"
      columns={columns}
      rows={collectors}
      rowKey={(c) => c.cam_site.id}
      empty={
        <EmptyState
          title="No collector has run yet"
          text="Name the camsites in COLLECTORS (with their feed settings) and start npm run worker."
        />
      }
    />
  );
}
