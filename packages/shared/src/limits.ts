// Named limits (spec §5, §9) used by zod schemas, maxLength attributes and column sizes alike.

const SECONDS_PER_DAY = 24 * 60 * 60;

export const IMAGE_UPLOAD_MAX_BYTES = 5_251_072;

/** Row ids are PostgreSQL `integer`s: 1 … 2³¹−1. A bigger id names no row, and must never reach a query. */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * Request body limits, in bytes (413 past them). JSON bodies get the small default; a route whose schema allows long
 * texts declares a larger one (characters × 4 for UTF-8, plus room for the other fields). Uploads and ingest declare
 * their own from their payload limits.
 */
export const BODY_LIMITS = {
  json: 64 * 1024,
  /** Texts up to ~20,000 characters: model content, a tag's page, client error stacks. */
  longText: 128 * 1024,
  /** Documents up to 100,000 characters: static pages, camsite SEO texts, settings. */
  document: 512 * 1024,
} as const;
export const IMAGE_TYPES = ["jpg", "jpeg", "png", "webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** For `accept` attributes on file inputs. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_TYPES.map((type) => `.${type}`)].join(",");

export const REVIEW_MIN_WORDS = 500;
export const REVIEW_IMAGE_MAX_BYTES = 2_625_536;
export const REVIEW_VIDEO_MAX_BYTES = 1_000_000_000;
/** The longest review video any review length allows (spec §9's top step), checked at upload after probing. */
export const REVIEW_VIDEO_MAX_SECONDS = 180;
/** A story video: at most a minute and this many bytes (the spec leaves both open; decision 0022). */
export const STORY_VIDEO_MAX_SECONDS = 60;
export const STORY_VIDEO_MAX_BYTES = 250_000_000;
/** Video containers accepted by content (sniffed): MP4/MOV (ISO BMFF) and WebM/MKV (Matroska). */
export const VIDEO_MIME_TYPES = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] as const;
/** For `accept` attributes on review and story file inputs: images and videos. */
export const VIDEO_ACCEPT = [...VIDEO_MIME_TYPES, ".mp4", ".m4v", ".mov", ".webm", ".mkv"].join(",");
export const REVIEW_NICKNAMES_LIMIT = 2;
/** Images one user review may carry (the spec leaves it open). */
export const REVIEW_IMAGES_MAX = 10;
/** Reviews removed by admin after which a user may not write another (spec §5). */
export const MAX_REMOVED_REVIEWS = 3;
export const HOW_TO_REVIEW_DESCRIPTION_LIMIT = 196;

export const MINIMUM_AGE = 18;

export const COOKIE_NAMES = {
  token: "token",
  userId: "user_id",
  role: "role",
  adblockFlag: "adblock_flag",
  ageGate: "age_gate",
  /** The chosen colour theme, light or dark (absent: dark, or light when the browser prefers it). */
  theme: "theme",
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

/** Cookie lifetimes in seconds (Max-Age). */
export const COOKIE_MAX_AGE = {
  token: 50 * 365 * SECONDS_PER_DAY,
  userId: 50 * 365 * SECONDS_PER_DAY,
  role: 50 * 365 * SECONDS_PER_DAY,
  adblockFlag: 30 * SECONDS_PER_DAY,
  ageGate: 30 * SECONDS_PER_DAY,
  theme: 365 * SECONDS_PER_DAY,
} as const satisfies Record<keyof typeof COOKIE_NAMES, number>;

export const AGE_GATE_COOKIE_VALUE = "18";

export const SNACKBAR_MS = 6000;
export const VIDEO_STATUS_POLL_MS = 5000;
/** Blur placeholders are decoded at 100 × 100 by default. */
export const BLUR_PLACEHOLDER_SIZE = 100;
export const EDITOR_HEIGHT = 500;

export const DEFAULT_LOCALE = "en-US";
export const DEFAULT_TIME_ZONE = "UTC";
/** date-fns style patterns (spec §9). */
export const DATE_FORMAT = "MMM dd, yyyy";
export const TIME_FORMAT = "hh:mm a";

export const ERROR_REPORTING = {
  /** Minimum interval between two reports of the same error. */
  rateLimitSeconds: 60,
  /** Breadcrumbs and events kept before the oldest are dropped. */
  bufferSize: 30,
} as const;
/** Attachments one comment upload may carry. */
export const COMMENT_ATTACHMENTS_MAX = 5;
/** Longest side of a re-encoded upload, in pixels (avatars are smaller). */
export const IMAGE_MAX_DIMENSION = 2560;
export const AVATAR_MAX_DIMENSION = 512;
/** Stories (spec §4): published at publish_at, archived this many hours later; scheduled within these bounds. */
export const STORY_LIFETIME_HOURS = 24;
export const STORY_PUBLISH_PAST_GRACE_SECONDS = 60;
export const STORY_SCHEDULE_MAX_DAYS = 30;
/** How long one image story shows in the viewer before it advances, in milliseconds. */
export const STORY_IMAGE_DURATION_MS = 5000;

/** Media fetched from a URL (SSRF-guarded): redirects followed, connect and whole-answer time-outs. */
export const MEDIA_URL_MAX_REDIRECTS = 5;
export const MEDIA_URL_CONNECT_TIMEOUT_MS = 5000;
export const MEDIA_URL_TOTAL_TIMEOUT_MS = 20_000;

/** Lifetime of a presigned upload URL, in seconds. */
export const PRESIGNED_UPLOAD_TTL_SECONDS = 15 * 60;
/** URLs per sitemap file (the sitemaps.org maximum). */
export const SITEMAP_MAX_ENTRIES = 50_000;
export const ERROR_REPORTING_IGNORED = ["Non-Error exception", "logMutedMessage", "ChunkLoadError"] as const;

/** Site user names: letters, digits, dot, underscore and dash, so they are safe in /profile/{nickname} URLs. */
export const NICK_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

// Text lengths, in characters. Database columns use the same numbers.
export const TEXT_LIMITS = {
  nickName: { min: 3, max: 32 },
  /** Names on camsites follow each site's rules, so only the length is bounded. */
  camsiteNickname: { min: 1, max: 64 },
  firstName: 100,
  lastName: 100,
  name: 100,
  city: 100,
  about: 5000,
  comment: 5000,
  url: 2048,
  email: 254,
  password: { min: 8, max: 128 },
  linkLabel: 100,
  tagName: 64,
  query: 200,
  orderBy: 64,
  title: 200,
  metaTitle: 200,
  metaDescription: 500,
  settingName: 100,
  settingValue: 100_000,
  reviewText: 100_000,
  storyTopic: 255,
  ip: 45,
} as const;

/** Comments (decision 0015): attachments per comment, the author's edit window, the pace of posting, reports. */
export const COMMENT_LIMITS = {
  attachments: 4,
  editWindowMs: 15 * 60_000,
  /** At most one comment per user in this time (429 past it). */
  postIntervalMs: 10_000,
  reportReason: 1000,
  /** Comments one admin bulk action may name. */
  bulkIds: 100,
} as const;
