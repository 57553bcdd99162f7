import { FOLLOW_MESSAGES, utcDateShortDay } from "@camatlas/shared";
import type { FollowedModel } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { liveStatusOf } from "../catalog/catalog-labels.ts";
import { FollowButton } from "./follow-button.tsx";
import { MuteAlertsButton } from "./mute-alerts-button.tsx";

/** Where she is online now ("MyFreeCams: Private"), one entry per camsite nickname that is not offline. */
export function onlinePlaces(followed: FollowedModel) {
  return followed.model.nicknames
    .filter((n) => n.activity_status_id !== 100)
    .map((n) => ({
      id: n.id,
      camsite: n.cam_site.name,
      status: liveStatusOf(n.activity_status_id, n.cam_site_id).label,
      url: n.url,
    }));
}

function lastSeenText(iso: string | null): string {
  if (!iso) return "Not seen online yet";
  return `Last online ${utcDateShortDay(new Date(iso))}`;
}

/** One model on the Following page: her picture and name, where she is online now, unfollow and mute. */
export function FollowedModelItem({ followed }: { followed: FollowedModel }) {
  const { model } = followed;
  const places = onlinePlaces(followed);
  return (
    <li className={cardClass({ className: "flex items-center gap-3" })}>
      <div className="relative size-14 shrink-0 overflow-hidden rounded-full bg-surface-muted">
        {model.avatar_path ? (
          <BlurImage
            src={model.avatar_path}
            placeholder={model.avatar_placeholder}
            alt=""
            width={56}
            height={56}
            className="size-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-full items-center justify-center font-bold text-accent"
          >
            {model.name.slice(0, 1)}
          </span>
        )}
        {followed.is_online && (
          <span
            aria-hidden="true"
            className="absolute right-0.5 bottom-0.5 size-3 rounded-full bg-live ring-2 ring-surface"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-ink">
          <Link to={`/models/${model.slug}`} className="hover:underline">
            {model.name}
          </Link>
        </h2>
        {places.length > 0 ? (
          <p className="text-sm text-live">
            <span className="font-medium">{FOLLOW_MESSAGES.onlineNow}:</span>{" "}
            {places.map((p, i) => (
              <span key={p.id}>
                {i > 0 && ", "}
                {p.url ? (
                  <a href={p.url} rel="nofollow noopener" target="_blank" className="underline">
                    {p.camsite}
                  </a>
                ) : (
                  p.camsite
                )}{" "}
                <span className="text-ink-muted">({p.status})</span>
              </span>
            ))}
          </p>
        ) : (
          <p className="text-sm text-ink-muted">{lastSeenText(model.last_activity)}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
        <MuteAlertsButton modelId={model.id} modelName={model.name} muted={followed.alerts.muted} />
        <FollowButton
          modelId={model.id}
          modelName={model.name}
          following
          signedIn
          returnTo="/following"
          size="xs"
        />
      </div>
    </li>
  );
}
