import type { StatsNicknameListRow } from "@camatlas/db/queries/stats-read-lists";
import {
  activityStatusName,
  findCamsiteById,
  isStreaming,
  modelUrlFor,
  OFFLINE_STATUS_ID,
} from "@camatlas/shared";
import type { StatsNicknameCard } from "@camatlas/shared/schemas/stats";
import type { MediaStorage } from "../media/storage.ts";

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
    related_model:
      row.modelId !== null && row.modelName !== null && row.modelSlug !== null
        ? { id: row.modelId, name: row.modelName, slug: row.modelSlug }
        : null,
    url: profileUrl(row.camSiteId, row.nickname),
  };
}
