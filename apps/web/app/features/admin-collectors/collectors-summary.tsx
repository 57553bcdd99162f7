import type { CollectorHealthItem, CollectorState } from "@camatlas/shared/api-contract";
import { COLLECTOR_STATE_VIEW } from "./collector-state.ts";

// The states in the order the view declares them (the browser build carries no contract values but endpoints).
const STATES = Object.keys(COLLECTOR_STATE_VIEW) as CollectorState[];

/** "5 collectors: 3 OK, 1 Incomplete, 1 Stalled", each state with what it means. */
export function CollectorsSummary({ collectors }: { collectors: readonly CollectorHealthItem[] }) {
  const counts = new Map<CollectorState, number>();
  for (const c of collectors) counts.set(c.state, (counts.get(c.state) ?? 0) + 1);
  const present = STATES.filter((state) => counts.has(state));
  if (collectors.length === 0) return null;
  return (
    <section aria-labelledby="collectors-summary" className="space-y-2">
      <h2 id="collectors-summary" className="text-lg font-semibold text-ink">
        {collectors.length} {collectors.length === 1 ? "collector" : "collectors"}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {present.map((state) => (
          <li
            key={state}
            className={`rounded-full px-3 py-1 text-sm font-medium ${COLLECTOR_STATE_VIEW[state].className}`}
            title={COLLECTOR_STATE_VIEW[state].meaning}
          >
            {counts.get(state)} {COLLECTOR_STATE_VIEW[state].label}
          </li>
        ))}
      </ul>
    </section>
  );
}
