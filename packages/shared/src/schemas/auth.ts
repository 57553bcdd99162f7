import { z } from "zod";
import { isAdult } from "../age.ts";
import { DEFAULT_GENDER, GENDERS } from "../enums.ts";
import { NICK_NAME_PATTERN, TEXT_LIMITS } from "../limits.ts";
import { tooLong, tooShort, VALIDATION_MESSAGES } from "../messages.ts";
import { DEFAULT_ROLE_ID, SELF_ASSIGNABLE_ROLE_IDS } from "../roles.ts";
import { isoDate } from "./dates.ts";

// Request schemas of the auth calls (spec §7), shared by the forms and the API.

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.email, tooLong(TEXT_LIMITS.email))
  .email(VALIDATION_MESSAGES.invalidEmail);
export const passwordSchema = z
  .string(VALIDATION_MESSAGES.required)
  .min(TEXT_LIMITS.password.min, tooShort(TEXT_LIMITS.password.min))
  .max(TEXT_LIMITS.password.max, tooLong(TEXT_LIMITS.password.max));
export const nickNameSchema = z
  .string(VALIDATION_MESSAGES.required)
  .trim()
  .min(TEXT_LIMITS.nickName.min, tooShort(TEXT_LIMITS.nickName.min))
  .max(TEXT_LIMITS.nickName.max, tooLong(TEXT_LIMITS.nickName.max))
  .regex(NICK_NAME_PATTERN, VALIDATION_MESSAGES.nickNameChars);

/** POST /login {email | nick_name, password}: one identifier is enough. */
export const loginRequestSchema = z
  .object({
    email: z.string().trim().max(TEXT_LIMITS.email).optional(),
    nick_name: z.string().trim().max(TEXT_LIMITS.nickName.max).optional(),
    password: z
      .string(VALIDATION_MESSAGES.required)
      .min(1, VALIDATION_MESSAGES.required)
      .max(TEXT_LIMITS.password.max),
  })
  .strict()
  .refine((v) => Boolean(v.email || v.nick_name), { path: ["email"], message: VALIDATION_MESSAGES.required });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /register: camfans and camgirls sign themselves up; nobody registers as admin. */
export const registerRequestSchema = z
  .object({
    first_name: z.string().trim().max(TEXT_LIMITS.firstName, tooLong(TEXT_LIMITS.firstName)).optional(),
    last_name: z.string().trim().max(TEXT_LIMITS.lastName, tooLong(TEXT_LIMITS.lastName)).optional(),
    nick_name: nickNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirm: z.string(VALIDATION_MESSAGES.required),
    gender: z.enum(GENDERS).default(DEFAULT_GENDER),
    birthday: isoDate().refine((d) => isAdult(d), VALIDATION_MESSAGES.underage),
    country: z.string().trim().length(2).toUpperCase().optional(),
    city: z.string().trim().max(TEXT_LIMITS.city, tooLong(TEXT_LIMITS.city)).optional(),
    role_id: z.coerce
      .number()
      .int()
      .refine(
        (id) => (SELF_ASSIGNABLE_ROLE_IDS as readonly number[]).includes(id),
        "Choose camfan or camgirl.",
      )
      .default(DEFAULT_ROLE_ID),
  })
  .strict()
  .refine((v) => v.password === v.confirm, {
    path: ["confirm"],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A password-recovery token as mailed: 64 hex characters. */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** POST /auth/forgot-password {email}: the answer is the same whether or not the email exists. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /auth/restore-password {token, password, confirm?}: confirm, when sent, must match. */
export const restorePasswordRequestSchema = z
  .object({
    token: z.string(VALIDATION_MESSAGES.required).trim().max(128),
    password: passwordSchema,
    confirm: z.string().optional(),
  })
  .strict()
  .refine((v) => v.confirm === undefined || v.password === v.confirm, {
    path: ["confirm"],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
  });
export type RestorePasswordRequest = z.infer<typeof restorePasswordRequestSchema>;

/** POST /auth/token/check {token}: a session token or a password-recovery token. */
export const tokenCheckRequestSchema = z.object({ token: z.string().max(4096) });
