import type { UserRow } from "@camatlas/db";
import { ROLE } from "@camatlas/shared";

/** A user as anyone may see them: never the email, the hash or moderation counters. */
export function presentPublicUser(user: NonNullable<UserRow>) {
  return {
    id: user.id,
    nick_name: user.nickName,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    role_id: user.roleId,
    country: user.country,
    city: user.city,
    gender: user.gender,
    about: user.about,
    verified_camgirl: user.verifiedCamgirl,
    created_at: user.createdAt.toISOString(),
  };
}

/** The signed-in user's own record, as login, register and GET /profile return it. */
export function presentOwnUser(user: NonNullable<UserRow>) {
  return {
    ...presentPublicUser(user),
    email: user.email,
    birthday: user.birthday,
    count_reviews_removed_by_admin: user.countReviewsRemovedByAdmin,
    is_admin: user.roleId === ROLE.admin,
  };
}
