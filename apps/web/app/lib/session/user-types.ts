import type { Gender, RoleId } from "@camatlas/shared";

// The user shapes the accounts API answers (CONTRACTS.md, Accounts).

export interface ModelLink {
  id: number;
  name: string;
  slug: string;
  avatar_path: string | null;
}

export interface UserStats {
  comments: number;
  reviews: number;
  ratings: number;
}

/** A user as anyone may see them (GET /users/…). */
export interface PublicUser {
  id: number;
  nick_name: string;
  full_name: string;
  avatar_path: string | null;
  about: string | null;
  country: string | null;
  city: string | null;
  role_id: RoleId;
  verified_camgirl: boolean;
  created_at: string;
  models?: ModelLink[];
  stats?: UserStats;
}

/** The signed-in user's own record (GET /profile, login, register). */
export interface OwnUser extends PublicUser {
  first_name: string | null;
  last_name: string | null;
  gender: Gender;
  email: string;
  birthday: string | null;
  count_reviews_removed_by_admin: number;
  is_admin: boolean;
  /** False for accounts created through Google / X: their first password needs no current password. */
  has_password?: boolean;
  oauth_service?: string | null;
  unread_notifications?: number;
}

/** What every page knows about the visitor (root loader). */
export interface CurrentUser {
  id: number;
  nick_name: string;
  full_name: string;
  avatar_path: string | null;
  role_id: RoleId;
  is_admin: boolean;
  unread_notifications: number;
}

export function toCurrentUser(user: OwnUser): CurrentUser {
  return {
    id: user.id,
    nick_name: user.nick_name,
    full_name: user.full_name,
    avatar_path: user.avatar_path ?? null,
    role_id: user.role_id,
    is_admin: user.is_admin,
    unread_notifications: user.unread_notifications ?? 0,
  };
}
