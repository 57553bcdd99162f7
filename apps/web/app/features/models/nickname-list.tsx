import type { CamSiteSummaryReply } from "@camatlas/shared/api-contract";
import type { NicknameSummary } from "@camatlas/shared/schemas/model-card";
import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { CamsiteLogo } from "../catalog/camsite-logo.tsx";
import { liveStatusOf, NICKNAME_TYPE_LABELS } from "../catalog/catalog-labels.ts";

/** "● Streaming" (green) or the offline-like status (grey); offline when nothing is known (spec §4). */
export function LiveBadge({ statusId, camSiteId }: { statusId: number | null; camSiteId?: number }) {
  const status = liveStatusOf(statusId, camSiteId);
  return status.streaming ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-live-soft px-2 py-0.5 text-xs font-semibold text-live ring-1 ring-live/30">
      <span
        aria-hidden="true"
        className="h-2 w-2 animate-pulse rounded-full bg-live motion-reduce:animate-none"
      />
      Streaming{status.label !== "Free chat" ? ` · ${status.label}` : ""}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-ink-faint" />
      {status.label}
    </span>
  );
}

export function NicknameList({
  nicknames,
  camsites,
  canRequestRemoval,
}: {
  nicknames: readonly NicknameSummary[];
  camsites: ReadonlyMap<number, Pick<CamSiteSummaryReply, "logo_path">>;
  canRequestRemoval: boolean;
}) {
  if (nicknames.length === 0) return <p className="text-ink-muted">No nicknames are known for her yet.</p>;
  return (
    <ul className={cardClass({ padding: "none", className: "divide-y divide-line-soft overflow-hidden" })}>
      {nicknames.map((n) => {
        const camsite = camsites.get(n.cam_site_id);
        // The API builds it from the camsite's stored model_url_template.
        const href = n.url;
        return (
          <li key={n.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="nickname-row">
            <CamsiteLogo camsite={{ name: n.cam_site.name, logo_path: camsite?.logo_path }} size={40} />
            <div className="min-w-40 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/${n.cam_site.slug}/model/${encodeURIComponent(n.nickname)}`}
                  className="font-semibold text-ink hover:text-accent hover:underline"
                >
                  {n.nickname}
                </Link>
                <span className="rounded bg-surface-muted px-1.5 py-0.5 text-xs text-ink-muted">
                  {NICKNAME_TYPE_LABELS[n.type]}
                </span>
                <LiveBadge statusId={n.activity_status_id} camSiteId={n.cam_site_id} />
              </p>
              <p className="text-sm text-ink-muted">on {n.cam_site.name}</p>
            </div>
            {href && (
              <Button
                href={href}
                target="_blank"
                rel="nofollow noopener noreferrer"
                size="sm"
                className="w-full sm:w-auto"
              >
                Visit {n.nickname} on {n.cam_site.name}
                <span aria-hidden="true">↗</span>
                <span className="sr-only">(opens in a new tab)</span>
              </Button>
            )}
            {canRequestRemoval && (
              <details className="w-full text-sm sm:w-auto">
                <summary className="cursor-pointer text-ink-faint hover:text-accent">Request removal</summary>
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" preventScrollReset>
                  <input type="hidden" name="nickname_id" value={n.id} />
                  <label className="flex-1 text-xs text-ink-soft">
                    Why should {n.nickname} go? (optional)
                    <input
                      name="reason"
                      maxLength={1000}
                      className={controlClass({ size: "sm", className: "mt-1" })}
                    />
                  </label>
                  <Button type="submit" name="intent" value="remove-nickname" variant="danger" size="sm">
                    Ask to remove
                  </Button>
                </Form>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
