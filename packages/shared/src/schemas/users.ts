import { z } from "zod";
import { GENDERS } from "../enums.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { ROLE_IDS } from "../roles.ts";
import { listQuerySchema, queryBoolean, queryInt } from "./list-query.ts";
import { pageEnvelope } from "./page-envelope.ts";

// Users as the API shows them: to anyone (public), to themselves (own) and to admins (admin).

const roleIdSchema = z.number().int();

/** A model a user owns (camgirls bound to their profiles), as profile pages list them. */
export const userModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  avatar_path: z.string().nullable(),
});
export type UserModel = z.infer<typeof userModelSchema>;

export const userStatsSchema = z.object({
  comments: z.number().int(),
  reviews: z.number().int(),
  ratings: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** What anyone may see: never the email, hashes, tokens or block state. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  nick_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  avatar_path: z.string().nullable(),
  about: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.enum(GENDERS),
  role_id: roleIdSchema,
  verified_camgirl: z.boolean(),
  created_at: z.iso.datetime(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /users/{id}: the public user with the models they own and their activity counts. */
export const publicUserDetailSchema = publicUserSchema.extend({
  models: z.array(userModelSchema),
  stats: userStatsSchema,
});
export type PublicUserDetail = z.infer<typeof publicUserDetailSchema>;

/** The signed-in user's own record (login, register, GET/PUT /profile). */
export const ownUserSchema = publicUserSchema.extend({
  email: z.string(),
  birthday: z.string().nullable(),
  count_reviews_removed_by_admin: z.number().int(),
  is_admin: z.boolean(),
  has_password: z.boolean(),
  oauth_service: z.string().nullable(),
});
export type OwnUser = z.infer<typeof ownUserSchema>;

/** A user in the admin area: adds the email, block state and last sign-in. */
export const adminUserSchema = publicUserSchema.extend({
  email: z.string(),
  blocked_at: z.iso.datetime().nullable(),
  last_login_at: z.iso.datetime().nullable(),
  oauth_service: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const roleIdFilter = queryInt().pipe(z.number().refine((id) => (ROLE_IDS as number[]).includes(id)));

/** GET /users?query&role_id&page&per_page (spec §9: user search shows 6). */
export const userListQuerySchema = listQuerySchema.pick({ page: true, query: true }).extend({
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.userSearch),
  role_id: roleIdFilter.optional(),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** GET /admin/users?query&role_id&blocked&page&per_page. */
export const adminUserListQuerySchema = userListQuerySchema.extend({
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.default),
  blocked: queryBoolean().optional(),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

/** PUT /admin/users/{id} {role_id}. */
export const adminUpdateUserRequestSchema = z
  .object({
    role_id: z
      .number()
      .int()
      .refine((id) => (ROLE_IDS as number[]).includes(id), "Unknown role."),
  })
  .strict();

export const publicUserPageSchema = pageEnvelope(publicUserDetailSchema);
export const adminUserPageSchema = pageEnvelope(adminUserSchema);

export const nickNameParamSchema = z.object({ nick_name: z.string().min(1).max(TEXT_LIMITS.nickName.max) });
