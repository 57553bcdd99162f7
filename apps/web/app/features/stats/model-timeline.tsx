import { activityStatusName, formatCount, formatDuration } from "@camatlas/shared";
import {
  MODEL_TIMELINE_DAYS,
  MODEL_TIMELINE_DEFAULT_DAYS,
  type ModelTimelineReply,
  modelTimelineEndpoints,
} from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { cardClass } from "../../components/ui/card.tsx";
import { Table, TableBody, TableHead } from "../../components/ui/table.tsx";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { statusColor } from "./chart-math.ts";
import { axisOf, type TimelineAxis } from "./timeline-axis.ts";

const RANGE_LABELS: Record<(typeof MODEL_TIMELINE_DAYS)[number], string> = {
  1: "Today",
  7: "7 days",
  30: "30 days",
};

/** The browser's own zone (the API counts days there); UTC where the runtime cannot say. */
function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

type Load =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; reply: ModelTimelineReply; axis: TimelineAxis };

/**
 * One timeline across all her nicknames on every camsite (a row per camsite, online spans by show type, the
 * viewer's days) and her totals across sites. Read in the browser, which knows the viewer's time zone; the
 * camsite rows scroll sideways on a phone and a table says the same for screen readers.
 */
export function ModelTimeline({ modelId }: { modelId: number }) {
  const [days, setDays] = useState<number>(MODEL_TIMELINE_DEFAULT_DAYS);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    const timeZone = viewerTimeZone();
    setLoad({ state: "loading" });
    browserCall(
      modelTimelineEndpoints.timeline,
      { params: { id: modelId }, query: { days, time_zone: timeZone } },
      { signal: controller.signal },
    )
      .then((reply) => setLoad({ state: "ready", reply, axis: axisOf(reply) }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: "failed" });
      });
    return () => controller.abort();
  }, [modelId, days]);

  return (
    <section aria-labelledby="model-timeline-heading" className="space-y-4" data-testid="model-timeline">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="model-timeline-heading" className="text-lg font-semibold text-ink">
          Online across camsites
        </h3>
        <fieldset className="flex gap-1" aria-label="Range">
          {MODEL_TIMELINE_DAYS.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={d === days}
              onClick={() => setDays(d)}
              className={`min-h-9 rounded-md px-3 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-focus ${
                d === days
                  ? "bg-primary text-on-primary"
                  : "border border-line bg-surface text-ink-soft hover:bg-surface-muted"
              }`}
            >
              {RANGE_LABELS[d]}
            </button>
          ))}
        </fieldset>
      </div>
      {load.state === "loading" && (
        <p className="text-sm text-ink-muted" aria-live="polite">
          Loading her timeline…
        </p>
      )}
      {load.state === "failed" && (
        <p className="text-sm text-ink-muted" role="status">
          Her timeline could not be loaded. Try again in a moment.
        </p>
      )}
      {load.state === "ready" && <TimelineBody reply={load.reply} axis={load.axis} />}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={cardClass({ padding: "sm" })}>
      <dt className="text-xs uppercase tracking-wide text-ink-faint">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-ink">{value}</dd>
    </div>
  );
}

const count = (n: number) => formatCount(n);

function TimelineBody({ reply, axis }: { reply: ModelTimelineReply; axis: TimelineAxis }) {
  const { totals } = reply;
  const range = reply.days === 1 ? "today" : `the last ${reply.days} days`;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="model-timeline-totals">
        <Figure label="Time online" value={formatDuration(totals.online_seconds)} />
        <Figure label="Sessions" value={count(totals.sessions)} />
        <Figure label="Days active" value={`${count(totals.days_active)} of ${reply.days}`} />
        <Figure label="Longest session" value={formatDuration(totals.longest_session_seconds)} />
      </dl>
      <p className="text-xs text-ink-muted">
        Across all her camsites over {range}, in your time ({reply.time_zone.replaceAll("_", " ")}): time on
        two camsites at once counts once.
      </p>
      {reply.graph === "hide_graph" ? (
        <p className="text-sm text-ink-muted">She keeps her timeline private.</p>
      ) : (
        <TimelineChart reply={reply} axis={axis} />
      )}
    </>
  );
}

/** "Free chat" or "Online" (her setting shows only her time online). */
const showName = (statusId: number | null, camSiteId: number) =>
  statusId === null ? "Online" : activityStatusName(statusId, camSiteId);

const clock = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

function TimelineChart({ reply, axis }: { reply: ModelTimelineReply; axis: TimelineAxis }) {
  const legend = new Map<string, string>();
  for (const row of reply.camsites)
    for (const s of row.spans) {
      const key = s.status_id === null ? "total" : String(s.status_id);
      if (!legend.has(key)) legend.set(key, showName(s.status_id, row.cam_site.id));
    }
  const spans = reply.camsites.flatMap((row) => row.spans.map((s) => ({ row, s })));
  const position = (start: string, end: string) => {
    const left = axis.share(Date.parse(start));
    const right = axis.share(Date.parse(end));
    return { left: `${left * 100}%`, width: `max(2px, ${(right - left) * 100}%)` };
  };
  return (
    <div className="space-y-3">
      {/* Wider than a phone for a month: it scrolls sideways, so keyboards must reach it (the table says the same). */}
      <section
        className={cardClass({ padding: "none", className: "overflow-x-auto" })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard
        tabIndex={0}
        aria-label="Timeline by camsite, scrolls sideways"
      >
        <div
          className="relative px-3 pb-3 pt-2"
          style={{ minWidth: `${axis.minWidthPx}px` }}
          aria-hidden="true"
        >
          <div className="relative h-5 text-[11px] text-ink-muted">
            {axis.ticks.map((tick) => (
              <span
                key={tick.at}
                className="absolute top-0 whitespace-nowrap border-l border-line-soft pl-1"
                style={{ left: `${axis.share(tick.at) * 100}%` }}
              >
                {tick.label}
              </span>
            ))}
          </div>
          {reply.camsites.map((row) => (
            <div key={row.cam_site.id} className="mt-2">
              <p className="sticky left-0 w-fit text-xs font-semibold text-ink-soft">
                {row.cam_site.name}{" "}
                <span className="font-normal text-ink-muted">
                  {row.nicknames.join(", ")} · {formatDuration(row.online_seconds)}
                </span>
              </p>
              <div className="relative mt-1 h-6 rounded bg-surface-muted">
                {axis.ticks.map((tick) => (
                  <span
                    key={tick.at}
                    className="absolute inset-y-0 border-l border-line-soft"
                    style={{ left: `${axis.share(tick.at) * 100}%` }}
                  />
                ))}
                {row.spans.map((s) => (
                  <span
                    key={s.start + String(s.status_id)}
                    className="absolute inset-y-0.5 rounded-sm"
                    style={{
                      ...position(s.start, s.end),
                      background: statusColor(s.status_id === null ? "total" : String(s.status_id)),
                    }}
                    title={`${showName(s.status_id, row.cam_site.id)}: ${clock(s.start)} – ${clock(s.end)}`}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
      </section>
      {legend.size > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft" aria-label="Show types">
          {[...legend].map(([key, name]) => (
            <li key={key} className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: statusColor(key) }} />
              {name}
            </li>
          ))}
        </ul>
      )}
      {spans.length === 0 ? (
        <p className="text-sm text-ink-muted">She was not seen online on any camsite in this range.</p>
      ) : (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-ink-soft">Timeline as a table</summary>
          <div className="mt-2">
            <Table caption="Her online spans by camsite, in your time">
              <TableHead>
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Camsite
                  </th>
                  <th scope="col" className="px-3 py-2">
                    From
                  </th>
                  <th scope="col" className="px-3 py-2">
                    To
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Length
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Show
                  </th>
                </tr>
              </TableHead>
              <TableBody>
                {spans.map(({ row, s }) => (
                  <tr key={`${row.cam_site.id}-${s.start}-${s.status_id}`}>
                    <th scope="row" className="px-3 py-2 font-normal text-ink">
                      {row.cam_site.name}
                    </th>
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">{clock(s.start)}</td>
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">{clock(s.end)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatDuration((Date.parse(s.end) - Date.parse(s.start)) / 1000)}
                    </td>
                    <td className="px-3 py-2">{showName(s.status_id, row.cam_site.id)}</td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        </details>
      )}
    </div>
  );
}
