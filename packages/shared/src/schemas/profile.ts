import { z } from "zod";
import { isAdult } from "../age.ts";
import { GENDERS } from "../enums.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { tooLong, VALIDATION_MESSAGES } from "../messages.ts";
import { emailSchema, nickNameSchema, passwordSchema } from "./auth.ts";
import { isoDate } from "./dates.ts";
import { bodyId } from "./ids.ts";
import { queryBoolean, queryStringArray } from "./list-query.ts";

/** Relations GET /profile can add (spec §7 `with`). */
export const PROFILE_WITH = ["unreadNotifications", "models", "stats"] as const;
export type ProfileWith = (typeof PROFILE_WITH)[number];

/** GET /profile?with[]=unreadNotifications|models|stats&user_review_information=1 */
export const profileQuerySchema = z.object({
  with: queryStringArray()
    .pipe(z.array(z.enum(PROFILE_WITH)))
    .optional(),
  user_review_information: queryBoolean().optional(),
});
export type ProfileQuery = z.output<typeof profileQuerySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullable()
    .optional()
    // An emptied field clears the value.
    .transform((v) => (v === "" ? null : v));

/**
 * PUT /profile: any of the spec's fields. A password change needs current_password, password and confirm
 * (the API checks current_password against the stored hash).
 */
export const updateProfileRequestSchema = z
  .object({
    first_name: optionalText(TEXT_LIMITS.firstName),
    last_name: optionalText(TEXT_LIMITS.lastName),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Choose a country.")
      .nullable()
      .optional()
      .or(z.literal("").transform(() => null)),
    city: optionalText(TEXT_LIMITS.city),
    gender: z.enum(GENDERS).optional(),
    about: optionalText(TEXT_LIMITS.about),
    birthday: isoDate()
      .refine((d) => isAdult(d), VALIDATION_MESSAGES.underage)
      .nullable()
      .optional(),
    avatar_media_id: bodyId.nullable().optional(),
    nick_name: nickNameSchema.optional(),
    email: emailSchema.optional(),
    role_id: bodyId.optional(),
    password: passwordSchema.optional(),
    current_password: z.string().max(TEXT_LIMITS.password.max).optional(),
    confirm: z.string().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.password === undefined) return;
    if (v.confirm !== v.password) {
      ctx.addIssue({ code: "custom", path: ["confirm"], message: VALIDATION_MESSAGES.passwordsDoNotMatch });
    }
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
