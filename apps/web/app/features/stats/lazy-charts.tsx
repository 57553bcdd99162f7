import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";
import type { LineChart } from "./line-chart.tsx";
import type TimeOnlineCalendar from "./time-online-calendar.tsx";

// The stats page's chart drawings load as their own chunks, off the page's first-load JavaScript. The server loads
// them when it starts and renders them in full, never suspending (a streamed-in chart would stay hidden without
// JavaScript), so the HTML holds the chart; in the browser the Suspense boundary keeps that HTML on screen until
// the chunk arrives and hydrates it. Only a client-side switch to a tab whose chart is not loaded yet shows the
// skeleton, at the chart's own height, so nothing below it moves.

function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>, height: number) {
  let loaded: ComponentType<P> | undefined;
  const loading = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  const Lazy = lazy(loading);
  if (import.meta.env.SSR) void loading().catch(() => {});
  const fallback = (
    <div aria-hidden="true" className="animate-pulse rounded-lg bg-surface-muted" style={{ height }} />
  );
  return function Chart(props: P) {
    const Component = loaded ?? Lazy;
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  };
}

export const LazyTimeOnlineCalendar = lazyChart<ComponentProps<typeof TimeOnlineCalendar>>(
  () => import("./time-online-calendar.tsx").then((m) => m.default),
  240,
);

export const LazyLineChart = lazyChart<ComponentProps<typeof LineChart>>(
  () => import("./line-chart.tsx").then((m) => m.LineChart),
  220,
);
