import { and, asc, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { forumBans, forumCategories, forumPosts, forumReports, forumTopics } from "../schema/forum.ts";
import { media } from "../schema/media.ts";
import { settings } from "../schema/settings.ts";
import { users } from "../schema/users.ts";
import type { ForumUserRefRow } from "./forum-topics.ts";

// The forum's moderation: reports of posts, the queue of held posts, forum bans and the forum's settings row.

const userRef = (column: unknown) => sql<ForumUserRefRow | null>`(select json_build_object('id', u.id,
  'nick_name', u.nick_name, 'avatar_path', (select m.path from ${media} m where m.id = u.avatar_media_id and m.deleted_at is null),
  'avatar_blurhash', (select m.blurhash from ${media} m where m.id = u.avatar_media_id and m.deleted_at is null))
  from ${users} u where u.id = ${column})`;

const pageOf = (paging: { page: number; perPage: number }) => (Math.max(1, paging.page) - 1) * paging.perPage;

/** Files a report; false when this member already reported this post. */
export async function insertForumReport(
  db: Database,
  values: {
    postId: number;
    userId: number;
    reason: (typeof forumReports.$inferInsert)["reason"];
    note: string | null;
  },
) {
  const rows = await db
    .insert(forumReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: forumReports.id });
  return rows.length > 0;
}

/** Open reports, oldest first, with the reported post and where it is. */
export async function listOpenForumReports(db: Database, paging: { page: number; perPage: number }) {
  const where = eq(forumReports.status, "pending");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: forumReports.id,
        reason: forumReports.reason,
        note: forumReports.note,
        status: forumReports.status,
        createdAt: forumReports.createdAt,
        reporter: userRef(forumReports.userId),
        postId: forumPosts.id,
        postBody: forumPosts.body,
        postPosition: forumPosts.position,
        postDeletedAt: forumPosts.deletedAt,
        postAuthor: userRef(forumPosts.userId),
        topicTitle: forumTopics.title,
        topicSlug: forumTopics.slug,
        categorySlug: forumCategories.slug,
      })
      .from(forumReports)
      .innerJoin(forumPosts, eq(forumPosts.id, forumReports.postId))
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
      .where(where)
      .orderBy(asc(forumReports.createdAt), asc(forumReports.id))
      .limit(paging.perPage)
      .offset(pageOf(paging)),
    db.select({ n: count() }).from(forumReports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findForumReport(db: Database, id: number) {
  const [row] = await db
    .select({ id: forumReports.id, postId: forumReports.postId, status: forumReports.status })
    .from(forumReports)
    .where(eq(forumReports.id, id))
    .limit(1);
  return row ?? null;
}

/** Closes a report (and, when the post is deleted, every other open report of it). */
export async function closeForumReports(
  db: Database,
  by: { reportId: number } | { postId: number },
  status: "resolved" | "dismissed",
  adminId: number,
) {
  await db
    .update(forumReports)
    .set({ status, resolvedByUserId: adminId, resolvedAt: new Date() })
    .where(
      and(
        eq(forumReports.status, "pending"),
        "reportId" in by ? eq(forumReports.id, by.reportId) : eq(forumReports.postId, by.postId),
      ),
    );
}

/** Posts held for approval, oldest first, with their topic. */
export async function listPendingForumPosts(db: Database, paging: { page: number; perPage: number }) {
  const where = and(eq(forumPosts.status, "pending"), isNull(forumPosts.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: forumPosts.id,
        body: forumPosts.body,
        createdAt: forumPosts.createdAt,
        author: userRef(forumPosts.userId),
        topicId: forumTopics.id,
        topicTitle: forumTopics.title,
        topicSlug: forumTopics.slug,
        topicStatus: forumTopics.status,
        categorySlug: forumCategories.slug,
      })
      .from(forumPosts)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
      .where(where)
      .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
      .limit(paging.perPage)
      .offset(pageOf(paging)),
    db.select({ n: count() }).from(forumPosts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The member's forum ban in force now, or null. */
export async function findActiveForumBan(db: Database, userId: number, now = new Date()) {
  const [row] = await db
    .select({ userId: forumBans.userId, until: forumBans.until, reason: forumBans.reason })
    .from(forumBans)
    .where(and(eq(forumBans.userId, userId), or(isNull(forumBans.until), gt(forumBans.until, now))))
    .limit(1);
  return row ?? null;
}

export async function upsertForumBan(
  db: Database,
  values: { userId: number; reason: string | null; until: Date | null; bannedByUserId: number },
) {
  await db
    .insert(forumBans)
    .values(values)
    .onConflictDoUpdate({
      target: forumBans.userId,
      set: {
        reason: values.reason,
        until: values.until,
        bannedByUserId: values.bannedByUserId,
        createdAt: new Date(),
      },
    });
}

export async function deleteForumBan(db: Database, userId: number) {
  const rows = await db
    .delete(forumBans)
    .where(eq(forumBans.userId, userId))
    .returning({ userId: forumBans.userId });
  return rows.length > 0;
}

export async function listForumBans(db: Database, paging: { page: number; perPage: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user: userRef(forumBans.userId),
        reason: forumBans.reason,
        until: forumBans.until,
        createdAt: forumBans.createdAt,
      })
      .from(forumBans)
      .orderBy(desc(forumBans.createdAt))
      .limit(paging.perPage)
      .offset(pageOf(paging)),
    db.select({ n: count() }).from(forumBans),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The forum's settings row (FORUM_SETTING_NAME), or null when never saved. */
export async function findForumSettingValue(db: Database, name: string) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.name, name))
    .limit(1);
  return row?.value ?? null;
}

/** Saves the forum's settings row: private (admins only), not one of the page settings. */
export async function saveForumSettingValue(db: Database, name: string, value: unknown) {
  await db
    .insert(settings)
    .values({ name, value, isPublic: false })
    .onConflictDoUpdate({ target: settings.name, set: { value, updatedAt: new Date() } });
}
