import { activityStatusName, isStreaming } from "@camatlas/shared";
import type { NicknameSummary } from "@camatlas/shared/schemas/model-card";
import { Link } from "react-router";
import { longDay } from "./chart-math.ts";
import { OnlineBadge } from "./stats-nickname-card.tsx";
import { statsPath } from "./stats-paths.ts";

/** The model profile's Stats tab: each nickname with its live state and a link to its stats page. */
export function ModelStatsTab({ nicknames }: { nicknames: readonly NicknameSummary[] }) {
  if (nicknames.length === 0) return <p className="text-neutral-600">No nicknames are known for her yet.</p>;
  const sorted = [...nicknames].sort(
    (a, b) => Number(isStreaming(b.activity_status_id)) - Number(isStreaming(a.activity_status_id)),
  );
  return (
    <ul className="divide-y divide-neutral-100" data-testid="model-stats-nicknames">
      {sorted.map((n) => (
        <li key={n.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-neutral-900">{n.nickname}</span>
              <OnlineBadge
                isOpen={n.activity_status_id !== 100}
                isStreaming={isStreaming(n.activity_status_id)}
                statusName={activityStatusName(n.activity_status_id, n.cam_site_id)}
                camsiteName={n.cam_site.name}
              />
            </p>
            <p className="text-sm text-neutral-600">
              on {n.cam_site.name}
              {n.last_activity && <> · last active {longDay(n.last_activity)}</>}
            </p>
          </div>
          <Link
            to={statsPath(n.cam_site.slug, n.nickname)}
            className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-semibold text-neutral-800 hover:border-brand-500 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            Stats of {n.nickname} on {n.cam_site.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
