// Seconds the demo statistics history adds to a first start: fresh embedded database, demo seed, then the history.
// node bench/stats-demo-history.ts [--days 90] [--step 3600] [--per-camsite 8] [--broad-days 14]
import { parseArgs } from "node:util";
import { writeDemoHistory } from "@camatlas/api";
import { openDatabase, runMigrations } from "@camatlas/db";
import { seedDemoData, seedReferenceData } from "@camatlas/db/seed";

const { values } = parseArgs({
  options: {
    days: { type: "string", default: "90" },
    step: { type: "string", default: "3600" },
    "per-camsite": { type: "string", default: "8" },
    "broad-days": { type: "string", default: "14" },
    url: { type: "string" },
  },
});
const handle = await openDatabase({ url: values.url });
await runMigrations(handle);
await seedReferenceData(handle.db);
const seedStart = performance.now();
await seedDemoData(handle.db, {
  hashPassword: async (p) => `plain:${p}`,
  mediaDir: "/tmp/camatlas-bench-media",
});
console.log(`demo seed: ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
const result = await writeDemoHistory(handle.db, {
  days: Number(values.days),
  stepSeconds: Number(values.step),
  nicknamesPerCamsite: Number(values["per-camsite"]),
  broadDays: Number(values["broad-days"]),
  until: Math.floor(Date.now() / 1000),
});
console.log(`history: ${result.polls} polls in ${result.seconds.toFixed(1)} s (${handle.engine})`);
await handle.close();
