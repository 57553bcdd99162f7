import {
  findTakenIdentity,
  findUserById,
  findUserPasswordHash,
  type UserChanges,
  type UserRow,
  updateUser,
  updateUserEndingSessions,
} from "@camatlas/db";
import { ROLE, SELF_ASSIGNABLE_ROLE_IDS, VALIDATION_MESSAGES } from "@camatlas/shared";
import type { updateProfileRequestSchema } from "@camatlas/shared/schemas/profile";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { notFound, tooManyRequests, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { mailAccountNotice } from "../auth/account-notices.ts";

// Guessing the current password through PUT /profile is limited like sign-in.
const PASSWORD_CHANGES_PER_QUARTER = 10;

type ProfileChanges = z.output<typeof updateProfileRequestSchema>;

/**
 * Applies the signed-in user's own profile edit: identity (email, nick name) checked for takers, an avatar only from
 * their own uploads, a role switch only between camfan and camgirl (audited), a password or email change only with
 * the current password (accounts without one, made through OAuth, excepted). A new password ends every other
 * session; the owner is mailed about a new password, and the old address about a new email. Throws 422 with every
 * field's error; answers the saved user, whether the role changed and whether sessions were ended.
 */
export async function saveOwnProfile(
  c: Context<AppEnv>,
  current: UserRow,
  body: ProfileChanges,
): Promise<{ saved: UserRow; roleChanged: boolean; sessionsEnded: boolean }> {
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
    Object.assign(
      errors,
      await mediaReferenceErrors(db, current, [
        { field: "avatar_media_id", id: body.avatar_media_id, use: "user_avatar" },
      ]),
    );
    if (!errors.avatar_media_id) changes.avatarMediaId = body.avatar_media_id;
  }

  // Roles: camfans and camgirls may switch between the two; nobody makes themself admin here, and an admin
  // changes roles in the admin area only.
  if (body.role_id !== undefined && body.role_id !== current.roleId) {
    const allowed =
      current.roleId !== ROLE.admin && (SELF_ASSIGNABLE_ROLE_IDS as readonly number[]).includes(body.role_id);
    if (allowed) changes.roleId = body.role_id;
    else errors.role_id = [VALIDATION_MESSAGES.roleNotAllowed];
  }

  // A new password or a new email (the address recovery links go to) takes the current password: a session left
  // open somewhere is not enough to take the account over.
  if (body.password !== undefined || changes.email !== undefined) {
    const attempts = await c.var.deps.rateLimitStore.hit(`password-change:${current.id}`, 15 * 60_000);
    if (attempts.count > PASSWORD_CHANGES_PER_QUARTER) throw tooManyRequests();
    const storedHash = await findUserPasswordHash(db, current.id);
    // Accounts made through OAuth have no password yet: they set their first one (or their first real email)
    // without a current one, as the session is all they have (decision 0014).
    if (storedHash) {
      if (!body.current_password) errors.current_password = [VALIDATION_MESSAGES.required];
      else if (!(await verifyPassword(storedHash, body.current_password))) {
        errors.current_password = [VALIDATION_MESSAGES.currentPasswordWrong];
      }
    }
    if (body.password !== undefined && !errors.current_password) {
      changes.passwordHash = await hashPassword(body.password);
    }
  }

  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  try {
    await db.transaction(async (tx) => {
      // A new password ends every other session (the caller's gets a fresh token from the route).
      if (changes.passwordHash) await updateUserEndingSessions(tx, current.id, changes);
      else await updateUser(tx, current.id, changes);
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
  // The owner hears of a new password, and the old address of a new one.
  if (changes.passwordHash) mailAccountNotice(c.var.deps, saved, { kind: "passwordChanged" });
  if (changes.email) {
    mailAccountNotice(c.var.deps, current, { kind: "emailChanged", newEmail: saved.email });
  }
  return { saved, roleChanged: changes.roleId !== undefined, sessionsEnded: Boolean(changes.passwordHash) };
}
