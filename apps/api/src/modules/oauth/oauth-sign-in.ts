import { randomBytes } from "node:crypto";
import {
  type Database,
  findTakenNickNames,
  findUserByEmail,
  findUserById,
  findUserByOauth,
  insertUser,
  type UserRow,
  updateUser,
} from "@camatlas/db";
import { ROLE } from "@camatlas/shared";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { baseNickName, nickNameCandidates } from "./nick-name-candidates.ts";
import type { OAuthProfile, OAuthProviderName } from "./providers.ts";

/**
 * The account an OAuth sign-in lands in: the one already linked to this provider account, else the one with the
 * same verified email (linked now), else a new camfan (birthday unknown; the password is set later, if ever).
 */
export async function findOrCreateOAuthUser(
  db: Database,
  service: OAuthProviderName,
  profile: OAuthProfile,
): Promise<UserRow> {
  const linked = await findUserByOauth(db, service, profile.id);
  if (linked) return linked;

  if (profile.email && profile.emailVerified) {
    const sameEmail = await findUserByEmail(db, profile.email);
    if (sameEmail) {
      // An account keeps its first provider link; a verified email is enough to sign in either way.
      if (!sameEmail.oauthService) {
        await updateUser(db, sameEmail.id, { oauthService: service, oauthId: profile.id });
        return (await findUserById(db, sameEmail.id))!;
      }
      return sameEmail;
    }
  }

  // An unverified or missing email cannot claim an address: such accounts get a placeholder to change later.
  const email =
    profile.email && profile.emailVerified
      ? profile.email
      : `${service}-${profile.id}@users.invalid`.toLowerCase();
  const base = baseNickName(profile);
  for (let attempt = 0; attempt < 3; attempt++) {
    const candidates =
      attempt === 0 ? nickNameCandidates(base) : [`${base}_${randomBytes(3).toString("hex")}`];
    const taken = await findTakenNickNames(db, candidates);
    const nickName = candidates.find((c) => !taken.has(c.toLowerCase()));
    if (!nickName) continue;
    try {
      return await insertUser(db, {
        nickName,
        email,
        firstName: profile.firstName?.slice(0, 100) ?? null,
        lastName: profile.lastName?.slice(0, 100) ?? null,
        roleId: ROLE.camfan,
        gender: "unknown",
        birthday: null,
        passwordHash: null,
        oauthService: service,
        oauthId: profile.id,
      });
    } catch (error) {
      // Someone took the nick name (or signed in twice at once): try again, or use the account just made.
      if (uniqueViolationOf(error) === null) throw error;
      const raced = await findUserByOauth(db, service, profile.id);
      if (raced) return raced;
    }
  }
  throw new Error("Could not find a free nick name for the OAuth account");
}
