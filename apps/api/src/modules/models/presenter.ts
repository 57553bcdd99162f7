import type { ModelCardRow, ModelDetailRow, NicknameRow } from "@camatlas/db";
import {
  ageFromBirthday,
  blurPlaceholder,
  findCamsiteById,
  findCountry,
  modelUrlFor,
  NICKNAME_PLACEHOLDER,
} from "@camatlas/shared";
import type {
  ModelAbilities,
  ModelCard,
  ModelProfile,
  NicknameSummary,
} from "@camatlas/shared/schemas/model-card";

type ModelBlock = NonNullable<ModelProfile["blocks"]>[number];

/**
 * The performer's page on her camsite, from the camsite's stored (admin-editable) model_url_template; names are
 * lowercased where the camsite only knows lowercase names (Chaturbate, spec §9). Empty without a usable template.
 */
export function nicknameUrl(camSiteId: number, template: string | null, nickname: string): string {
  if (!template?.includes(NICKNAME_PLACEHOLDER)) return "";
  const lowercaseModelNames = findCamsiteById(camSiteId)?.lowercaseModelNames ?? false;
  return modelUrlFor({ modelUrlTemplate: template, lowercaseModelNames }, nickname);
}

export function presentNickname(row: NicknameRow): NicknameSummary {
  return {
    id: row.id,
    nickname: row.nickname,
    type: row.type,
    activity_status_id: row.activityStatusId,
    last_activity: row.lastActivityAt?.toISOString() ?? null,
    cam_site_id: row.camSiteId,
    cam_site: { id: row.camSiteId, name: row.camSiteName, slug: row.camSiteSlug },
    url: nicknameUrl(row.camSiteId, row.modelUrlTemplate, row.nickname),
  };
}

/**
 * Picks the public fields of a model; country and age disappear when the model hides them — except for callers
 * who manage her privacy (`showPrivate`: her bound camgirl and admins, see presentModelProfile).
 */
export function presentModelCard(
  row: Omit<ModelCardRow, "gender" | "createdAt" | "pageVisibleFor">,
  nicknames: NicknameRow[],
  now = new Date(),
  showPrivate = false,
): ModelCard {
  const hidden = row.isCountryAgeHidden && !showPrivate;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    avatar_path: row.avatarPath ? `/media/${row.avatarPath}` : null,
    avatar_placeholder: row.avatarPath ? blurPlaceholder(row.avatarBlurhash) : null,
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

export interface ProfileParts {
  nicknames: NicknameRow[];
  tags: { id: number; name: string; slug: string }[];
  links: {
    id: number;
    label: string;
    url: string;
    category: ModelLinkReply["category"];
    contains: ModelLinkReply["contains"];
  }[];
  blocks: { id: number; blockableType: "country" | "state" | "ip"; location: string }[] | null;
  content: {
    isPublic: boolean;
    generatedText: string | null;
    uniqueText: string | null;
    isUniqueTextUsed: boolean;
  } | null;
  userRating: number | null;
  myVerificationStatus: "pending" | "approved" | "rejected" | null;
  abilities: ModelAbilities;
}

type ModelLinkReply = ModelProfile["links"][number];
type BlockRow = NonNullable<ProfileParts["blocks"]>[number];

/** A geo or IP block of a model (shown to her and admins). */
export function presentModelBlock(row: BlockRow): ModelBlock {
  return { id: row.id, blockable_type: row.blockableType, location: row.location };
}

/** Who may see a model's page and what her stats page hides. */
export function presentVisibilitySettings(
  row: Pick<
    ModelDetailRow,
    | "pageVisibleFor"
    | "isCountryAgeHidden"
    | "isStatsPageLastActivityHidden"
    | "isStatsPagePastNicknamesHidden"
    | "statsPageActivityGraphDetailsStatus"
    | "isStatsPageLongestSessionsHidden"
  >,
): ModelProfile["visibility_settings"] {
  return {
    page_visible_for: row.pageVisibleFor,
    is_country_age_hidden: row.isCountryAgeHidden,
    is_stats_page_last_activity_hidden: row.isStatsPageLastActivityHidden,
    is_stats_page_past_nicknames_hidden: row.isStatsPagePastNicknamesHidden,
    stats_page_activity_graph_details_status: row.statsPageActivityGraphDetailsStatus,
    is_stats_page_longest_sessions_hidden: row.isStatsPageLongestSessionsHidden,
  };
}

/** The text shown under Basic Info: the unique text when chosen, else the generated one (when public). */
export function descriptionOf(content: ProfileParts["content"]): string | null {
  if (!content?.isPublic) return null;
  if (content.isUniqueTextUsed && content.uniqueText) return content.uniqueText;
  return content.generatedText;
}

/** "City, Country" of a model; null when she hides it or nothing is known. */
export function locationOf(country: string | null, city: string | null): string | null {
  const countryName = findCountry(country)?.name ?? null;
  const parts = [city, countryName].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(", ") : null;
}

/** The full profile: card fields, then what the profile tabs need, then what the caller may do. */
export function presentModelProfile(
  row: ModelDetailRow,
  parts: ProfileParts,
  now = new Date(),
): ModelProfile {
  // is_country_age_hidden hides these from other viewers; whoever may change it (bound camgirl, admin) sees them.
  const showPrivate = parts.abilities.change_visibility;
  const hidden = row.isCountryAgeHidden && !showPrivate;
  return {
    ...presentModelCard(row, parts.nicknames, now, showPrivate),
    display_name: row.displayName,
    about: row.about,
    is_indexed_search_robots: row.isIndexedSearchRobots,
    birthday: hidden ? null : row.birthday,
    region: hidden ? null : row.region,
    gender: row.gender,
    location: hidden ? null : locationOf(row.country, row.city),
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    avatar_media_id: row.avatarMediaId,
    description: descriptionOf(parts.content),
    is_unique_text_used: parts.content?.isUniqueTextUsed ?? false,
    tags: parts.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
    links: parts.links.map((l) => ({
      id: l.id,
      label: l.label,
      url: l.url,
      category: l.category,
      contains: l.contains,
    })),
    visibility_settings: presentVisibilitySettings(row),
    blocks: parts.blocks?.map(presentModelBlock) ?? null,
    user: row.userId !== null ? { id: row.userId, nick_name: row.userNickName ?? "" } : null,
    verification: { is_verified: row.userId !== null, my_request_status: parts.myVerificationStatus },
    is_user_voted: parts.userRating !== null,
    user_rating: parts.userRating,
    moderation_state: row.moderationState,
    has_unchecked_revisions: row.hasUncheckedRevisions,
    forbid_avatar_changes: row.forbidAvatarChanges,
    // Whether the model is shown on the site at all: only for those who may set it (PUT /admin/models).
    is_visible: parts.abilities.edit_directly ? row.isVisible : null,
    can: parts.abilities,
  };
}
