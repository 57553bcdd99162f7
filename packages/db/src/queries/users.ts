import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { users } from "../schema/users.ts";

/** The fields the auth hook needs to know who is calling. */
export async function findActiveUserForAuth(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, nickName: users.nickName, blockedAt: users.blockedAt })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Public and own-profile columns; the password hash is read only by `findUserForLogin`. */
export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  nickName: users.nickName,
  email: users.email,
  roleId: users.roleId,
  country: users.country,
  city: users.city,
  birthday: users.birthday,
  gender: users.gender,
  about: users.about,
  avatarMediaId: users.avatarMediaId,
  verifiedCamgirl: users.verifiedCamgirl,
  countReviewsRemovedByAdmin: users.countReviewsRemovedByAdmin,
  blockedAt: users.blockedAt,
  createdAt: users.createdAt,
};

export type UserRow = Awaited<ReturnType<typeof findUserById>> & {};

export async function findUserById(db: Database, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A user by email or nick name (case-insensitive), with the password hash, for sign-in. */
export async function findUserForLogin(
  db: Database,
  login: { email?: string | undefined; nickName?: string | undefined },
) {
  const condition = login.email
    ? sql`lower(${users.email}) = ${login.email.toLowerCase()}`
    : sql`lower(${users.nickName}) = ${(login.nickName ?? "").toLowerCase()}`;
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(condition, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Which of an email and a nick name are already used (case-insensitive). */
export async function findTakenIdentity(db: Database, email: string, nickName: string) {
  const rows = await db
    .select({ email: users.email, nickName: users.nickName })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        sql`lower(${users.nickName}) = ${nickName.toLowerCase()}`,
      ),
    );
  return {
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
    nickName: rows.some((r) => r.nickName.toLowerCase() === nickName.toLowerCase()),
  };
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Database, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  return row!;
}

export async function touchLastLogin(db: Database, id: number) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}
