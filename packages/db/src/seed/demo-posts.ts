import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { createPost } from "../factories/post-factory.ts";
import { models, nicknames } from "../schema/models.ts";

// A handful of editorial posts for the demo: reviews of the best-rated public models (her avatar as the cover, her
// camsite linked), blog posts and news, one news item scheduled for tomorrow and one draft, so every list, the
// home sections, a model's Reviews tab and the desk have something true to show.

const DAY_MS = 24 * 60 * 60 * 1000;

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join("");

const REVIEW_BODY = (name: string) =>
  `<h2>First impressions</h2>${paragraphs(
    `${name} opens her shows on time and greets every regular by name; the room feels like a chat among friends before anything else.`,
    "The camera work is steady and the lighting warm, which matters more than most performers think when a show runs for two hours.",
  )}<h2>What we liked</h2><ul><li>Consistent schedule, announced a day ahead</li><li>Good audio: no echo, music kept low</li><li>Tip menu that is short and clear</li></ul><h2>Worth knowing</h2>${paragraphs(
    "Private shows book out quickly on weekends; the quieter weekday afternoons (UTC) are the best time to catch her in free chat.",
  )}`;

const BLOG = [
  {
    postName: "how-we-track-online-time",
    postTitle: "How we track online time across camsites",
    excerpt: "Where the hours on every stats page come from, and why a short gap is not a new session.",
    body: `<h2>One observation at a time</h2>${paragraphs(
      "Every few minutes we read each camsite's public list of rooms and note who is online, in which show, and how many viewers watch.",
      "Two readings in a row make an interval; a gap longer than the camsite's usual polling spacing ends a session.",
    )}<h2>Daily rollups</h2>${paragraphs("Intervals are summed per day, so a year of history reads as fast as a week.")}`,
    tags: ["Statistics", "Guides"],
  },
  {
    postName: "five-tips-for-your-first-private-show",
    postTitle: "Five tips for your first private show",
    excerpt: "Set expectations, check the per-minute price, and be kind: a short guide for new members.",
    body: `<ol><li>Read the performer's rules in her bio first.</li><li>Check the per-minute price and your balance.</li><li>Say what you would like before the timer starts.</li><li>Keep it respectful: she can end the show at any time.</li><li>Leave a rating: it helps others find her.</li></ol>`,
    tags: ["Guides"],
  },
  {
    postName: "what-makes-a-great-cam-room",
    postTitle: "What makes a great cam room",
    excerpt: "Light, sound, a schedule and a few rules: what the rooms fans love have in common.",
    body: paragraphs(
      "We looked at the rooms with the most returning viewers in our statistics. Almost all of them stream at fixed hours and keep their tip menus short.",
      "Good sound matters as much as a good picture: background music kept low, no echo, a microphone close enough to hear a whisper.",
    ),
    tags: ["Insights"],
  },
];

const NEWS = [
  {
    postName: "stripchat-stats-now-updated-every-minute",
    postTitle: "Stripchat stats now updated every minute",
    excerpt: "Online status and viewers of Stripchat rooms now refresh every minute instead of every five.",
    body: paragraphs(
      "Thanks to a faster reading of Stripchat's public model list, online badges and viewer counts are fresher across the site.",
    ),
    camSiteIds: [36],
  },
  {
    postName: "new-reviews-section",
    postTitle: "Our reviews have a home of their own",
    excerpt: "Reviews by our team now live under Reviews, and every model page lists the ones about her.",
    body: paragraphs("Find them from the header, on the home page, and on each model's Reviews tab."),
    camSiteIds: [],
  },
];

export async function seedDemoPosts(db: Database, adminId: number, now = new Date()): Promise<void> {
  const stars = await db
    .select({
      id: models.id,
      name: models.name,
      avatarMediaId: models.avatarMediaId,
      camSiteId: sql<
        number | null
      >`(select n.cam_site_id from ${nicknames} n where n.model_id = ${models.id} order by n.id limit 1)`,
    })
    .from(models)
    .where(
      and(
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        eq(models.pageVisibleFor, "everyone"),
        isNotNull(models.avatarMediaId),
      ),
    )
    .orderBy(desc(models.rating), desc(models.id))
    .limit(5);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  for (const [i, star] of stars.entries()) {
    const draft = i === stars.length - 1;
    await createPost(db, {
      type: "review",
      postName: `${star.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")}-review`,
      postTitle: `${star.name}: our review`,
      excerpt: `Why ${star.name}'s shows keep their regulars coming back, and when to catch her online.`,
      body: REVIEW_BODY(star.name),
      imageMediaId: star.avatarMediaId,
      authorId: adminId,
      status: draft ? "draft" : "published",
      publishedAt: draft ? null : daysAgo(2 + i * 5),
      votes: draft ? 0 : 12 - i * 2,
      modelIds: [star.id],
      camSiteIds: star.camSiteId ? [star.camSiteId] : [],
      tags: ["Model review"],
    });
  }
  for (const [i, post] of BLOG.entries())
    await createPost(db, {
      ...post,
      type: "blog",
      authorId: adminId,
      publishedAt: daysAgo(3 + i * 9),
      votes: 5 - i,
    });
  for (const [i, { camSiteIds, ...post }] of NEWS.entries())
    await createPost(db, {
      ...post,
      type: "news",
      authorId: adminId,
      publishedAt: daysAgo(1 + i * 4),
      camSiteIds,
    });
  await createPost(db, {
    type: "news",
    postName: "weekend-maintenance",
    postTitle: "Weekend maintenance",
    excerpt: "The site will be read-only for ten minutes on Sunday at 06:00 UTC.",
    body: paragraphs(
      "Statistics keep being collected during the maintenance; pages will catch up right after.",
    ),
    authorId: adminId,
    // Scheduled: appears on its own tomorrow.
    publishedAt: new Date(now.getTime() + DAY_MS),
  });
}
