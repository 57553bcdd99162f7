// npm run db:seed — migrations, reference data, then the demo data when the database has no users yet.
import { seedDemoAndReport } from "./demo-seeding.ts";
import { openScriptDatabase, prepareDatabase, runScript } from "./script-database.ts";

await runScript(async () => {
  const handle = await openScriptDatabase();
  try {
    await prepareDatabase(handle);
    await seedDemoAndReport(handle);
  } finally {
    await handle.close();
  }
});
