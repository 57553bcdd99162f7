// The forum's named values: who may post in a category, a post's moderation state, report reasons, limits and the
// page size. Used by the database schema, the API's schemas and the web's forms alike.

/** Who may start topics and reply in a category: every signed-in member, or admins only (announcements). */
export const FORUM_POSTING_ACCESS = ["members", "admins"] as const;
export type ForumPostingAccess = (typeof FORUM_POSTING_ACCESS)[number];

/** A post (and a topic, through its first post): shown, held for an admin's approval, or refused by one. */
export const FORUM_POST_STATUSES = ["published", "pending", "rejected"] as const;
export type ForumPostStatus = (typeof FORUM_POST_STATUSES)[number];

export const FORUM_REPORT_REASONS = ["spam", "abuse", "off_topic", "illegal", "other"] as const;
export type ForumReportReason = (typeof FORUM_REPORT_REASONS)[number];

export const FORUM_REPORT_REASON_LABELS: Record<ForumReportReason, string> = {
  spam: "Spam or advertising",
  abuse: "Harassment or abuse",
  off_topic: "Off topic",
  illegal: "Illegal content",
  other: "Something else",
};

export const FORUM_REPORT_STATUSES = ["pending", "resolved", "dismissed"] as const;
export type ForumReportStatus = (typeof FORUM_REPORT_STATUSES)[number];

export const FORUM_LIMITS = {
  title: { min: 1, max: 150 },
  body: { min: 1, max: 20_000 },
  categoryTitle: 100,
  categorySlug: 100,
  categoryDescription: 500,
  tag: 30,
  tags: 5,
  linkedModels: 5,
  linkedCamsites: 5,
  attachments: 5,
  reportNote: 500,
  banReason: 500,
  /** Topics a new account (younger than a day) may start. */
  newAccountTopicsPerDay: 3,
  /** How long an account counts as new, in hours. */
  newAccountHours: 24,
} as const;

/** Posts per page of a topic, topics per page of a category (Discourse-like thread pages). */
export const FORUM_PAGE_SIZE = {
  posts: 20,
  topics: 20,
  profileItems: 10,
  modelTopics: 10,
  adminQueue: 20,
} as const;

/** Notification types the forum sends (notifications.type). */
export const FORUM_NOTIFICATION_TYPES = {
  reply: "forum_reply",
  mention: "forum_mention",
  quote: "forum_quote",
} as const;

/** The setting row holding the forum's moderation switches (settings.name). */
export const FORUM_SETTING_NAME = "forum";
