import type { FollowRow, listModelCardsByIds } from "@camatlas/db";
import type { FollowAlerts, FollowedModel, FollowStateReply } from "@camatlas/shared/api-contract";
import { isOnlineStatus } from "@camatlas/shared/stats";
import { presentModelCard } from "../models/presenter.ts";

type Cards = Awaited<ReturnType<typeof listModelCardsByIds>>;

export function presentFollowAlerts(row: FollowRow): FollowAlerts {
  return { muted: row.alertsMuted, each_session: row.eachSession, show_changes: row.showChanges };
}

export function followStateOf(
  follow: FollowRow | null,
  followersCount: number,
  signedIn: boolean,
): FollowStateReply {
  return {
    following: follow !== null,
    followers_count: followersCount,
    alerts: follow ? presentFollowAlerts(follow) : null,
    can: { follow: signedIn },
  };
}

export function followedModelOf(
  row: Cards["rows"][number],
  nicknames: Cards["nicknames"],
  follow: FollowRow,
): FollowedModel {
  const model = presentModelCard(row, nicknames);
  return {
    model,
    is_online: model.nicknames.some((n) => isOnlineStatus(n.activity_status_id)),
    followed_at: follow.createdAt.toISOString(),
    alerts: presentFollowAlerts(follow),
  };
}
