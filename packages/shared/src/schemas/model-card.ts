import { z } from "zod";
import {
  BLOCK_TYPES,
  DECISION_STATUSES,
  LINK_CATEGORIES,
  LINK_CONTAINS,
  MODERATION_STATES,
  NICKNAME_TYPES,
  PAGE_VISIBLE_FOR,
  STATS_GRAPH_DETAILS_STATUSES,
} from "../enums.ts";

export const nicknameSummarySchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  type: z.enum(NICKNAME_TYPES),
  activity_status_id: z.number().int(),
  last_activity: z.iso.datetime().nullable(),
  cam_site_id: z.number().int(),
  cam_site: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  url: z.string(),
});
export type NicknameSummary = z.infer<typeof nicknameSummarySchema>;

/** A model as lists and carousels show it. */
export const modelCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  avatar_path: z.string().nullable(),
  /** Her avatar's blur placeholder (a tiny image data URL) shown while the picture loads; null without one. */
  avatar_placeholder: z.string().nullable(),
  age: z.number().int().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  rating: z.number(),
  rating_votes: z.number().int(),
  last_activity: z.iso.datetime().nullable(),
  is_verified: z.boolean(),
  nicknames: z.array(nicknameSummarySchema),
});
export type ModelCard = z.infer<typeof modelCardSchema>;

export const modelDetailSchema = modelCardSchema.extend({
  display_name: z.string().nullable(),
  about: z.string().nullable(),
  is_indexed_search_robots: z.boolean(),
});
export type ModelDetail = z.infer<typeof modelDetailSchema>;

export const camSiteSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  headline: z.string().nullable(),
  price_range: z.string().nullable(),
  advantages: z.array(z.string()),
  disadvantages: z.array(z.string()),
  known_accounts_count: z.number().int(),
  active_accounts_count: z.number().int(),
  models_registered_count: z.number().int(),
  models_active_count: z.number().int(),
  model_url_template: z.string(),
  logo_path: z.string().nullable(),
  is_indexed: z.boolean(),
  can: z.object({ edit: z.boolean() }),
});
export type CamSiteSummary = z.infer<typeof camSiteSummarySchema>;

/** What the caller may do with a model (architecture rule 2): the UI shows only these buttons. */
export const modelAbilitiesSchema = z.object({
  /** Propose an edit (a revision for non-admins). */
  edit: z.boolean(),
  /** Edit without moderation (admins). */
  edit_directly: z.boolean(),
  change_avatar: z.boolean(),
  change_avatar_accessibility: z.boolean(),
  change_visibility: z.boolean(),
  block: z.boolean(),
  bind: z.boolean(),
  unbind: z.boolean(),
  rate: z.boolean(),
  verify: z.boolean(),
  report: z.boolean(),
  add_nickname: z.boolean(),
  request_nickname_removal: z.boolean(),
  add_link: z.boolean(),
  delete_link: z.boolean(),
  edit_content: z.boolean(),
  view_blocks: z.boolean(),
});
export type ModelAbilities = z.infer<typeof modelAbilitiesSchema>;

export const tagSummarySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const modelLinkSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  url: z.string(),
  category: z.enum(LINK_CATEGORIES),
  contains: z.enum(LINK_CONTAINS),
});

export const modelBlockSchema = z.object({
  id: z.number().int(),
  blockable_type: z.enum(BLOCK_TYPES),
  location: z.string(),
});

export const visibilitySettingsReplySchema = z.object({
  page_visible_for: z.enum(PAGE_VISIBLE_FOR),
  is_country_age_hidden: z.boolean(),
  is_stats_page_last_activity_hidden: z.boolean(),
  is_stats_page_past_nicknames_hidden: z.boolean(),
  stats_page_activity_graph_details_status: z.enum(STATS_GRAPH_DETAILS_STATUSES),
  is_stats_page_longest_sessions_hidden: z.boolean(),
});

/** The full profile: GET /models/{id} and /models/by-slug/{slug}. */
export const modelProfileSchema = modelDetailSchema.extend({
  birthday: z.string().nullable(),
  region: z.string().nullable(),
  gender: z.string(),
  location: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  avatar_media_id: z.number().int().nullable(),
  description: z.string().nullable(),
  is_unique_text_used: z.boolean(),
  tags: z.array(tagSummarySchema),
  links: z.array(modelLinkSchema),
  visibility_settings: visibilitySettingsReplySchema,
  blocks: z.array(modelBlockSchema).nullable(),
  user: z.object({ id: z.number().int(), nick_name: z.string() }).nullable(),
  verification: z.object({
    is_verified: z.boolean(),
    /** The caller's own latest claim, when there is one. */
    my_request_status: z.enum(DECISION_STATUSES).nullable(),
  }),
  is_user_voted: z.boolean(),
  user_rating: z.number().int().nullable(),
  moderation_state: z.enum(MODERATION_STATES),
  has_unchecked_revisions: z.boolean(),
  forbid_avatar_changes: z.boolean(),
  /** Shown on the site at all (admin switch); null unless the caller may edit the model directly. */
  is_visible: z.boolean().nullable(),
  can: modelAbilitiesSchema,
  /** Her live stories (published, not yet archived), newest first: GET /models/{id} and by slug. */
  last_published_stories: z.array(z.number().int()).optional(),
  stats_last_published_stories: z
    .object({ count: z.number().int(), last_published_at: z.string().nullable() })
    .optional(),
});
export type ModelProfile = z.infer<typeof modelProfileSchema>;

/** A renamed or merged model (or camsite) answers with where it lives now (spec §7, §8). */
export const redirectReplySchema = z.object({ is_redirect: z.literal(true), redirect_url: z.string() });
export type RedirectReply = z.infer<typeof redirectReplySchema>;

export const camSiteDetailSchema = camSiteSummarySchema.extend({
  seo_text: z.string().nullable(),
});
