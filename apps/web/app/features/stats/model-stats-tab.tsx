import { activityStatusName, isStreaming, MAX_PER_PAGE, OFFLINE_STATUS_ID } from "@camatlas/shared";
import { modelNicknameEndpoints } from "@camatlas/shared/api-contract";
import type { NicknameSummary } from "@camatlas/shared/schemas/model-card";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { longDay } from "./chart-math.ts";
import { ModelTimeline } from "./model-timeline.tsx";
import { OnlineBadge } from "./stats-nickname-card.tsx";
import { statsPath } from "./stats-paths.ts";

/** How often the open Stats tab asks for fresh statuses (the collectors poll about once a minute). */
export const LIVE_REFRESH_MS = 60_000;

/**
 * The model profile's Stats tab: her merged timeline across camsites with totals, then each nickname with its live
 * state and a link to its stats page. While the tab is open and visible, the statuses refresh every minute (quietly:
 * a failed refresh keeps the last known state).
 */
export function ModelStatsTab({ nicknames: initial }: { nicknames: readonly NicknameSummary[] }) {
  const modelId = (useRouteLoaderData("routes/model") as { model?: { id: number } } | undefined)?.model?.id;
  const [nicknames, setNicknames] = useState(initial);
  useEffect(() => setNicknames(initial), [initial]);
  useEffect(() => {
    if (modelId === undefined) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== "visible") return;
      browserCall(
        modelNicknameEndpoints.list,
        { query: { model_id: modelId, per_page: MAX_PER_PAGE } },
        { signal: controller.signal },
      )
        .then((reply) => {
          const fresh = new Map(reply.data.map((n) => [n.id, n]));
          setNicknames((current) =>
            current.map((n) => {
              const f = fresh.get(n.id);
              return f
                ? { ...n, activity_status_id: f.activity_status_id, last_activity: f.last_activity }
                : n;
            }),
          );
        })
        .catch(() => {});
    }, LIVE_REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [modelId]);
  if (nicknames.length === 0) return <p className="text-ink-muted">No nicknames are known for her yet.</p>;
  const sorted = [...nicknames].sort(
    (a, b) => Number(isStreaming(b.activity_status_id)) - Number(isStreaming(a.activity_status_id)),
  );
  return (
    <div className="space-y-6">
      {modelId !== undefined && <ModelTimeline modelId={modelId} />}
      <section aria-labelledby="model-stats-nicknames-heading" className="space-y-2">
        <h3 id="model-stats-nicknames-heading" className="text-lg font-semibold text-ink">
          Her nicknames
        </h3>
        <NicknameRows nicknames={sorted} />
      </section>
    </div>
  );
}

/** Each nickname with its live state and a link to its stats page, streaming ones first. */
function NicknameRows({ nicknames: sorted }: { nicknames: readonly NicknameSummary[] }) {
  return (
    <ul className="divide-y divide-line-soft" data-testid="model-stats-nicknames" aria-live="polite">
      {sorted.map((n) => (
        <li key={n.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-ink">{n.nickname}</span>
              <OnlineBadge
                isOpen={n.activity_status_id !== OFFLINE_STATUS_ID}
                isStreaming={isStreaming(n.activity_status_id)}
                statusName={activityStatusName(n.activity_status_id, n.cam_site_id)}
                camsiteName={n.cam_site.name}
              />
            </p>
            <p className="text-sm text-ink-muted">
              on {n.cam_site.name}
              {n.last_activity && <> · last active {longDay(n.last_activity)}</>}
            </p>
          </div>
          <Button to={statsPath(n.cam_site.slug, n.nickname)} variant="secondary" size="sm">
            Stats of {n.nickname} on {n.cam_site.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}
