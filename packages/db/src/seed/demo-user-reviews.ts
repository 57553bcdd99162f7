import { countWords } from "@camatlas/shared";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { createRandom } from "../factories/create-random.ts";
import { models, nicknames } from "../schema/models.ts";
import { userReviewNicknames, userReviews } from "../schema/user-reviews.ts";

// Camfans' reviews for the demo: published reviews of the first public models (the demo camgirl's model first, so
// she has one to hide), two waiting in the admin's queue and one rejected. The demo camfan account has none, so it
// can write one.

const TITLES = [
  "Friendly room, great conversation",
  "Worth every token",
  "Shy at first, then the best show of my week",
  "Consistent schedule and a warm welcome",
  "Good light, good sound, good company",
  "A regular's honest review",
  "Funny, chatty and always on time",
];

const SENTENCES = [
  "She greets everyone who enters the room by name, even the guests who never type.",
  "Her schedule is posted on her profile and she keeps to it almost every week.",
  "The camera is sharp and the light is warm, so the show looks good on a phone as well.",
  "Sound is clear; she uses a headset on busy nights so the music never drowns her voice.",
  "Tip goals are fair and she explains the menu without pushing anyone.",
  "Conversation is where she shines: she remembers what regulars told her days before.",
  "Moderators keep the chat friendly and rude guests are gone within seconds.",
  "Private shows start quickly and she checks what you would like before anything else.",
  "She takes short breaks every hour and says when she will be back.",
  "On special days she plans themed shows and announces them a week ahead.",
  "She answers questions about her camsites openly and links her other rooms.",
  "The room can get crowded on weekends, but she still reads the chat carefully.",
  "New viewers are never ignored, which is rare in rooms this size.",
  "Her playlist is part of the atmosphere and she takes requests.",
  "Games in the chat keep the mood light between the bigger goals.",
  "She thanks tippers without making the others feel left out.",
  "Her profile photos match what you see live, which builds trust.",
  "When the connection dropped once, she came back within a minute and apologised.",
  "Group shows feel personal because she talks to the room the whole time.",
  "Prices are clear and she never changes them in the middle of a show.",
];

/** A demo review text of about `words` words: the sentence pool in a new order each pass, six to a paragraph. */
function demoText(random: ReturnType<typeof createRandom>, words: number): string {
  const sentences: string[] = [];
  while (countWords(sentences.join(" ")) < words) sentences.push(...random.shuffle(SENTENCES));
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length && countWords(paragraphs.join(" ")) < words; i += 6)
    paragraphs.push(sentences.slice(i, i + 6).join(" "));
  return paragraphs.join("\n\n");
}

export async function seedDemoUserReviews(db: Database, input: { adminId: number; authorIds: number[] }) {
  if (input.authorIds.length === 0) return;
  const random = createRandom("camatlas-demo-user-reviews");
  const publicModels = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.isVisible, true), eq(models.pageVisibleFor, "everyone"), isNull(models.deletedAt)))
    .orderBy(asc(models.id))
    .limit(6);
  const modelIds = publicModels.map((m) => m.id);
  if (modelIds.length === 0) return;
  const nicknameRows = await db
    .select({ id: nicknames.id, modelId: nicknames.modelId })
    .from(nicknames)
    .where(and(inArray(nicknames.modelId, modelIds), isNull(nicknames.deletedAt)))
    .orderBy(asc(nicknames.id));
  // Four reviews of the first model, two of each other; then two pending and one rejected.
  const plan: { modelId: number; status: "approved" | "pending" | "rejected" }[] = [
    ...modelIds.flatMap((modelId, i) =>
      Array.from({ length: i === 0 ? 4 : 2 }, () => ({ modelId, status: "approved" as const })),
    ),
    { modelId: modelIds[0]!, status: "pending" },
    { modelId: modelIds[1 % modelIds.length]!, status: "pending" },
    { modelId: modelIds[2 % modelIds.length]!, status: "rejected" },
  ];
  const used = new Set<string>();
  let author = 0;
  const day = 24 * 3600_000;
  for (const [i, entry] of plan.entries()) {
    // One live review per author and model: the next author who has none of this model.
    let userId = input.authorIds[author++ % input.authorIds.length]!;
    while (used.has(`${userId}:${entry.modelId}`))
      userId = input.authorIds[author++ % input.authorIds.length]!;
    used.add(`${userId}:${entry.modelId}`);
    const body = demoText(random, random.int(520, 1100));
    const decided = entry.status !== "pending";
    const [row] = await db
      .insert(userReviews)
      .values({
        modelId: entry.modelId,
        userId,
        title: random.pick(TITLES),
        body,
        wordCount: countWords(body),
        rating: random.int(3, 5),
        status: entry.status,
        votes: entry.status === "approved" ? random.int(0, 12) : 0,
        reviewedByUserId: decided ? input.adminId : null,
        reviewedAt: decided ? new Date(Date.now() - (plan.length - i) * day + 3600_000) : null,
        rejectionReason:
          entry.status === "rejected" ? "Please describe her shows rather than one private chat." : null,
        createdAt: new Date(Date.now() - (plan.length - i) * day),
      })
      .returning({ id: userReviews.id });
    const hers = nicknameRows.filter((n) => n.modelId === entry.modelId).slice(0, random.int(1, 2));
    if (hers.length)
      await db.insert(userReviewNicknames).values(hers.map((n) => ({ reviewId: row!.id, nicknameId: n.id })));
  }
}
