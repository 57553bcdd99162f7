// npm run db:scale -- --models 300000 --nicknames 1000000 [--users 5000] [--batch 10000] [--seed scale]
// Bulk benchmark data on top of whatever is there (after migrations and reference data).
import { parseArgs } from "node:util";
import { generateScaleData, type ScaleProgress } from "../src/seed/scale-data.ts";
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
    batch: { type: "string", default: "10000" },
    seed: { type: "string", default: "camatlas-scale" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(
    "Usage: npm run db:scale -- --models 300000 --nicknames 1000000 [--users 5000] [--batch 10000] [--seed text]",
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

await runScript(async () => {
  console.log(
    `Generating ${options.models.toLocaleString("en-US")} models, ${options.nicknames.toLocaleString("en-US")} nicknames and ${options.users.toLocaleString("en-US")} users into ${scriptTarget().label}…`,
  );
  const handle = await openScriptDatabase({ poolSize: 4 });
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
    const result = await generateScaleData(handle.db, { ...options, onProgress });
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
