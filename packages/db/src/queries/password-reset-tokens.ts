import { and, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../client.ts";
import { passwordResetTokens } from "../schema/users.ts";

/** Stores the hash of a freshly mailed recovery token (the token itself is never stored). */
export async function insertPasswordResetToken(
  db: Database,
  values: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** The user a recovery token belongs to while it is unused and unexpired; null otherwise. */
export async function findUsablePasswordResetToken(
  db: Database,
  tokenHash: string,
  now = new Date(),
): Promise<{ userId: number } | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a usable token used and returns its user, in one statement: two concurrent restores with the same
 * token cannot both succeed.
 */
export async function consumePasswordResetToken(
  db: Database,
  tokenHash: string,
  now = new Date(),
): Promise<{ userId: number } | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row ?? null;
}

/** After a successful restore the user's other outstanding links stop working too. */
export async function expirePasswordResetTokensOf(db: Database, userId: number, now = new Date()) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Used or expired tokens can go. */
export async function prunePasswordResetTokens(db: Database, now = new Date()) {
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
}
