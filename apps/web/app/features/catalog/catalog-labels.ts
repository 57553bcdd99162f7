import {
  activityStatusName,
  isStreaming,
  LINK_CATEGORIES,
  type LinkCategory,
  type LinkContains,
  type NicknameType,
  OFFLINE_STATUS_ID,
  utcDate,
  utcDateOf,
} from "@camatlas/shared";

// Labels and small derived values the catalog pages show (pure, unit-tested).

export const NICKNAME_TYPE_LABELS: Readonly<Record<NicknameType, string>> = {
  solo: "Solo",
  couple: "Couple",
  lesbians: "Lesbians",
};

export const LINK_CATEGORY_LABELS: Readonly<Record<LinkCategory, string>> = {
  official_site: "Official site",
  social_network: "Social networks",
  wish_list: "Wish lists",
  review: "Reviews",
  gallery: "Galleries",
  other: "Other",
};

export const LINK_CONTAINS_LABELS: Readonly<Record<LinkContains, string>> = {
  text_only: "Text only",
  gallery_photo: "Photos",
  gallery_video: "Videos",
  gallery_photo_and_video: "Photos and videos",
};

export const REPORT_REASON_LABELS = {
  wrong_data: "Wrong data",
  fake: "Fake profile",
  account_closed: "Account closed",
} as const;

export const PAGE_VISIBLE_FOR_LABELS = {
  everyone: "Everyone",
  only_registered_users: "Only registered users",
  only_model_and_admin: "Only me and the admins",
} as const;

export const GRAPH_DETAILS_LABELS = {
  show_all_data: "Show all data",
  show_only_total_time_online: "Show only the total time online",
  hide_graph: "Hide the graph",
} as const;

export const BLOCK_TYPE_LABELS = {
  country: "Country",
  state: "State or region",
  ip: "IP address or range",
} as const;

export interface LiveStatus {
  streaming: boolean;
  /** The status in the camsite's own words ("Offline" when nothing is known, spec §4). */
  label: string;
}

/** Spec §4: a nickname is offline by default; she is streaming unless on break, away or offline. */
export function liveStatusOf(
  activityStatusId: number | null | undefined,
  camSiteId?: number | null,
): LiveStatus {
  const id = activityStatusId ?? OFFLINE_STATUS_ID;
  return { streaming: isStreaming(id), label: activityStatusName(id, camSiteId) };
}

/** Links grouped by category, in the spec's category order; empty groups are left out. */
export function groupLinks<T extends { category: LinkCategory }>(
  links: readonly T[],
): Array<{ category: LinkCategory; label: string; links: T[] }> {
  return LINK_CATEGORIES.map((category) => ({
    category,
    label: LINK_CATEGORY_LABELS[category],
    links: links.filter((link) => link.category === category),
  })).filter((group) => group.links.length > 0);
}

/** "4.5" — the average rating with one decimal; "–" before the first vote. */
export function ratingText(rating: number, votes: number): string {
  return votes > 0 ? rating.toFixed(1) : "–";
}

/** Thousands separators in en-US (spec §9 default locale). */
export { formatCount } from "@camatlas/shared";

/** Spec §9: dates as MMM dd, yyyy, in UTC. */
export function formatDate(value: string | null | undefined): string {
  const date = value ? utcDateOf(value) : null;
  return date ? utcDate(date) : "";
}
