import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { longDay } from "./chart-math.ts";
import type { StatsTab } from "./stats-paths.ts";
import { RANGE_PRESETS, type RangePreset } from "./stats-range.ts";

// The stats page's range: presets as links and a custom pair of days as a GET form, so every range is an address
// (shareable, and working without JavaScript).

export function RangePicker({
  tab,
  viewer,
  timeZone,
  range,
  hrefOf,
}: {
  tab: StatsTab;
  viewer: { preset: RangePreset; from: string; to: string };
  timeZone: string;
  range: Record<string, string | undefined>;
  hrefOf: (next: Record<string, string | undefined>) => string;
}) {
  const zone = timeZone.replace(/_/g, " ");
  return (
    <section aria-labelledby="range-title" className="space-y-3">
      <h2 id="range-title" className="sr-only">
        Date range
      </h2>
      <nav aria-label="Range presets" className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((p) => {
          const current = viewer.preset === p.id;
          return (
            <Link
              key={p.id}
              to={hrefOf({
                range: p.id === "30" ? undefined : p.id,
                from_date: undefined,
                to_date: undefined,
                page: undefined,
                sessions_page: undefined,
              })}
              preventScrollReset
              aria-current={current ? "page" : undefined}
              className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium ring-1 ${
                current
                  ? "bg-primary text-on-primary ring-primary"
                  : "bg-surface text-ink-soft ring-line hover:bg-surface-muted hover:text-ink"
              }`}
            >
              {p.label}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Custom range">
        <input type="hidden" name="tab" value={tab} />
        {range.tz && <input type="hidden" name="tz" value={range.tz} />}
        <TextField label="From" type="date" name="from_date" defaultValue={viewer.from} size="sm" />
        <TextField label="To" type="date" name="to_date" defaultValue={viewer.to} size="sm" />
        <Button type="submit" variant="secondary" size="sm">
          Show
        </Button>
      </Form>
      <p className="text-xs text-ink-faint" data-testid="range-shown">
        {longDay(viewer.from)} – {longDay(viewer.to)}, days in your time zone ({zone}).
      </p>
    </section>
  );
}
