import { formatDuration, utcWeekdayDate } from "@camatlas/shared";
import type { CamScoreStats, ChatStats, StatsNickname, StatsSnapshot } from "@camatlas/shared/schemas/stats";
import { calendarSeries, coverageGaps, intervalsFromRollups } from "@camatlas/shared/stats";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { Card, cardClass } from "../../components/ui/card.tsx";
import { ChartFrame } from "./chart-frame.tsx";
import { longDay, statusColor } from "./chart-math.ts";
import { CoverageNote } from "./coverage-note.tsx";
import { LazyTimeOnlineCalendar, LazyLineChart as LineChart } from "./lazy-charts.tsx";
import { LocalTime } from "./session-list.tsx";

// The sections of /stats/{camsite}/{nickname}. Every figure says what it covers.

/** "your days (Asia/Kolkata)", or "UTC days". */
const zoneDays = (timeZone: string) =>
  timeZone === "UTC" ? "UTC days" : `your days, ${timeZone.replace(/_/g, " ")}`;

/**
 * Her figures over the range: time online, days online, sessions and the longest session on the viewer's days (the
 * chart's days); viewers, CamScore and rank from daily rollups, so by UTC day.
 */
export function SummaryCards({ nickname }: { nickname: StatsNickname }) {
  const t = nickname.time_summary;
  const zoned = t.time_zone !== "UTC";
  const byUtcDay = zoned && (nickname.viewer_summary.average !== null || nickname.camscore_summary !== null);
  const cards: Array<[string, string]> = [
    ["Time online", formatDuration(t.seconds_online)],
    ["Days online", String(t.days_online)],
    ["Sessions", String(t.sessions)],
  ];
  if (t.longest_session_seconds !== null)
    cards.push(["Longest session", formatDuration(t.longest_session_seconds)]);
  if (nickname.viewer_summary.average !== null)
    cards.push(["Viewers (average)", String(Math.round(nickname.viewer_summary.average))]);
  if (nickname.viewer_summary.max !== null)
    cards.push(["Viewers (most)", String(nickname.viewer_summary.max)]);
  if (nickname.camscore_summary?.current != null)
    cards.push(["CamScore", nickname.camscore_summary.current.toFixed(1)]);
  if (nickname.camscore_summary?.rank) cards.push(["Rank", `#${nickname.camscore_summary.rank}`]);
  return (
    <section aria-labelledby="summary-title" className="space-y-2">
      <h2 id="summary-title" className="sr-only">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map(([label, value]) => (
          <Card key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-ink-faint">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{value}</dd>
          </Card>
        ))}
      </dl>
      <CoverageNote coverage={nickname.coverage} days={zoneDays(t.time_zone)} />
      {byUtcDay && (
        <p className="text-xs text-ink-faint">
          Viewers{nickname.camscore_summary ? ", CamScore and rank" : ""} are kept per UTC day, so they count
          the same dates in UTC.
        </p>
      )}
    </section>
  );
}

/** The camsite was tracked before its record of polling gaps began (decision 0043): older silences are unknown. */
const recordedLate = (coverage: ChatStats["coverage"]) =>
  coverage.tracked_since !== null &&
  coverage.gaps_recorded_since !== null &&
  Date.parse(coverage.gaps_recorded_since) - Date.parse(coverage.tracked_since) > 86_400_000;

const hoursText = (seconds: number) => `${(Math.round((seconds / 3600) * 10) / 10).toFixed(1)}`;

/**
 * Time online per day of the viewer's calendar (every day of the range, offline days as zero), stacked by show
 * type in hours, the days we did not observe hatched and labelled; the drawing loads on its own (lazy-charts.tsx).
 */
export function TimeOnlineChart({
  chat,
  from,
  to,
  timeZone,
  now,
}: {
  chat: ChatStats;
  from: string;
  to: string;
  timeZone: string;
  now: number;
}) {
  if (chat.graph === "hide_graph")
    return (
      <p className={cardClass({ className: "text-sm text-ink-muted" })}>
        The model has hidden her activity graph.
      </p>
    );
  const totalOnly = chat.graph === "show_only_total_time_online";
  const keys = totalOnly
    ? [{ key: "total", label: "Time online" }]
    : chat.statuses.map((s) => ({ key: String(s.id), label: s.name }));
  const days = calendarSeries({
    from,
    to,
    timeZone,
    keys: keys.map((k) => k.key),
    intervals: intervalsFromRollups(chat.days),
    gaps: coverageGaps(chat.coverage, now),
  });
  const total = days.reduce((sum, d) => sum + d.totalSeconds, 0);
  const daysOnline = days.filter((d) => d.totalSeconds > 0).length;
  const byKey = keys.map((k) => ({
    ...k,
    seconds: days.reduce((sum, d) => sum + (d.seconds[k.key] ?? 0), 0),
  }));
  const unobserved = days.filter((d) => d.gapLabel !== null).length;
  const zone = timeZone === "UTC" ? "UTC" : timeZone.replace(/_/g, " ");
  const summary =
    total === 0
      ? `No time online in these ${days.length} days (${zone}).`
      : `${formatDuration(total)} online on ${daysOnline} of ${days.length} days (${zone})${
          totalOnly
            ? "."
            : `: ${byKey
                .filter((k) => k.seconds > 0)
                .map((k) => `${k.label} ${formatDuration(k.seconds)}`)
                .join(", ")}.`
        }${unobserved > 0 ? ` ${unobserved} of the days ${unobserved === 1 ? "was" : "were"} not fully observed (hatched).` : ""}`;
  return (
    <ChartFrame
      id="time-online"
      title={totalOnly ? "Time online per day" : "Time online per day by show type"}
      summary={summary}
      note={
        <>
          <p>
            Days of your calendar ({zone}), in hours. Hatched: time we did not observe (before tracking began,
            no polls, or still to come).{" "}
            {totalOnly ? "" : "Within an hour, show types are split by their shares of that UTC day."}
          </p>
          {recordedLate(chat.coverage) && (
            <p>
              Gaps in polling are recorded since {longDay(chat.coverage.gaps_recorded_since ?? "")}; before
              that a day without polls cannot be told from a day offline.
            </p>
          )}
          {/* The days are said above: the reply's UTC days reach one further each side. */}
          <CoverageNote coverage={{ ...chat.coverage, from_date: null, to_date: null }} />
        </>
      }
      table={{
        head: ["Day", ...keys.map((k) => `${k.label} (h)`), "Total (h)", "Not observed"],
        rows: days.map((d) => [
          utcWeekdayDate(new Date(`${d.date}T00:00:00Z`)),
          ...keys.map((k) => hoursText(d.seconds[k.key] ?? 0)),
          hoursText(d.totalSeconds),
          d.gapLabel === null
            ? "–"
            : d.unobservedSeconds >= d.lengthSeconds
              ? d.gapLabel
              : `${d.gapLabel} (${formatDuration(d.unobservedSeconds)})`,
        ]),
      }}
    >
      {/* More days than a phone is wide: the chart scrolls sideways, so keyboards must reach it. */}
      <section
        className="overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard
        tabIndex={0}
        aria-label="Time online per day, scrolls sideways"
        data-scroll="time-online"
        // Right to left, so a phone opens on the latest days (no script, nothing jumps); the chart itself reads left to right.
        dir="rtl"
      >
        <div dir="ltr" className="w-max">
          <LazyTimeOnlineCalendar days={days} keys={keys} />
        </div>
      </section>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft" aria-label="Legend">
        {keys.map((k) => (
          <li key={k.key} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-3 w-3 rounded-sm"
              style={{ background: statusColor(k.key) }}
            />
            {k.label}
          </li>
        ))}
        <li className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-3 w-3 rounded-sm ring-1 ring-line"
            style={{
              background:
                "repeating-linear-gradient(45deg, var(--color-line) 0 2px, var(--color-surface-muted) 2px 5px)",
            }}
          />
          Not observed (hatched)
        </li>
      </ul>
      {totalOnly && <p className="text-xs text-ink-faint">The model shows only her total time online.</p>}
    </ChartFrame>
  );
}

export function ViewersChart({ chat, from, to }: { chat: ChatStats; from: string; to: string }) {
  // UTC days within the range (the reply covers a day more each side for the time-online chart).
  const viewerDays = chat.viewers.days.filter((d) => d.date >= from && d.date <= to);
  const points = viewerDays.map((d) => ({ date: d.date, value: d.average }));
  const average =
    points.length === 0
      ? null
      : Math.round((points.reduce((sum, p) => sum + p.value, 0) / points.length) * 10) / 10;
  return (
    <ChartFrame
      id="viewers"
      title="Viewers per day"
      summary={
        points.length === 0
          ? "No viewer counts in this range."
          : `Average ${average} viewers over ${points.length} ${points.length === 1 ? "day" : "days"} (UTC); most in one poll: ${Math.max(...viewerDays.map((d) => d.max ?? 0))}.`
      }
      note={<CoverageNote coverage={chat.coverage} />}
      table={{
        head: ["Day", "Average viewers", "Most viewers"],
        rows: viewerDays.map((d) => [longDay(d.date), d.average, d.max ?? "–"]),
      }}
    >
      {points.length === 0 ? (
        <p className="text-sm text-ink-muted">No viewer counts in this range.</p>
      ) : (
        <LineChart points={points} reference={average} referenceLabel="Average" />
      )}
    </ChartFrame>
  );
}

export function CamScoreCharts({ camscore }: { camscore: CamScoreStats }) {
  const fmt = (v: number | null) => (v === null ? "–" : v.toFixed(1));
  const facts: Array<[string, string]> = [
    ["Current", fmt(camscore.current)],
    [
      "Highest",
      `${fmt(camscore.highest)}${camscore.highest_date ? ` (${longDay(camscore.highest_date)})` : ""}`,
    ],
    [
      "Compared to average",
      camscore.compared_to_average === null
        ? "–"
        : `${camscore.compared_to_average >= 0 ? "+" : ""}${camscore.compared_to_average.toFixed(1)} (average ${fmt(camscore.camsite_average)})`,
    ],
    [
      "Dynamic",
      camscore.dynamic === null
        ? "–"
        : `${camscore.dynamic >= 0 ? "+" : ""}${camscore.dynamic.toFixed(1)}${camscore.dynamic_percent !== null ? ` (${camscore.dynamic_percent}%)` : ""}`,
    ],
    ["Rank", camscore.rank ? `#${camscore.rank}` : "Unranked"],
    ["CamScore to next rank", fmt(camscore.cam_scores_to_next_rank)],
  ];
  return (
    <section aria-labelledby="camscore-title" className="space-y-4">
      <h2 id="camscore-title" className="text-xl font-semibold">
        CamScore
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <Card key={label} padding="none" className="p-3">
            <dt className="text-xs text-ink-faint">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
      <ChartFrame
        id="camscore"
        title="CamScore over time"
        summary={
          camscore.scores.length === 0
            ? "No CamScore in this range."
            : `From ${fmt(camscore.scores[0]?.avg ?? null)} to ${fmt(camscore.current)}; lowest ${fmt(camscore.min)}, highest ${fmt(camscore.max)}, average ${fmt(camscore.avg)}.`
        }
        note={<CoverageNote coverage={camscore.coverage} />}
        table={{
          head: ["Day", "Min", "Max", "Average"],
          rows: camscore.scores.map((s) => [longDay(s.date), s.min, s.max, s.avg]),
        }}
      >
        {camscore.scores.length > 0 && (
          <LineChart
            points={camscore.scores.map((s) => ({ date: s.date, value: s.avg }))}
            reference={camscore.camsite_average}
            referenceLabel="Camsite average"
            format={(v) => v.toFixed(0)}
          />
        )}
      </ChartFrame>
      <ChartFrame
        id="rank"
        title="Rank over time"
        summary={
          camscore.rank_history.length === 0
            ? "Not ranked in this range."
            : `Best rank #${Math.min(...camscore.rank_history.map((r) => r.rank))}, latest #${camscore.rank_history.at(-1)?.rank}.`
        }
        table={{ head: ["Day", "Rank"], rows: camscore.rank_history.map((r) => [longDay(r.date), r.rank]) }}
      >
        {camscore.rank_history.length > 0 && (
          <LineChart
            points={camscore.rank_history.map((r) => ({ date: r.date, value: r.rank }))}
            invert
            color="#0ea5e9"
            format={(v) => `#${Math.round(v)}`}
          />
        )}
      </ChartFrame>
    </section>
  );
}

export function LongestSessions({ chat }: { chat: ChatStats }) {
  return (
    <Card as="section" aria-labelledby="longest-title">
      <h2 id="longest-title" className="font-semibold">
        Longest sessions
      </h2>
      {chat.longest_sessions_hidden ? (
        <p className="mt-2 text-sm text-ink-muted">The model has hidden her longest sessions.</p>
      ) : chat.longest_sessions.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No sessions in this range.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-xs text-ink-faint">
              <th scope="col" className="py-1 font-medium">
                Started
              </th>
              <th scope="col" className="py-1 font-medium">
                Length
              </th>
            </tr>
          </thead>
          <tbody>
            {chat.longest_sessions.map((s) => (
              <tr key={s.started_at} className="border-t border-line-soft">
                <td className="py-1.5">
                  <LocalTime iso={s.started_at} />
                </td>
                <td className="py-1.5 font-semibold tabular-nums">{formatDuration(s.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function SnapshotGrid({
  snapshots,
  nickname,
}: {
  snapshots: readonly StatsSnapshot[];
  nickname: string;
}) {
  if (snapshots.length === 0) return <p className="text-sm text-ink-muted">No live snapshots yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {snapshots.map((s) => (
        <li key={s.id} className="overflow-hidden rounded-lg bg-surface-muted ring-1 ring-line-soft">
          {s.url && (
            <BlurImage
              src={s.url}
              placeholder={s.placeholder}
              alt={`${nickname} live on ${longDay(s.taken_at)}`}
              width={s.width ?? 320}
              height={s.height ?? 180}
              loading="lazy"
              className="aspect-video w-full object-cover"
            />
          )}
          <p className="px-2 py-1 text-xs text-ink-muted">
            <LocalTime iso={s.taken_at} />
          </p>
        </li>
      ))}
    </ul>
  );
}
