import { hash } from "@node-rs/argon2";
import type { DatabaseHandle } from "../src/client.ts";
import { type DemoSeedResult, seedDemoData } from "../src/seed/demo-data.ts";
import { scriptTarget, seconds } from "./script-database.ts";

/** Seeds the demo set with real argon2id hashes (the API's defaults), then prints what happened. */
export async function seedDemoAndReport(handle: DatabaseHandle): Promise<DemoSeedResult> {
  const started = performance.now();
  const result = await seedDemoData(handle.db, {
    hashPassword: (password) => hash(password),
    mediaDir: scriptTarget().mediaDir,
  });
  if (!result.created) {
    console.log("The database already has users: demo data left alone (npm run db:reset starts over).");
    return result;
  }
  console.log(`Demo data seeded in ${seconds(performance.now() - started)}. Demo accounts:`);
  for (const account of result.accounts) {
    console.log(`  ${account.role.padEnd(8)} ${account.email.padEnd(28)} password: ${account.password}`);
  }
  return result;
}
