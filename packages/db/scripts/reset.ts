// npm run db:reset — wipes the database, then migrations, reference data and demo data. Refused in production.
import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { seedDemoAndReport } from "./demo-seeding.ts";
import { fail, openScriptDatabase, prepareDatabase, runScript, scriptTarget } from "./script-database.ts";

await runScript(async () => {
  const target = scriptTarget();
  const production = process.env.NODE_ENV === "production" || process.env.APP_ENV === "production";
  if (production && !process.argv.includes("--force")) {
    fail(
      "Refusing to wipe a production database (NODE_ENV/APP_ENV is production). Add --force if you mean it.",
    );
  }
  if (!target.url) {
    // PGlite: the data folder is the database.
    await rm(target.dbDir, { recursive: true, force: true });
    console.log(`Deleted ${target.dbDir}.`);
  }
  const handle = await openScriptDatabase();
  try {
    if (target.url) {
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`create schema public`);
      console.log(`Wiped schemas public and drizzle of ${target.label}.`);
    }
    await prepareDatabase(handle);
    await seedDemoAndReport(handle);
  } finally {
    await handle.close();
  }
});
