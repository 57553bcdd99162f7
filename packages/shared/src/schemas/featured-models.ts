import { z } from "zod";
import { SHELL_MESSAGES } from "../messages.ts";
import { isoDateTime } from "./dates.ts";
import { bodyId } from "./ids.ts";
import { modelCardSchema } from "./model-card.ts";

// Featured models of the home page (spec §9: 10), in admin order, optionally for a period.

/** GET /featured-models: the model card as GET /models shows it, and the featured picture (or null). */
export const featuredModelSchema = z.object({
  id: z.number().int(),
  model: modelCardSchema,
  image: z.string().nullable(),
  /** The featured picture's blur placeholder (a tiny bitmap data URL); null without a picture or a BlurHash. */
  image_placeholder: z.string().nullable(),
});
export type FeaturedModel = z.infer<typeof featuredModelSchema>;

export const adminFeaturedModelSchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  model_name: z.string(),
  model_slug: z.string(),
  media_id: z.number().int().nullable(),
  image: z.string().nullable(),
  position: z.number().int(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  /** Shown on the home page right now (inside its period). */
  is_current: z.boolean(),
});
export type AdminFeaturedModel = z.infer<typeof adminFeaturedModelSchema>;

const moment = isoDateTime().nullable();
const fields = {
  model_id: bodyId,
  /** A picture uploaded with POST /media/featured-model; null: the model's avatar. */
  media_id: bodyId.nullable(),
  position: z.number().int().min(0).max(10_000),
  starts_at: moment,
  ends_at: moment,
};

const endsAfterStart = (value: {
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
}) => !value.starts_at || !value.ends_at || Date.parse(value.ends_at) > Date.parse(value.starts_at);

export const featuredModelCreateRequestSchema = z
  .object({
    model_id: fields.model_id,
    media_id: fields.media_id.default(null),
    position: fields.position.default(0),
    starts_at: fields.starts_at.default(null),
    ends_at: fields.ends_at.default(null),
  })
  .refine(endsAfterStart, { path: ["ends_at"], error: SHELL_MESSAGES.endsBeforeStart });
export type FeaturedModelCreateRequest = z.input<typeof featuredModelCreateRequestSchema>;

/** Fields left out stay as they are. */
export const featuredModelUpdateRequestSchema = z
  .object(fields)
  .partial()
  .refine(endsAfterStart, { path: ["ends_at"], error: SHELL_MESSAGES.endsBeforeStart });
export type FeaturedModelUpdateRequest = z.input<typeof featuredModelUpdateRequestSchema>;
