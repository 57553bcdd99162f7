import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { createForumCategory, createForumTopic } from "../factories/forum-factory.ts";
import { forumSubscriptions } from "../schema/forum.ts";
import { models } from "../schema/models.ts";

// A small forum for the demo: four categories (one for admins' announcements), a few topics about public models
// with replies from demo members (one quoting, one mentioning), a pinned welcome and a long thread of 45 posts so
// paging and "jump to first unread" have something to show.

export async function seedDemoForum(db: Database, input: { adminId: number; memberIds: number[] }) {
  const members = input.memberIds.length ? input.memberIds : [input.adminId];
  const member = (i: number) => members[i % members.length]!;
  const publicModels = await db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(and(eq(models.isVisible, true), eq(models.pageVisibleFor, "everyone"), isNull(models.deletedAt)))
    .orderBy(asc(models.id))
    .limit(3);

  const announcements = await createForumCategory(db, {
    slug: "announcements",
    title: "Announcements",
    description: "News about the site from the team.",
    position: 0,
    postingAccess: "admins",
  });
  const models_ = await createForumCategory(db, {
    slug: "models",
    title: "Models",
    description: "Talk about your favourite performers, their shows and schedules.",
    position: 1,
  });
  const camsites = await createForumCategory(db, {
    slug: "camsites",
    title: "Camsites",
    description: "Which sites work best, payments, apps and features.",
    position: 2,
  });
  const general = await createForumCategory(db, {
    slug: "general",
    title: "General chat",
    description: "Everything else.",
    position: 3,
  });

  await createForumTopic(db, {
    categoryId: announcements.id,
    userId: input.adminId,
    title: "Welcome to the forum",
    slug: "welcome-to-the-forum",
    isPinned: true,
    isLocked: true,
    bodies: [
      "Welcome! Be kind, stay on topic and **no personal information** about performers.\n\n- Link a model to your topic so it shows on her Discussions tab\n- Use @nick to mention a member\n- Report posts that break the rules",
    ],
  });
  for (const [i, model] of publicModels.entries()) {
    const topic = await createForumTopic(db, {
      categoryId: models_.id,
      userId: member(i),
      title: `${model.name}: schedule and best shows`,
      slug: `${model.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-schedule-and-best-shows`,
      tags: ["schedule"],
      modelIds: [model.id],
      bodies: [`Does anyone know when ${model.name} usually goes online? I keep missing her shows.`],
      replies: 2 + i,
      replyUserIds: [member(i + 1), member(i + 2)],
    });
    await db
      .insert(forumSubscriptions)
      .values({ topicId: topic.id, userId: member(i) })
      .onConflictDoNothing();
  }
  await createForumTopic(db, {
    categoryId: camsites.id,
    userId: member(3),
    title: "Which camsite has the best mobile app?",
    slug: "which-camsite-has-the-best-mobile-app",
    tags: ["apps", "mobile"],
    bodies: [
      "I watch mostly on my phone. Which site's app works best for you?",
      "> Which site's app works best for you?\n\nThe browser version works better than most apps, honestly.",
    ],
    replyUserIds: [member(4)],
  });
  await createForumTopic(db, {
    categoryId: general.id,
    userId: member(5),
    title: "Introduce yourself",
    slug: "introduce-yourself",
    bodies: ["New here? Say hello and tell us who you like to watch."],
    replies: 44,
    replyUserIds: members.slice(0, 8),
  });
}
