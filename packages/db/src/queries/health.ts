import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

/** A round trip to the database, for /api/health. */
export async function pingDatabase(db: Database): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
