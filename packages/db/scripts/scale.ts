// npm run db:scale -- --models 300000 --nicknames 1000000 [--users 5000] [--reviews 100000] [--comments 1000000]
//   [--forum-topics 20000] [--forum-posts 200000] [--vocabulary 30000] [--batch 10000] [--seed scale]
// Bulk benchmark data on top of whatever is there (after migrations and reference data). Texts (reviews, comments,
// forum) are written only when asked for, after the models.
import { parseArgs } from "node:util";
import { generateScaleData, type ScaleProgress } from "../src/seed/scale-data.ts";
import { generateScaleText } from "../src/seed/scale-text.ts";
import {
  fail,
  openScriptDatabase,
  prepareDatabase,
  runScript,
  scriptTarget,
  seconds,
} from "./script-database.ts";

const { values } = parseArgs({
  options: {
    models: { type: "string", default: "300000" },
    nicknames: { type: "string" },
    users: { type: "string", default: "5000" },
    reviews: { type: "string", default: "0" },
    comments: { type: "string", default: "0" },
    "forum-topics": { type: "string", default: "0" },
    "forum-posts": { type: "string" },
    vocabulary: { type: "string", default: "30000" },
    batch: { type: "string", default: "10000" },
    seed: { type: "string", default: "camatlas-scale" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(
    "Usage: npm run db:scale -- --models 300000 --nicknames 1000000 [--users 5000] [--reviews 100000] [--comments 1000000] [--forum-topics 20000] [--forum-posts 200000] [--vocabulary 30000] [--batch 10000] [--seed text]",
  );
  process.exit(0);
}

const count = (name: string, text: string | undefined, fallback: number) => {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 0) fail(`--${name} must be a whole number ≥ 0 (got ${text}).`);
  return value;
};
const models = count("models", values.models, 300_000);
const options = {
  models,
  nicknames: count("nicknames", values.nicknames, Math.round(models * 3.3)),
  users: count("users", values.users, 5_000),
  batchSize: Math.max(1, count("batch", values.batch, 10_000)),
  seed: values.seed,
};
const forumTopics = count("forum-topics", values["forum-topics"], 0);
const text = {
  reviews: count("reviews", values.reviews, 0),
  comments: count("comments", values.comments, 0),
  forumTopics,
  forumPosts: count("forum-posts", values["forum-posts"], forumTopics * 10),
  vocabulary: count("vocabulary", values.vocabulary, 30_000),
};

await runScript(async () => {
  console.log(
    `Generating ${options.models.toLocaleString("en-US")} models, ${options.nicknames.toLocaleString("en-US")} nicknames and ${options.users.toLocaleString("en-US")} users into ${scriptTarget().label}…`,
  );
  // A busy server can take long to accept a connection while big batches are indexed.
  const handle = await openScriptDatabase({ poolSize: 4, connectTimeoutMs: 120_000 });
  try {
    await prepareDatabase(handle);
    let lastPrinted = "";
    let lastTenth = -1;
    const onProgress = (p: ScaleProgress) => {
      const tenth = Math.floor((p.done / Math.max(1, p.total)) * 10);
      if (p.table === lastPrinted && tenth === lastTenth) return;
      lastPrinted = p.table;
      lastTenth = tenth;
      console.log(
        `  ${p.table.padEnd(10)} ${p.done.toLocaleString("en-US").padStart(10)} / ${p.total.toLocaleString("en-US")}  (${seconds(p.elapsedMs)})`,
      );
    };
    // Texts alone (--models 0 --nicknames 0 --users 0) go on top of models generated before.
    const result =
      options.models + options.nicknames + options.users > 0
        ? await generateScaleData(handle.db, { ...options, onProgress })
        : { rows: {}, elapsedMs: 0 };
    if (text.reviews + text.comments + text.forumTopics > 0) {
      const written = await generateScaleText(handle.db, {
        ...text,
        batchSize: options.batchSize,
        seed: options.seed,
        onProgress,
      });
      result.elapsedMs += written.elapsedMs;
      Object.assign(result.rows, written.rows);
    }
    const total = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
    console.log(
      `Done in ${seconds(result.elapsedMs)}: ${total.toLocaleString("en-US")} rows, ${Math.round(total / (result.elapsedMs / 1000)).toLocaleString("en-US")} rows/s.`,
    );
    for (const [table, n] of Object.entries(result.rows))
      console.log(`  ${table.padEnd(10)} ${n.toLocaleString("en-US")}`);
  } finally {
    await handle.close();
  }
});
