import type { SnapshotRow, StatsNicknameListRow } from "@camatlas/db";
import {
  activityStatusName,
  blurPlaceholder,
  findCamsiteById,
  isStreaming,
  modelUrlFor,
  OFFLINE_STATUS_ID,
} from "@camatlas/shared";
import type {
  StatsBadge,
  StatsNickname,
  StatsNicknameCard,
  StatsSnapshot,
} from "@camatlas/shared/schemas/stats";
import type { MediaStorage } from "../media/storage.ts";
import type { LoadedStatsNickname, NicknameFigures } from "./service.ts";

export function camSiteRef(camSiteId: number) {
  const camsite = findCamsiteById(camSiteId);
  return {
    id: camSiteId,
    name: camsite?.name ?? String(camSiteId),
    slug: camsite?.slug ?? String(camSiteId),
  };
}

export function statusRef(statusId: number, camSiteId: number) {
  return { id: statusId, name: activityStatusName(statusId, camSiteId) };
}

export function profileUrl(camSiteId: number, nickname: string): string {
  const camsite = findCamsiteById(camSiteId);
  return camsite ? modelUrlFor(camsite, nickname) : "";
}

/** A stats nickname in lists; last activity is left out when her model hides it. */
export function presentStatsCard(
  row: StatsNicknameListRow,
  storage: Pick<MediaStorage, "publicUrl">,
  viewer: { isAdmin: boolean; userId: number | null },
): StatsNicknameCard {
  const own = viewer.userId !== null && row.modelUserId === viewer.userId;
  const hideLast = row.lastActivityHidden && !viewer.isAdmin && !own;
  return {
    id: row.id,
    name: row.nickname,
    display_name: row.name,
    cam_site_id: row.camSiteId,
    cam_site: camSiteRef(row.camSiteId),
    is_open: row.activityStatusId !== OFFLINE_STATUS_ID,
    activity_status: statusRef(row.activityStatusId, row.camSiteId),
    is_streaming: isStreaming(row.activityStatusId),
    last_activity: hideLast ? null : row.lastActivityAt,
    avatar_path: row.avatarPath ? storage.publicUrl(row.avatarPath) : null,
    avatar_placeholder: row.avatarPath ? blurPlaceholder(row.avatarBlurhash) : null,
    related_model:
      row.modelId !== null && row.modelName !== null && row.modelSlug !== null
        ? { id: row.modelId, name: row.modelName, slug: row.modelSlug }
        : null,
    url: profileUrl(row.camSiteId, row.nickname),
  };
}

export function presentSnapshot(r: SnapshotRow, storage: Pick<MediaStorage, "publicUrl">): StatsSnapshot {
  return {
    id: r.id,
    url: r.mediaPath ? storage.publicUrl(r.mediaPath) : r.url,
    topic: r.topic,
    width: r.width,
    height: r.height,
    taken_at: r.takenAt,
    placeholder: blurPlaceholder(r.blurhash),
  };
}

/** Badges 1–15, each earned or not (a miss is not an earning). */
export function presentBadges(
  rows: ReadonlyArray<{ badgeId: number; missed: boolean; earnedAt: string; period: string }>,
) {
  return Array.from({ length: 15 }, (_, i): StatsBadge => {
    const badgeId = i + 1;
    const earned = rows.find((r) => r.badgeId === badgeId && !r.missed);
    return {
      badge_id: badgeId,
      earned: Boolean(earned),
      earned_at: earned?.earnedAt ?? null,
      period: earned?.period || null,
    };
  });
}

/**
 * Spec §3 Stats nickname: her figures over the range; country, age and last activity as her model's settings let
 * this caller see them.
 */
export function presentStatsNickname(
  loaded: LoadedStatsNickname,
  figures: NicknameFigures,
  storage: Pick<MediaStorage, "publicUrl">,
): StatsNickname {
  const { camsite, nickname: n, visibility } = loaded;
  const { settings, totals, coverage } = figures;
  const m = n.model;
  const mentionOf = new Map(figures.mentions.map((x) => [x.nickname, x]));
  const hideCountryAge = visibility.applied && (m?.isCountryAgeHidden ?? false);
  const mfc = camsite.capabilities.badgesMissesCamscore;
  return {
    id: n.id,
    name: n.nickname,
    display_name: n.name,
    created_at: n.createdAt,
    birthday: hideCountryAge ? null : (m?.birthday ?? null),
    country: hideCountryAge ? null : (m?.country ?? null),
    city: hideCountryAge ? null : (m?.city ?? null),
    avatar_path: m?.avatarPath ? storage.publicUrl(m.avatarPath) : null,
    avatar_placeholder: m?.avatarPath ? blurPlaceholder(m.avatarBlurhash) : null,
    related_model: m ? { id: m.id, name: m.name, slug: m.slug } : null,
    is_open: n.activityStatusId !== OFFLINE_STATUS_ID,
    is_streaming: isStreaming(n.activityStatusId),
    cam_site_id: camsite.id,
    cam_site: camSiteRef(camsite.id),
    url: profileUrl(camsite.id, n.nickname),
    same_nicknames: figures.sameNames.map((s) => ({
      id: s.id,
      name: s.nickname,
      cam_site: camSiteRef(s.camSiteId),
    })),
    is_user_voted: figures.voted,
    last_activity:
      settings.lastActivityHidden || n.lastActivityAt === null
        ? null
        : {
            id: n.id,
            updated_at:
              n.activityStatusId !== OFFLINE_STATUS_ID
                ? (n.lastSeenAt ?? n.lastActivityAt)
                : n.lastActivityAt,
            activity_status: statusRef(n.activityStatusId, camsite.id),
          },
    review: null,
    user_id: m?.userId ?? null,
    snap_flag: camsite.capabilities.liveSnap,
    viewer_summary: {
      average: totals.viewersAverage === null ? null : Math.round(totals.viewersAverage * 10) / 10,
      max: totals.viewersMax,
      days: totals.viewerDays,
    },
    camscore_summary: mfc
      ? {
          current: totals.camscoreCurrent,
          highest: totals.camscoreHighest,
          rank: totals.rankCurrent || null,
        }
      : null,
    time_summary: {
      seconds_online: figures.time.secondsOnline,
      sessions: figures.time.sessions,
      days_online: figures.time.daysOnline,
      longest_session_seconds: figures.time.longestSeconds,
      time_zone: figures.time.timeZone,
    },
    nickname_with_stats: figures.siblings.map((s) => ({
      id: s.id,
      name: s.nickname,
      cam_site: camSiteRef(s.camSiteId),
    })),
    indexed_live_snap_images: (figures.snapshots?.rows ?? []).map((r) => presentSnapshot(r, storage)),
    past_nicknames: (figures.changes?.rows ?? []).map((r) => ({
      name: r.oldNickname,
      changed_at: r.changedAt,
    })),
    related_cwsw: figures.cwswRows
      .map((r) => {
        const mention = mentionOf.get(r.nickname.toLowerCase());
        return {
          id: r.id,
          name: r.nickname,
          cam_site: camSiteRef(r.camSiteId),
          related_model:
            r.modelId !== null && r.modelName !== null && r.modelSlug !== null
              ? { id: r.modelId, name: r.modelName, slug: r.modelSlug }
              : null,
          mentions: mention?.mentions ?? 0,
          last_seen_together: mention?.lastAt ?? "",
        };
      })
      .sort((a, b) => b.mentions - a.mentions),
    capabilities: {
      live_snap: camsite.capabilities.liveSnap,
      nickname_changes: camsite.capabilities.nicknameChanges,
      tips: camsite.capabilities.tips,
      stats_summary: camsite.capabilities.statsSummary,
      last_topics: camsite.capabilities.lastTopics,
      badges_misses_camscore: mfc,
    },
    visibility,
    coverage,
  };
}
