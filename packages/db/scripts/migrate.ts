// npm run db:migrate — applies the committed migrations and loads the reference data.
import { openScriptDatabase, prepareDatabase, runScript, scriptTarget, seconds } from "./script-database.ts";

await runScript(async () => {
  const started = performance.now();
  const handle = await openScriptDatabase();
  try {
    await prepareDatabase(handle);
  } finally {
    await handle.close();
  }
  console.log(
    `Migrations and reference data applied to ${scriptTarget().label} in ${seconds(performance.now() - started)}.`,
  );
});
