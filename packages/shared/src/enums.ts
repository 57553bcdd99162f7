// The spec's closed value sets (§3, §4, §5), defined here once: arrays feed zod enums and the database schema's
// text enums (packages/db/src/schema builds its columns from them); the types derive from them.

export const GENDERS = ["male", "female", "unknown"] as const;
export type Gender = (typeof GENDERS)[number];
export const DEFAULT_GENDER: Gender = "unknown";

/** A model's gender (models.gender); a user's is one of GENDERS. */
export const MODEL_GENDERS = ["female", "male", "trans", "couple", "unknown"] as const;
export type ModelGender = (typeof MODEL_GENDERS)[number];

export const NICKNAME_TYPES = ["solo", "couple", "lesbians"] as const;
export type NicknameType = (typeof NICKNAME_TYPES)[number];

export const LINK_CATEGORIES = [
  "official_site",
  "social_network",
  "wish_list",
  "review",
  "gallery",
  "other",
] as const;
export type LinkCategory = (typeof LINK_CATEGORIES)[number];

export const LINK_CONTAINS = [
  "text_only",
  "gallery_photo",
  "gallery_video",
  "gallery_photo_and_video",
] as const;
export type LinkContains = (typeof LINK_CONTAINS)[number];

export const BLOCK_TYPES = ["country", "state", "ip"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const PAGE_VISIBLE_FOR = ["everyone", "only_registered_users", "only_model_and_admin"] as const;
export type PageVisibleFor = (typeof PAGE_VISIBLE_FOR)[number];
export const DEFAULT_PAGE_VISIBLE_FOR: PageVisibleFor = "everyone";

export const STATS_GRAPH_DETAILS_STATUSES = [
  "show_all_data",
  "show_only_total_time_online",
  "hide_graph",
] as const;
export type StatsGraphDetailsStatus = (typeof STATS_GRAPH_DETAILS_STATUSES)[number];
export const DEFAULT_STATS_GRAPH_DETAILS_STATUS: StatsGraphDetailsStatus = "show_all_data";

/** Moderation of a submitted link, nickname removal, verification claim, revision or report. */
export const DECISION_STATUSES = ["pending", "approved", "rejected"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const MODEL_REPORT_REASONS = ["wrong_data", "fake", "account_closed"] as const;
export type ModelReportReason = (typeof MODEL_REPORT_REASONS)[number];

/** A model is "new" until first approved, then "changed" while a revision waits for moderation. */
export const MODERATION_STATES = ["new", "changed"] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** The orders of the model list (GET /models order_by). */
export const MODEL_ORDERS = ["rating", "last_activity", "newest", "name"] as const;
export type ModelOrder = (typeof MODEL_ORDERS)[number];

export const USER_REVIEW_STATUSES = ["pending", "approved", "rejected", "hidden_by_model"] as const;
export type UserReviewStatus = (typeof USER_REVIEW_STATUSES)[number];
/** Statuses that count as approved (spec §4); pending and rejected reviews are not shown. */
export const APPROVED_REVIEW_STATUSES = [
  "approved",
  "hidden_by_model",
] as const satisfies readonly UserReviewStatus[];

export function isApprovedReviewStatus(status: string | null | undefined): boolean {
  return (APPROVED_REVIEW_STATUSES as readonly string[]).includes(status ?? "");
}

/** Only Complete and Error are final (spec §4); the client polls while any other status is reported. */
export const VIDEO_PROCESSING_STATUSES = ["Queued", "Processing", "Complete", "Error"] as const;
export type VideoProcessingStatus = (typeof VIDEO_PROCESSING_STATUSES)[number];
export const FINISHED_VIDEO_PROCESSING_STATUSES = [
  "Complete",
  "Error",
] as const satisfies readonly VideoProcessingStatus[];

export function isVideoProcessingFinished(status: string | null | undefined): boolean {
  return (FINISHED_VIDEO_PROCESSING_STATUSES as readonly string[]).includes(status ?? "");
}

export const STORY_STATES = ["unpublished", "published", "archived"] as const;
export type StoryState = (typeof STORY_STATES)[number];

/**
 * What a comment hangs on; commentable_id points into the zone's table (decision 0015): models, user reviews
 * (user_reviews), editorial reviews, blog and news (posts), users' pages (users), stories, forum topics and a
 * camsite nickname's stats page (nicknames).
 */
export const COMMENT_ZONES = [
  "model",
  "user_review",
  "post",
  "profile",
  "story",
  "topic",
  "stats_nickname",
] as const;
export type CommentZone = (typeof COMMENT_ZONES)[number];

/** A comment report waits for an admin, who resolves it (hiding or deleting the comment, or not). */
export const COMMENT_REPORT_STATUSES = ["pending", "resolved"] as const;
export type CommentReportStatus = (typeof COMMENT_REPORT_STATUSES)[number];

export const POST_TYPES = ["review", "blog", "news"] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_STATUSES = ["draft", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const APP_ENVS = ["development", "staging", "production"] as const;
export type AppEnv = (typeof APP_ENVS)[number];
/** Environment ranks used by feature flags (spec §4). */
export const APP_ENV_RANK: Readonly<Record<AppEnv, number>> = { development: 1, staging: 2, production: 3 };

/**
 * What a media record is for, so storage folders and size rules can differ: one per upload endpoint (spec §7; POST
 * /media stores "other", the column's default), plus the images the site makes itself (camsite logos, settings
 * images, snapshots).
 */
export const MEDIA_KINDS = [
  "avatar",
  "comment_attachment",
  "featured_model",
  "user_review",
  "verification_image",
  "story",
  "camsite_logo",
  "setting_image",
  "snapshot",
  "other",
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** media.meta.type */
export const MEDIA_TYPES = ["image", "video"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const OAUTH_SERVICES = ["google", "twitter"] as const;
export type OAuthService = (typeof OAUTH_SERVICES)[number];

/** Values of the adblock_flag cookie (spec §3). */
export const ADBLOCK_FLAG_VALUES = ["enable", "disable"] as const;
export type AdblockFlagValue = (typeof ADBLOCK_FLAG_VALUES)[number];

/** Badge icons exist for badge ids 1–15 (spec §9). */
export const BADGE_ICON_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;

export function hasBadgeIcon(badgeId: number): boolean {
  return (BADGE_ICON_IDS as readonly number[]).includes(badgeId);
}

/** Narrow an unknown string to a member of one of the arrays above. */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === "string" && values.includes(value);
}

/** Where an admin-created page is linked from the site's shell: nowhere, the header menu or the footer. */
export const PAGE_NAV_PLACEMENTS = ["none", "header", "footer"] as const;
export type PageNavPlacement = (typeof PAGE_NAV_PLACEMENTS)[number];
/** Pages in one place are listed by this order (lowest first), then by title. */
export const PAGE_NAV_POSITION_MAX = 999;
