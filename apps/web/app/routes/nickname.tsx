import { camsiteEndpoints, modelNicknameEndpoints, statsEndpoints } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { CamsiteLogo } from "../features/catalog/camsite-logo.tsx";
import { formatDate, NICKNAME_TYPE_LABELS } from "../features/catalog/catalog-labels.ts";
import { LiveBadge } from "../features/models/nickname-list.tsx";
import { statsPath } from "../features/stats/stats-paths.ts";
import { UsualOnlineLine } from "../features/stats/usual-online-line.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/nickname";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /{camsite-slug}/model/{nickname}: one nickname on one camsite, with the way to her model profile.
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [nickname, camsites, chat] = await Promise.all([
    apiLoad(
      api.call(modelNicknameEndpoints.byCamsite, {
        params: { camSiteSlug: params.camsite, nickname: params.nickname },
      }),
    ),
    api.call(camsiteEndpoints.list, {}).catch(() => ({ data: [] })),
    // When she usually streams here (her last 30 days' days and hours); a nickname without stats simply has no line.
    api
      .call(statsEndpoints.chatStats, { params: { camSiteSlug: params.camsite, nickname: params.nickname } })
      .catch(() => null),
  ]);
  const camsite = camsites.data.find((c) => c.id === nickname.cam_site_id);
  const usual = chat ? { hoursUtc: chat.hours_utc, weekUtc: chat.weekday_hours_utc } : null;
  return { nickname, camsite: camsite ?? null, usual };
}

export function meta(args: Route.MetaArgs) {
  const n = args.loaderData?.nickname;
  if (!n) return seo(args, { title: "Nickname", noindex: true });
  return seo(args, {
    title: `${n.nickname} on ${n.cam_site.name}`,
    description: n.model
      ? `${n.nickname} is ${n.model.name} on ${n.cam_site.name}. Find her profiles on every camsite.`
      : `${n.nickname} performs on ${n.cam_site.name}.`,
    path: `/${n.cam_site.slug}/model/${encodeURIComponent(n.nickname)}`,
  });
}

export default function Nickname({ loaderData }: Route.ComponentProps) {
  const { nickname: n, camsite, usual } = loaderData;
  const href = n.url;
  return (
    <article className="mx-auto max-w-2xl space-y-6">
      <p className="text-sm text-ink-faint">
        {camsite ? (
          <Link to={`/camsites/${camsite.slug}`} className="hover:underline">
            {n.cam_site.name}
          </Link>
        ) : (
          n.cam_site.name
        )}{" "}
        / {n.nickname}
      </p>
      <header className={cardClass({ padding: "lg", className: "flex items-center gap-4" })}>
        <CamsiteLogo camsite={{ name: n.cam_site.name, logo_path: camsite?.logo_path }} size={56} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{n.nickname}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-muted">
            on {n.cam_site.name} · {NICKNAME_TYPE_LABELS[n.type]}
            <LiveBadge statusId={n.activity_status_id} camSiteId={n.cam_site_id} />
          </p>
          {n.last_activity && (
            <p className="mt-1 text-sm text-ink-faint">Last seen {formatDate(n.last_activity)}</p>
          )}
          {usual && <UsualOnlineLine usual={usual} />}
        </div>
      </header>
      <div className="flex flex-wrap gap-3">
        {n.model && (
          <Button to={`/models/${n.model.slug}`}>See {n.model.name}'s profile on every camsite</Button>
        )}
        <Button to={statsPath(n.cam_site.slug, n.nickname)} variant="secondary">
          {n.nickname}'s stats on {n.cam_site.name}
          <span className="sr-only">: time online, sessions and show types</span>
        </Button>
        {href && (
          <Button href={href} target="_blank" rel="nofollow noopener noreferrer" variant="secondary">
            Visit {n.nickname} on {n.cam_site.name} ↗<span className="sr-only"> (opens in a new tab)</span>
          </Button>
        )}
      </div>
      {!n.model && <p className="text-ink-muted">This nickname is not linked to a model profile yet.</p>}
    </article>
  );
}
