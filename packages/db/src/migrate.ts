import { fileURLToPath } from "node:url";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

/** Where the committed SQL migrations live; overridable for bundled builds. */
export const MIGRATIONS_FOLDER =
  process.env.MIGRATIONS_FOLDER ?? fileURLToPath(new URL("../migrations", import.meta.url));

/** Applies the committed migrations (drizzle-kit's own PGlite driver cannot load pg_trgm, so we migrate here). */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const config = { migrationsFolder, migrationsSchema: "drizzle" };
  // Several instances starting at once migrate one after another.
  await handle.withLock(MIGRATION_LOCK_ID, () => applyMigrations(handle, config));
}

const MIGRATION_LOCK_ID = 727_271;

async function applyMigrations(
  handle: DatabaseHandle,
  config: { migrationsFolder: string; migrationsSchema: string },
) {
  if (handle.engine === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the two drivers' drizzle types differ only by the session HKT.
    await migratePglite(handle.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await migrateNodePostgres(handle.db as any, config);
  }
}
