import type { ModelCardRow, NicknameRow } from "@camatlas/db";
import { ageFromBirthday, findCamsiteById, modelUrlFor } from "@camatlas/shared";
import type { ModelCard, NicknameSummary } from "@camatlas/shared/schemas/model-card";

export function presentNickname(row: NicknameRow): NicknameSummary {
  const camsite = findCamsiteById(row.camSiteId);
  return {
    id: row.id,
    nickname: row.nickname,
    type: row.type,
    activity_status_id: row.activityStatusId,
    last_activity: row.lastActivityAt?.toISOString() ?? null,
    cam_site_id: row.camSiteId,
    cam_site: { id: row.camSiteId, name: row.camSiteName, slug: row.camSiteSlug },
    url: camsite ? modelUrlFor(camsite, row.nickname) : "",
  };
}

/** Picks the public fields of a model; country and age disappear when the model hides them. */
export function presentModelCard(row: ModelCardRow, nicknames: NicknameRow[], now = new Date()): ModelCard {
  const hidden = row.isCountryAgeHidden;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    avatar_path: row.avatarPath ? `/media/${row.avatarPath}` : null,
    age: !hidden && row.birthday ? ageFromBirthday(row.birthday, now) : null,
    country: hidden ? null : row.country,
    city: hidden ? null : row.city,
    rating: Math.round(row.rating * 100) / 100,
    rating_votes: row.ratingVotes,
    last_activity: row.lastActivityAt?.toISOString() ?? null,
    is_verified: row.userId !== null,
    nicknames: nicknames.filter((n) => n.modelId === row.id).map(presentNickname),
  };
}
