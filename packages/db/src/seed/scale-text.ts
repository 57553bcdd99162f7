import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { createRandom } from "../factories/create-random.ts";
import { slugify } from "../factories/person-names.ts";
import {
  columns,
  nextId,
  push,
  rowsOf,
  type ScaleProgress,
  syncSequence,
  writeBatches,
} from "./scale-data.ts";
import { buildScaleVocabulary, createTextWriter } from "./scale-vocabulary.ts";

export interface ScaleTextOptions {
  reviews: number;
  comments: number;
  forumTopics: number;
  forumPosts: number;
  /** Made-up words after the real ones (the rare end of the vocabulary). */
  vocabulary: number;
  batchSize: number;
  seed: string;
  onProgress?: (event: ScaleProgress) => void;
}

export interface ScaleTextResult {
  rows: Record<string, number>;
  elapsedMs: number;
}

/** How far back the generated texts reach; each table's rows get older as their ids get smaller, as on a live site. */
const SPAN_DAYS = 1_500;

/**
 * What people write, at scale, on the users and models already there: user reviews, comments (on models and on
 * those reviews), forum topics with their posts. Texts come from a Zipf-like vocabulary (scale-vocabulary.ts) so
 * full-text search has common and rare words to find; some rows are pending, rejected or deleted so search's
 * visibility rules have work to do. Deterministic for a seed and a starting database.
 */
export async function generateScaleText(db: Database, options: ScaleTextOptions): Promise<ScaleTextResult> {
  const started = performance.now();
  const random = createRandom(`${options.seed}:text`);
  const writer = createTextWriter(
    random,
    buildScaleVocabulary(random.fork("vocabulary"), options.vocabulary),
  );
  const rows: Record<string, number> = {};
  const report = (table: string, done: number, total: number) =>
    options.onProgress?.({ table, done, total, elapsedMs: performance.now() - started });

  const userIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where deleted_at is null order by id`),
  ).map((r) => Number(r.id));
  const modelIds = rowsOf<{ id: number }>(await db.execute(sql`select id from models order by id`)).map((r) =>
    Number(r.id),
  );
  if (userIds.length === 0 || modelIds.length === 0)
    throw new Error("Scale texts need users and models first.");
  const now = Date.now();
  /** Older for smaller i, with a few minutes of jitter. */
  const timeOf = (i: number, total: number) =>
    new Date(
      now - ((total - i) / Math.max(1, total)) * SPAN_DAYS * 86_400_000 - random.int(0, 600) * 1000,
    ).toISOString();

  // User reviews: (user, model) pairs stay distinct (one live review per user and model) by stepping both by
  // numbers prime to their counts.
  const reviewStart = await nextId(db, "user_reviews");
  const modelStep = 7919 % modelIds.length || 1;
  rows.user_reviews = await writeBatches(
    db,
    "user_reviews",
    options.reviews,
    options.batchSize,
    report,
    (from, to) => {
      const cols = columns({
        id: "int",
        model_id: "int",
        user_id: "int",
        title: "text",
        body: "text",
        word_count: "int",
        rating: "smallint",
        status: "text",
        deleted_at: "timestamptz",
        created_at: "timestamptz",
        updated_at: "timestamptz",
      });
      for (let i = from; i < to; i++) {
        const words = random.int(40, 260);
        const body = writer.text(words);
        const at = timeOf(i, options.reviews);
        const roll = random.next();
        push(cols, [
          reviewStart + i,
          modelIds[(i * modelStep) % modelIds.length]!,
          userIds[i % userIds.length]!,
          writer.title(random.int(3, 8)),
          body,
          words,
          random.weighted([5, 4, 3, 2, 1], [40, 30, 15, 8, 7]),
          roll < 0.85 ? "approved" : roll < 0.95 ? "pending" : "rejected",
          random.chance(0.02) ? at : null,
          at,
          at,
        ]);
      }
      return cols;
    },
  );

  // Comments: three in four on a model's page, the rest under the reviews above; one in ten by a guest.
  const commentStart = await nextId(db, "comments");
  rows.comments = await writeBatches(
    db,
    "comments",
    options.comments,
    options.batchSize,
    report,
    (from, to) => {
      const cols = columns({
        id: "int",
        comment_zone: "text",
        commentable_id: "int",
        user_id: "int",
        author_name: "text",
        text: "text",
        deleted_at: "timestamptz",
        created_at: "timestamptz",
        updated_at: "timestamptz",
      });
      for (let i = from; i < to; i++) {
        const onReview = options.reviews > 0 && random.chance(0.25);
        const guest = random.chance(0.1);
        const at = timeOf(i, options.comments);
        push(cols, [
          commentStart + i,
          onReview ? "user_review" : "model",
          onReview ? reviewStart + random.int(0, options.reviews - 1) : random.pick(modelIds),
          guest ? null : random.pick(userIds),
          guest ? `Guest ${random.int(1, 9999)}` : null,
          writer.text(random.int(4, 45)),
          random.chance(0.03) ? at : null,
          at,
          at,
        ]);
      }
      return cols;
    },
  );

  // Forum: four categories of its own, topics (one in five about a model), then each topic's posts in order.
  if (options.forumTopics > 0) {
    await db.execute(sql`insert into forum_categories (slug, title, position) values
      ('scale-general', 'General', 100), ('scale-models', 'Models', 101), ('scale-camsites', 'Camsites', 102),
      ('scale-help', 'Help', 103) on conflict (slug) do nothing`);
    const categoryIds = rowsOf<{ id: number }>(
      await db.execute(sql`select id from forum_categories where slug like 'scale-%' order by id`),
    ).map((r) => Number(r.id));
    const topicStart = await nextId(db, "forum_topics");
    const meanPosts = Math.max(1, options.forumPosts / options.forumTopics);
    const postCounts = new Uint16Array(options.forumTopics);
    const topicModels: number[] = [];
    rows.forum_topics = await writeBatches(
      db,
      "forum_topics",
      options.forumTopics,
      options.batchSize,
      report,
      (from, to) => {
        const cols = columns({
          id: "int",
          category_id: "int",
          model_id: "int",
          user_id: "int",
          title: "text",
          slug: "text",
          status: "text",
          posts_count: "int",
          last_position: "int",
          last_post_at: "timestamptz",
          created_at: "timestamptz",
          updated_at: "timestamptz",
        });
        for (let i = from; i < to; i++) {
          const id = topicStart + i;
          // Geometric-like: most threads short, a few long (capped by the array's type).
          const posts = Math.min(60_000, 1 + Math.floor(-Math.log(1 - random.next()) * (meanPosts - 1)));
          postCounts[i] = posts;
          const modelId = random.chance(0.2) ? random.pick(modelIds) : null;
          topicModels[i] = modelId ?? 0;
          const title = writer.title(random.int(4, 10));
          const at = timeOf(i, options.forumTopics);
          push(cols, [
            id,
            random.pick(categoryIds),
            modelId,
            random.pick(userIds),
            title,
            `${slugify(title).slice(0, 200)}-${id}`,
            random.chance(0.97) ? "published" : "pending",
            posts,
            posts,
            at,
            at,
            at,
          ]);
        }
        return cols;
      },
    );
    await writeBatches(
      db,
      "forum_topic_models",
      options.forumTopics,
      options.batchSize,
      report,
      (from, to) => {
        const cols = columns({ topic_id: "int", model_id: "int" });
        for (let i = from; i < to; i++) if (topicModels[i]) push(cols, [topicStart + i, topicModels[i]]);
        return cols;
      },
    );

    // Posts are cut into batches by topic, so a batch holds about batchSize posts.
    const postStart = await nextId(db, "forum_posts");
    let postId = postStart;
    const totalPosts = postCounts.reduce((sum, n) => sum + n, 0);
    const topicsPerBatch = Math.max(1, Math.floor(options.batchSize / meanPosts));
    rows.forum_posts = await writeBatches(
      db,
      "forum_posts",
      Math.ceil(options.forumTopics / topicsPerBatch),
      1,
      (table, done, total) => report(table, Math.round((done / total) * totalPosts), totalPosts),
      (batch) => {
        const cols = columns({
          id: "int",
          topic_id: "int",
          user_id: "int",
          position: "int",
          body: "text",
          deleted_at: "timestamptz",
          created_at: "timestamptz",
          updated_at: "timestamptz",
        });
        const last = Math.min(options.forumTopics, (batch + 1) * topicsPerBatch);
        for (let i = batch * topicsPerBatch; i < last; i++) {
          const at = timeOf(i, options.forumTopics);
          for (let position = 1; position <= postCounts[i]!; position++) {
            push(cols, [
              postId++,
              topicStart + i,
              random.pick(userIds),
              position,
              writer.text(random.int(10, 120)),
              position > 1 && random.chance(0.02) ? at : null,
              at,
              at,
            ]);
          }
        }
        return cols;
      },
    );
    for (const table of ["forum_topics", "forum_posts"]) await syncSequence(db, table);
  }
  for (const table of ["user_reviews", "comments"]) await syncSequence(db, table);
  // Statistics for the planner (the tsvector columns' most common words too) and the visibility map.
  await db.execute(
    sql`vacuum analyze user_reviews, comments, forum_categories, forum_topics, forum_topic_models, forum_posts`,
  );
  return { rows, elapsedMs: performance.now() - started };
}
