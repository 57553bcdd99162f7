import { type ComponentProps, lazy, Suspense } from "react";

// The stats page's chart drawings load as their own chunks, off the page's first-load JavaScript. The server renders
// them in full (it waits for the chunk), so the HTML holds the chart and the browser keeps it on screen until the
// chunk arrives and hydrates; only a client-side switch to a tab whose chart is not loaded yet shows the skeleton,
// the chart's own height, so nothing below it moves.

const TimeOnlineCalendarChunk = lazy(() => import("./time-online-calendar.tsx"));
const LineChartChunk = lazy(() => import("./line-chart.tsx").then((m) => ({ default: m.LineChart })));

function Skeleton({ height }: { height: number }) {
  return <div aria-hidden="true" className="animate-pulse rounded-lg bg-surface-muted" style={{ height }} />;
}

export function LazyTimeOnlineCalendar(props: ComponentProps<typeof TimeOnlineCalendarChunk>) {
  return (
    <Suspense fallback={<Skeleton height={240} />}>
      <TimeOnlineCalendarChunk {...props} />
    </Suspense>
  );
}

export function LazyLineChart(props: ComponentProps<typeof LineChartChunk>) {
  return (
    <Suspense fallback={<Skeleton height={220} />}>
      <LineChartChunk {...props} />
    </Suspense>
  );
}
