import { formatDuration } from "@camatlas/shared";
import type { StatsNicknameCard } from "@camatlas/shared/schemas/stats";
import { Link } from "react-router";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { longDay } from "./chart-math.ts";
import { statsPath } from "./stats-paths.ts";

/** "Online now on MyFreeCams" (streaming) or the current status, for lists and the model profile. */
export function OnlineBadge({
  isOpen,
  isStreaming,
  statusName,
  camsiteName,
}: {
  isOpen: boolean;
  isStreaming: boolean;
  statusName: string;
  camsiteName: string;
}) {
  if (isStreaming)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-live-soft px-2 py-0.5 text-xs font-semibold text-live ring-1 ring-live/30">
        <span
          aria-hidden="true"
          className="h-2 w-2 animate-pulse rounded-full bg-live motion-reduce:animate-none"
        />
        Online now on {camsiteName}
        {statusName !== "Free chat" && ` · ${statusName}`}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${isOpen ? "bg-warning" : "bg-ink-faint"}`} />
      {statusName}
    </span>
  );
}

/** One stats nickname in a list: name, camsite, live state, last activity and (top lists) time online. */
export function StatsNicknameRow({
  nickname,
  secondsOnline,
}: {
  nickname: StatsNicknameCard;
  secondsOnline?: number;
}) {
  return (
    <li className="flex items-center gap-3 py-2">
      {nickname.avatar_path ? (
        <BlurImage
          src={nickname.avatar_path}
          placeholder={nickname.avatar_placeholder}
          alt=""
          width={40}
          height={40}
          className="h-10 w-10 rounded-full object-cover"
          loading="lazy"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-accent"
        >
          {nickname.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={statsPath(nickname.cam_site.slug, nickname.name)}
            className="truncate font-semibold text-ink hover:text-accent hover:underline"
          >
            {nickname.name}
          </Link>
          <OnlineBadge
            isOpen={nickname.is_open}
            isStreaming={nickname.is_streaming}
            statusName={nickname.activity_status.name}
            camsiteName={nickname.cam_site.name}
          />
        </p>
        <p className="text-xs text-ink-faint">
          {nickname.cam_site.name}
          {nickname.related_model && <> · {nickname.related_model.name}</>}
          {!nickname.is_open && nickname.last_activity && (
            <> · last online {longDay(nickname.last_activity)}</>
          )}
        </p>
      </div>
      {secondsOnline !== undefined && (
        <span className="text-sm font-semibold tabular-nums text-ink">{formatDuration(secondsOnline)}</span>
      )}
    </li>
  );
}
