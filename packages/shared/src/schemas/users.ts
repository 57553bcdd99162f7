import { z } from "zod";
import { TEXT_LIMITS } from "../limits.ts";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { ROLE_IDS } from "../roles.ts";
import { listQuerySchema, queryBoolean, queryInt } from "./list-query.ts";

// Requests about users: the public search, the admin's list and role changes. Replies: api-contract/accounts.ts.

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

export const nickNameParamSchema = z.object({ nick_name: z.string().min(1).max(TEXT_LIMITS.nickName.max) });
