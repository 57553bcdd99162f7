import {
  findTakenIdentity,
  findUserById,
  findUserPasswordHash,
  isMediaUsableAsAvatar,
  type UserChanges,
  type UserRow,
  updateUser,
} from "@camatlas/db";
import { ROLE, SELF_ASSIGNABLE_ROLE_IDS, VALIDATION_MESSAGES } from "@camatlas/shared";
import type { updateProfileRequestSchema } from "@camatlas/shared/schemas/profile";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { notFound, tooManyRequests, validationFailed } from "../../lib/http-errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";

// Guessing the current password through PUT /profile is limited like sign-in.
const PASSWORD_CHANGES_PER_QUARTER = 10;

type ProfileChanges = z.output<typeof updateProfileRequestSchema>;

/**
 * Applies the signed-in user's own profile edit: identity (email, nick name) checked for takers, an avatar only from
 * their own uploads, a role switch only between camfan and camgirl (audited), a password change only with the
 * current password (first passwords of OAuth accounts excepted). Throws 422 with every field's error; answers the
 * saved user and whether the role changed.
 */
export async function saveOwnProfile(
  c: Context<AppEnv>,
  current: UserRow,
  body: ProfileChanges,
): Promise<{ saved: UserRow; roleChanged: boolean }> {
  const { db } = c.var.deps;
  const errors: Record<string, string[]> = {};
  const changes: UserChanges = {};
  const copy = <K extends keyof UserChanges>(key: K, value: UserChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  copy("firstName", body.first_name);
  copy("lastName", body.last_name);
  copy("country", body.country);
  copy("city", body.city);
  copy("gender", body.gender);
  copy("about", body.about);
  copy("birthday", body.birthday);

  if (body.email !== undefined && body.email !== current.email.toLowerCase()) changes.email = body.email;
  if (body.nick_name !== undefined && body.nick_name !== current.nickName) changes.nickName = body.nick_name;
  if (changes.email || changes.nickName) {
    const taken = await findTakenIdentity(db, changes.email, changes.nickName, current.id);
    if (taken.email) errors.email = [VALIDATION_MESSAGES.emailTaken];
    if (taken.nickName) errors.nick_name = [VALIDATION_MESSAGES.nickNameTaken];
  }

  if (body.avatar_media_id !== undefined) {
    if (body.avatar_media_id === null) changes.avatarMediaId = null;
    else if (await isMediaUsableAsAvatar(db, body.avatar_media_id, current.id))
      changes.avatarMediaId = body.avatar_media_id;
    else errors.avatar_media_id = [VALIDATION_MESSAGES.mediaNotFound];
  }

  // Roles: camfans and camgirls may switch between the two; nobody makes themself admin here, and an admin
  // changes roles in the admin area only.
  if (body.role_id !== undefined && body.role_id !== current.roleId) {
    const allowed =
      current.roleId !== ROLE.admin && (SELF_ASSIGNABLE_ROLE_IDS as readonly number[]).includes(body.role_id);
    if (allowed) changes.roleId = body.role_id;
    else errors.role_id = [VALIDATION_MESSAGES.roleNotAllowed];
  }

  if (body.password !== undefined) {
    const attempts = await c.var.deps.rateLimitStore.hit(`password-change:${current.id}`, 15 * 60_000);
    if (attempts.count > PASSWORD_CHANGES_PER_QUARTER) throw tooManyRequests();
    const storedHash = await findUserPasswordHash(db, current.id);
    // Accounts made through OAuth have no password yet and set their first one without a current one.
    if (storedHash) {
      if (!body.current_password) errors.current_password = [VALIDATION_MESSAGES.required];
      else if (!(await verifyPassword(storedHash, body.current_password))) {
        errors.current_password = [VALIDATION_MESSAGES.currentPasswordWrong];
      }
    }
    if (!errors.current_password) changes.passwordHash = await hashPassword(body.password);
  }

  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  try {
    await db.transaction(async (tx) => {
      await updateUser(tx, current.id, changes);
      if (changes.roleId !== undefined) {
        await audit(c, tx, {
          action: "user.role_changed",
          subjectType: "user",
          subjectId: current.id,
          changes: { role_id: { from: current.roleId, to: changes.roleId } },
        });
      }
    });
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index === "users_email_unique") throw validationFailed({ email: [VALIDATION_MESSAGES.emailTaken] });
    if (index === "users_nick_name_unique") {
      throw validationFailed({ nick_name: [VALIDATION_MESSAGES.nickNameTaken] });
    }
    throw error;
  }

  const saved = await findUserById(db, current.id);
  if (!saved) throw notFound();
  return { saved, roleChanged: changes.roleId !== undefined };
}
