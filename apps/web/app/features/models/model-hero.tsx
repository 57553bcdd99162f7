import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { loginPath } from "../../lib/session/return-to.ts";
import { CamsiteLogo } from "../catalog/camsite-logo.tsx";
import { formatDate, liveStatusOf } from "../catalog/catalog-labels.ts";
import { RatingStars } from "../catalog/rating-stars.tsx";
import { RatingVote } from "./rating-vote.tsx";
import { type UsualSeries, usualOnlineText } from "./usual-hours.ts";

type Nickname = ModelProfile["nicknames"][number];

/**
 * The top of a model's page: what fans come for first, on a phone too — is she online now and where, when she
 * usually streams, and her nicknames (links to this site's pages for them; the camsite itself is one tap further,
 * a secondary "Watch on …"). Then age, place and rating, and what the visitor may do.
 */
export function ModelHero({
  model,
  logos,
  signedIn,
  usual,
}: {
  model: ModelProfile;
  logos: ReadonlyMap<number, { logo_path: string | null }>;
  signedIn: boolean;
  /** Her online seconds per UTC hour and weekday (nicknames summed), for "Usually online Tue–Sat, 20:00–01:00". */
  usual: UsualSeries | null;
}) {
  const can = model.can;
  const live = model.nicknames.find((n) => liveStatusOf(n.activity_status_id, n.cam_site_id).streaming);
  const facts = [model.age !== null ? `${model.age} years old` : null, model.location].filter(Boolean);
  return (
    <header className={cardClass({ padding: "none", className: "overflow-hidden" })}>
      <div className="flex gap-4 p-4 sm:gap-6 sm:p-6">
        <Portrait model={model} />
        <div className="min-w-0 flex-1 space-y-2 sm:space-y-3">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h1
              id="model-name"
              className="break-words text-2xl font-bold tracking-tight text-ink sm:text-3xl"
            >
              {model.name}
            </h1>
            {model.verification.is_verified && (
              <Badge
                className="inline-flex items-center gap-1"
                title="This profile is managed by the model herself"
              >
                ✓ Verified
              </Badge>
            )}
          </div>
          <NowLine live={live} nicknames={model.nicknames} />
          {usual && <UsualLine usual={usual} />}
          {facts.length > 0 && <p className="text-sm text-ink-muted">{facts.join(" · ")}</p>}
        </div>
      </div>

      {model.nicknames.length > 0 && (
        <div className="border-t border-line-soft px-4 py-3 sm:px-6">
          <h2 className="mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">Nicknames</h2>
          <ul className="flex flex-wrap gap-2" aria-label="Her nicknames on camsites">
            {model.nicknames.map((n) => (
              <NicknameChip key={n.id} nickname={n} logo={logos.get(n.cam_site_id)?.logo_path ?? null} />
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 border-t border-line-soft px-4 py-3 sm:px-6">
        <RatingStars rating={model.rating} votes={model.rating_votes} />
        {can.rate ? (
          <RatingVote modelId={model.id} userRating={model.user_rating} />
        ) : (
          !signedIn && (
            <Link to={loginPath(`/models/${model.slug}`)} className="text-sm text-accent underline">
              Log in to rate her
            </Link>
          )
        )}
      </div>

      {model.has_unchecked_revisions && can.edit && (
        <p className="border-t border-line-soft bg-warning-soft px-4 py-2 text-sm text-warning sm:px-6">
          Proposed changes to this profile are waiting for an admin.
        </p>
      )}
      <Actions model={model} />
    </header>
  );
}

function Portrait({ model }: { model: ModelProfile }) {
  const size = "size-24 sm:size-40";
  return model.avatar_path ? (
    <BlurImage
      src={model.avatar_path}
      placeholder={model.avatar_placeholder}
      alt={`${model.name}'s avatar`}
      width={160}
      height={160}
      fetchPriority="high"
      className={`${size} shrink-0 rounded-2xl bg-surface-muted object-cover ring-1 ring-line-soft`}
    />
  ) : (
    <div
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary-soft to-surface-muted text-4xl font-bold text-accent`}
    >
      {model.name.slice(0, 1)}
    </div>
  );
}

/** Online now (where, and a secondary way to watch there), or offline with when and where she was last seen. */
function NowLine({ live, nicknames }: { live: Nickname | undefined; nicknames: readonly Nickname[] }) {
  if (live) {
    const status = liveStatusOf(live.activity_status_id, live.cam_site_id);
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-soft">
          <span className="inline-flex items-center gap-2 rounded-full bg-live-soft px-3 py-1 font-semibold whitespace-nowrap text-live ring-1 ring-live/30">
            <span
              aria-hidden="true"
              className="size-2.5 animate-pulse rounded-full bg-live motion-reduce:animate-none"
            />
            Online now{status.label !== "Free chat" ? ` · ${status.label}` : ""}
          </span>
          <span>
            on <span className="font-semibold text-ink">{live.cam_site.name}</span> as {live.nickname}
          </span>
        </p>
        <Button
          href={live.url}
          target="_blank"
          rel="nofollow noopener noreferrer"
          variant="secondary"
          size="xs"
        >
          Watch on {live.cam_site.name} ↗<span className="sr-only"> (opens in a new tab)</span>
        </Button>
      </div>
    );
  }
  const last = lastSeen(nicknames);
  return (
    <p className="inline-flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-2.5 py-0.5 font-medium text-ink-soft">
        <span aria-hidden="true" className="size-2 rounded-full bg-ink-faint" />
        Offline
      </span>
      {last && (
        <span>
          last seen {formatDate(last.last_activity)} on {last.cam_site.name}
        </span>
      )}
    </p>
  );
}

function lastSeen(nicknames: readonly Nickname[]): Nickname | null {
  let latest: Nickname | null = null;
  for (const n of nicknames)
    if (n.last_activity && (!latest?.last_activity || n.last_activity > latest.last_activity)) latest = n;
  return latest;
}

/** Usually online: rendered in UTC, then (with JavaScript) in the visitor's own days and hours. */
function UsualLine({ usual }: { usual: UsualSeries }) {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const minutes = -new Date().getTimezoneOffset();
    if (minutes % 60 === 0 && minutes !== 0) setOffset(minutes / 60);
  }, []);
  const text = usualOnlineText(usual, offset ?? 0);
  if (!text) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-ink-soft">
      <ClockIcon />
      <span>
        Usually online <span className="font-semibold text-ink tabular-nums">{text}</span>{" "}
        <span className="text-ink-muted">{offset === null ? "UTC" : "your time"}</span>
      </span>
    </p>
  );
}

/** A nickname as a chip to this site's page for it, with the camsite's mark and a dot when she is live there. */
function NicknameChip({ nickname: n, logo }: { nickname: Nickname; logo: string | null }) {
  const status = liveStatusOf(n.activity_status_id, n.cam_site_id);
  return (
    <li>
      <Link
        to={`/${n.cam_site.slug}/model/${encodeURIComponent(n.nickname)}`}
        className="inline-flex max-w-full items-center gap-2 rounded-full border border-line bg-surface-muted py-1 pr-3 pl-1 text-sm hover:border-accent"
      >
        <CamsiteLogo camsite={{ name: n.cam_site.name, logo_path: logo }} size={22} />
        <span className="truncate font-medium text-ink">{n.nickname}</span>
        <span className="text-ink-muted">{n.cam_site.name}</span>
        {status.streaming && (
          <span className="size-2 rounded-full bg-live" title={status.label}>
            <span className="sr-only">{status.label}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

function Actions({ model }: { model: ModelProfile }) {
  const can = model.can;
  const pending = model.verification.my_request_status === "pending";
  if (
    !can.edit &&
    !can.change_visibility &&
    !can.block &&
    !can.verify &&
    !pending &&
    !can.edit_content &&
    !can.bind
  )
    return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-line-soft px-4 py-3 sm:px-6">
      {can.edit && (
        <Button to={`/models/${model.slug}/edit`} variant="secondary" size="sm">
          ✎ Edit profile
        </Button>
      )}
      {(can.change_visibility || can.block) && (
        <Button to={`/models/${model.slug}/edit#privacy`} variant="secondary" size="sm">
          Privacy and blocks
        </Button>
      )}
      {can.verify && (
        <Button to={`/models/${model.slug}/verify`} variant="secondary" size="sm">
          This is me — verify
        </Button>
      )}
      {pending && (
        <span className="rounded-md bg-surface-muted px-3 py-1.5 text-sm text-ink-soft">
          Your verification is waiting for an admin
        </span>
      )}
      {(can.edit_content || can.bind) && (
        <Button to={`/admin/models/${model.id}`} variant="secondary" size="sm">
          Admin edit
        </Button>
      )}
    </div>
  );
}

function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4 shrink-0 text-ink-muted"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="10" cy="10" r="7.5" />
      <path d="M10 6v4l2.5 2" />
    </svg>
  );
}
