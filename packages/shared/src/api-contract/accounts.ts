import { z } from "zod";
import { GENDERS, type OAuthService } from "../enums.ts";
import { ROLE } from "../roles.ts";
import { accountBlockReply, blockUserRequestSchema } from "../schemas/account-block.ts";
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  restorePasswordRequestSchema,
  tokenCheckRequestSchema,
} from "../schemas/auth.ts";
import { notificationListQuerySchema } from "../schemas/notifications.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { profileQuerySchema, updateProfileRequestSchema } from "../schemas/profile.ts";
import {
  adminUpdateUserRequestSchema,
  adminUserListQuerySchema,
  nickNameParamSchema,
  userListQuerySchema,
} from "../schemas/users.ts";
import { idParams, messageReply, noContentReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Accounts: sign-in and sign-up (auth, OAuth), the signed-in user's own profile and notifications, public user
// profiles and the admin's user list. Users are shown to anyone (public), to themselves (own) and to admins (admin).

/** A stored role id: admin, camfan or camgirl. */
const roleIdReply = z.union([z.literal(ROLE.admin), z.literal(ROLE.camfan), z.literal(ROLE.camgirl)]);

/** A model a user owns (camgirls bound to their profiles), as profile pages list them. */
export const userModelReply = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  avatar_path: z.string().nullable(),
  /** The avatar's blur placeholder (a tiny bitmap data URL, from its BlurHash); null without one. */
  avatar_placeholder: z.string().nullable(),
});
export type UserModelReply = z.output<typeof userModelReply>;

export const userStatsReply = z.object({
  comments: z.number().int(),
  reviews: z.number().int(),
  ratings: z.number().int(),
});
export type UserStatsReply = z.output<typeof userStatsReply>;

/** What anyone may see: never the email, hashes, tokens or block state. */
export const publicUserReply = z.object({
  id: z.number().int(),
  nick_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  avatar_path: z.string().nullable(),
  /** The avatar's blur placeholder (a tiny bitmap data URL, from its BlurHash); null without one. */
  avatar_placeholder: z.string().nullable(),
  about: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.enum(GENDERS),
  role_id: roleIdReply,
  verified_camgirl: z.boolean(),
  created_at: z.iso.datetime(),
});
export type PublicUserReply = z.output<typeof publicUserReply>;

/** GET /users/{id}: the public user with the models they own and their activity counts. */
export const publicUserDetailReply = publicUserReply.extend({
  models: z.array(userModelReply),
  stats: userStatsReply,
});
export type PublicUserDetailReply = z.output<typeof publicUserDetailReply>;

/** The signed-in user's own record (login, register, GET/PUT /profile). */
export const ownUserReply = publicUserReply.extend({
  email: z.string(),
  birthday: z.string().nullable(),
  count_reviews_removed_by_admin: z.number().int(),
  is_admin: z.boolean(),
  /** False for accounts made through Google / X: their first password needs no current one. */
  has_password: z.boolean(),
  oauth_service: z.string().nullable(),
  /** Their own block while it lasts (why, until when), else null. */
  block: accountBlockReply.nullable(),
});
export type OwnUserReply = z.output<typeof ownUserReply>;

/** A user in the admin area: adds the email, block state and last sign-in. */
export const adminUserReply = publicUserReply.extend({
  email: z.string(),
  blocked_at: z.iso.datetime().nullable(),
  blocked_reason: z.string().nullable(),
  blocked_until: z.iso.datetime().nullable(),
  last_login_at: z.iso.datetime().nullable(),
  oauth_service: z.string().nullable(),
});
export type AdminUserReply = z.output<typeof adminUserReply>;

/** GET /profile: the own record with the relations asked for in `with` (and `user_review_information`). */
export const profileReply = ownUserReply.extend({
  unread_notifications: z.number().int().optional(),
  models: z.array(userModelReply).optional(),
  stats: userStatsReply.optional(),
  unavailable_models_for_create_user_review: z.array(z.number().int()).optional(),
});
export type ProfileReply = z.output<typeof profileReply>;

/** Spec §3 Notification, as the signed-in user reads their own. */
export const notificationReply = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    text: z.string(),
    title: z.string().optional(),
    models_ids: z.array(z.number().int()).optional(),
    models: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })).optional(),
    /** A same-site path to the thing notified about. */
    url: z.string().optional(),
  }),
  read_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type NotificationReply = z.output<typeof notificationReply>;

/** Login and register: the session token (also set as cookies) and the own record. */
const sessionReply = z.object({ token: z.string(), user: ownUserReply });
const adminUserSavedReply = z.object({ message: z.string(), user: adminUserReply });

export const authEndpoints = {
  login: endpoint({ method: "post", path: "/login", body: loginRequestSchema, reply: sessionReply }),
  register: endpoint({ method: "post", path: "/register", body: registerRequestSchema, reply: sessionReply }),
  /** The new token comes in the Authorization header (and the session cookies). */
  refresh: endpoint({ method: "get", path: "/auth/refresh", reply: messageReply }),
  tokenCheck: endpoint({
    method: "post",
    path: "/auth/token/check",
    body: tokenCheckRequestSchema,
    reply: z.object({ valid: z.literal(true) }),
  }),
  logout: endpoint({ method: "post", path: "/auth/cross-site/logout", reply: messageReply }),
  forgotPassword: endpoint({
    method: "post",
    path: "/auth/forgot-password",
    body: forgotPasswordRequestSchema,
    reply: messageReply,
  }),
  restorePassword: endpoint({
    method: "post",
    path: "/auth/restore-password",
    body: restorePasswordRequestSchema,
    reply: messageReply,
  }),
};

/**
 * Signing in with an OAuth provider: browser navigations (links, the provider's return), answered with a 302
 * redirect and session cookies rather than JSON.
 */
export const oauthEndpoints = {
  redirect: (provider: OAuthService) =>
    endpoint({
      method: "get",
      path: `/${provider}/redirect`,
      query: z.object({ redirect: z.string().max(512).optional() }),
      reply: noContentReply,
    }),
  callback: (provider: OAuthService) =>
    endpoint({
      method: "get",
      path: `/${provider}/callback`,
      query: z.object({
        code: z.string().max(2048).optional(),
        state: z.string().max(512).optional(),
        error: z.string().max(512).optional(),
      }),
      reply: noContentReply,
    }),
};

export const profileEndpoints = {
  get: endpoint({ method: "get", path: "/profile", query: profileQuerySchema, reply: profileReply }),
  update: endpoint({
    method: "put",
    path: "/profile",
    body: updateProfileRequestSchema,
    reply: z.object({ message: z.string(), user: ownUserReply }),
  }),
};

export const userEndpoints = {
  list: endpoint({
    method: "get",
    path: "/users",
    query: userListQuerySchema,
    reply: pageEnvelope(publicUserDetailReply),
  }),
  byId: endpoint({ method: "get", path: "/users/{id}", params: idParams, reply: publicUserDetailReply }),
  byNickName: endpoint({
    method: "get",
    path: "/users/by-nick-name/{nick_name}",
    params: nickNameParamSchema,
    reply: publicUserDetailReply,
  }),
};

export const adminUserEndpoints = {
  list: endpoint({
    method: "get",
    path: "/admin/users",
    query: adminUserListQuerySchema,
    reply: pageEnvelope(adminUserReply),
  }),
  update: endpoint({
    method: "put",
    path: "/admin/users/{id}",
    params: idParams,
    body: adminUpdateUserRequestSchema,
    reply: adminUserSavedReply,
  }),
  block: endpoint({
    method: "post",
    path: "/admin/users/{id}/block",
    params: idParams,
    // The reason the user reads and the day the block ends; both may be left out.
    body: blockUserRequestSchema,
    optionalBody: true,
    reply: adminUserSavedReply,
  }),
  unblock: endpoint({
    method: "post",
    path: "/admin/users/{id}/unblock",
    params: idParams,
    reply: adminUserSavedReply,
  }),
};

export const notificationEndpoints = {
  list: endpoint({
    method: "get",
    path: "/notifications",
    query: notificationListQuerySchema,
    reply: pageEnvelope(notificationReply),
  }),
  unreadCount: endpoint({
    method: "get",
    path: "/notifications/unread-count",
    reply: z.object({ count: z.number().int() }),
  }),
  readAll: endpoint({
    method: "post",
    path: "/notifications/read-all",
    reply: z.object({ message: z.string(), count: z.number().int() }),
  }),
  /** Answers the notification, read. Ids are UUIDs; anything else is a 404. */
  read: endpoint({
    method: "post",
    path: "/notifications/{id}/read",
    params: z.object({ id: z.string().max(64) }),
    reply: notificationReply,
  }),
};
