import type { UserRow } from "@camatlas/db";
import { blurPlaceholder, isBlockActive, ROLE, type RoleId } from "@camatlas/shared";
import type { AdminUserReply, OwnUserReply, PublicUserReply } from "@camatlas/shared/api-contract";

/** Public URL path of a stored media file (served by the site under /media). */
export function mediaLink(path: string | null | undefined): string | null {
  return path ? `/media/${path}` : null;
}

/** A user as anyone may see them: never the email, hashes, tokens, block state or moderation counters. */
export function presentPublicUser(user: UserRow): PublicUserReply {
  return {
    id: user.id,
    nick_name: user.nickName,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    avatar_path: mediaLink(user.avatarPath),
    avatar_placeholder: user.avatarPath ? blurPlaceholder(user.avatarBlurhash) : null,
    about: user.about,
    country: user.country,
    city: user.city,
    gender: user.gender,
    // users.role_id references the roles table, which holds exactly the three role ids.
    role_id: user.roleId as RoleId,
    verified_camgirl: user.verifiedCamgirl,
    created_at: user.createdAt.toISOString(),
  };
}

/** The signed-in user's own record, as login, register and GET /profile return it. */
export function presentOwnUser(user: UserRow): OwnUserReply {
  return {
    ...presentPublicUser(user),
    email: user.email,
    birthday: user.birthday,
    count_reviews_removed_by_admin: user.countReviewsRemovedByAdmin,
    is_admin: user.roleId === ROLE.admin,
    // OAuth-only accounts set a first password without a current one.
    has_password: Boolean(user.hasPassword),
    oauth_service: user.oauthService,
    // Only their own block, while it lasts: the site tells them why and until when.
    block: isBlockActive(user) ? presentBlock(user) : null,
  };
}

/** A block as its member reads it: since when, why and until when. */
export function presentBlock(user: UserRow) {
  return {
    since: (user.blockedAt ?? new Date()).toISOString(),
    reason: user.blockedReason,
    until: user.blockedUntil?.toISOString() ?? null,
  };
}

/** A user in the admin area. */
export function presentAdminUser(user: UserRow): AdminUserReply {
  return {
    ...presentPublicUser(user),
    email: user.email,
    blocked_at: user.blockedAt?.toISOString() ?? null,
    blocked_reason: user.blockedAt ? user.blockedReason : null,
    blocked_until: user.blockedAt ? (user.blockedUntil?.toISOString() ?? null) : null,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    oauth_service: user.oauthService,
  };
}
