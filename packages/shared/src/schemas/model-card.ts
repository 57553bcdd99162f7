import { z } from "zod";

export const nicknameSummarySchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  type: z.enum(["solo", "couple", "lesbians"]),
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
});
export type CamSiteSummary = z.infer<typeof camSiteSummarySchema>;
