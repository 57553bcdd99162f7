import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { comments } from "../schema/comments.ts";
import { media } from "../schema/media.ts";
import { modelRatings } from "../schema/models.ts";
import { userReviews } from "../schema/user-reviews.ts";
import { users } from "../schema/users.ts";

/** The fields the auth hook needs to know who is calling. */
export async function findActiveUserForAuth(db: Database, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      nickName: users.nickName,
      blockedAt: users.blockedAt,
      blockedReason: users.blockedReason,
      blockedUntil: users.blockedUntil,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Public, own-profile and admin columns; the password hash is read only where a password is checked. */
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
  oauthService: users.oauthService,
  blockedAt: users.blockedAt,
  blockedReason: users.blockedReason,
  blockedUntil: users.blockedUntil,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** userColumns plus the avatar's storage path (media.path via users.avatar_media_id) and the session version. */
const userWithAvatarColumns = {
  ...userColumns,
  avatarPath: media.path,
  avatarBlurhash: media.blurhash,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  sessionVersion: users.sessionVersion,
};

export type UserRow = Awaited<ReturnType<typeof findUserById>> & {};

function selectUsers(db: Database) {
  return db
    .select(userWithAvatarColumns)
    .from(users)
    .leftJoin(media, and(eq(media.id, users.avatarMediaId), isNull(media.deletedAt)));
}

export async function findUserById(db: Database, id: number) {
  const [row] = await selectUsers(db)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A user by nick name, case-insensitively (public profile URLs). */
export async function findUserByNickName(db: Database, nickName: string) {
  const [row] = await selectUsers(db)
    .where(and(sql`lower(${users.nickName}) = ${nickName.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A user by email, case-insensitively (password recovery, OAuth linking). */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await selectUsers(db)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The user signed in through an OAuth provider account. */
export async function findUserByOauth(db: Database, service: string, oauthId: string) {
  const [row] = await selectUsers(db)
    .where(and(eq(users.oauthService, service), eq(users.oauthId, oauthId), isNull(users.deletedAt)))
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
    .select({ ...userWithAvatarColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(media, and(eq(media.id, users.avatarMediaId), isNull(media.deletedAt)))
    .where(and(condition, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findUserPasswordHash(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.passwordHash ?? null;
}

/** Which of an email and a nick name are already used (case-insensitive), optionally by someone other than `exceptId`. */
export async function findTakenIdentity(
  db: Database,
  email: string | undefined,
  nickName: string | undefined,
  exceptId?: number,
) {
  const wanted: SQL[] = [];
  if (email) wanted.push(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (nickName) wanted.push(sql`lower(${users.nickName}) = ${nickName.toLowerCase()}`);
  if (wanted.length === 0) return { email: false, nickName: false };
  const rows = await db
    .select({ email: users.email, nickName: users.nickName })
    .from(users)
    .where(and(or(...wanted), exceptId === undefined ? undefined : ne(users.id, exceptId)));
  return {
    email: Boolean(email) && rows.some((r) => r.email.toLowerCase() === email?.toLowerCase()),
    nickName: Boolean(nickName) && rows.some((r) => r.nickName.toLowerCase() === nickName?.toLowerCase()),
  };
}

/** Nick names among `candidates` that are taken (lower-cased), to pick a free one in a single query. */
export async function findTakenNickNames(db: Database, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const lowered = candidates.map((c) => c.toLowerCase());
  const rows = await db
    .select({ nickName: users.nickName })
    .from(users)
    .where(inArray(sql`lower(${users.nickName})`, lowered));
  return new Set(rows.map((r) => r.nickName.toLowerCase()));
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  const user = await findUserById(db, row!.id);
  return user!;
}

export type UserChanges = Partial<
  Pick<
    NewUser,
    | "firstName"
    | "lastName"
    | "nickName"
    | "email"
    | "passwordHash"
    | "roleId"
    | "country"
    | "city"
    | "birthday"
    | "gender"
    | "about"
    | "avatarMediaId"
    | "oauthId"
    | "oauthService"
    | "blockedAt"
    | "blockedReason"
    | "blockedUntil"
  >
>;

export async function updateUser(db: Database, id: number, changes: UserChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, id));
}

/**
 * Saves the user's changes and ends every session issued before (a new password): the session version goes up in
 * the same statement, and the new value is returned for the token of the session that made the change.
 */
export async function updateUserEndingSessions(
  db: Database,
  id: number,
  changes: UserChanges,
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ ...changes, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}

export async function touchLastLogin(db: Database, id: number) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}

export interface UserListFilters {
  query?: string | undefined;
  roleId?: number | undefined;
  blocked?: boolean | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function userListWhere(filters: UserListFilters) {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  const query = filters.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    conditions.push(
      or(
        sql`${users.nickName} ilike ${pattern}`,
        sql`${users.firstName} ilike ${pattern}`,
        sql`${users.lastName} ilike ${pattern}`,
        sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`,
      ),
    );
  }
  if (filters.roleId !== undefined) conditions.push(eq(users.roleId, filters.roleId));
  if (filters.blocked === true) conditions.push(isNotNull(users.blockedAt));
  if (filters.blocked === false) conditions.push(isNull(users.blockedAt));
  return and(...conditions);
}

/** A page of users, newest first, with the total for the page envelope. */
export async function listUsers(
  db: Database,
  filters: UserListFilters & { page: number; perPage: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = userListWhere(filters);
  const [rows, [totalRow]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filters.perPage)
      .offset((Math.max(1, filters.page) - 1) * filters.perPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export interface UserActivityCounts {
  comments: number;
  reviews: number;
  ratings: number;
}

/** Comments, published reviews and ratings per user. */
export async function countActivityOfUsers(
  db: Database,
  userIds: number[],
): Promise<Map<number, UserActivityCounts>> {
  const result = new Map<number, UserActivityCounts>(
    userIds.map((id) => [id, { comments: 0, reviews: 0, ratings: 0 }]),
  );
  if (userIds.length === 0) return result;
  const [commentRows, reviewRows, ratingRows] = await Promise.all([
    db
      .select({ userId: sql<number>`${comments.userId}`, n: count() })
      .from(comments)
      .where(and(inArray(comments.userId, userIds), isNull(comments.deletedAt)))
      .groupBy(comments.userId),
    db
      .select({ userId: userReviews.userId, n: count() })
      .from(userReviews)
      .where(
        and(
          inArray(userReviews.userId, userIds),
          isNull(userReviews.deletedAt),
          inArray(userReviews.status, ["approved", "hidden_by_model"]),
        ),
      )
      .groupBy(userReviews.userId),
    db
      .select({ userId: modelRatings.userId, n: count() })
      .from(modelRatings)
      .where(inArray(modelRatings.userId, userIds))
      .groupBy(modelRatings.userId),
  ]);
  for (const r of commentRows) result.get(Number(r.userId))!.comments = r.n;
  for (const r of reviewRows) result.get(r.userId)!.reviews = r.n;
  for (const r of ratingRows) result.get(r.userId)!.ratings = r.n;
  return result;
}

/** Models the user has already reviewed (a rejected review may be written again). */
export async function listModelsReviewedBy(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ modelId: userReviews.modelId })
    .from(userReviews)
    .where(
      and(eq(userReviews.userId, userId), isNull(userReviews.deletedAt), ne(userReviews.status, "rejected")),
    );
  return rows.map((r) => r.modelId).sort((a, b) => a - b);
}
