import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../client.ts";
import { revokedTokens } from "../schema/users.ts";

export async function revokeToken(db: Database, jti: string, until: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt: until }).onConflictDoNothing();
}

export async function isTokenRevoked(db: Database, jti: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(and(eq(revokedTokens.jti, jti), gt(revokedTokens.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Entries past their expiry can go: the tokens they block no longer verify anyway. */
export async function pruneRevokedTokens(db: Database, now = new Date()): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}
