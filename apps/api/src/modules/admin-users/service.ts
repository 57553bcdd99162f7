import { findUserById, type UserRow, updateUser } from "@camatlas/db";
import { API_MESSAGES } from "@camatlas/shared";
import type { AdminUserReply } from "@camatlas/shared/api-contract";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { forbidden, notFound } from "../../lib/http-errors.ts";
import { presentAdminUser } from "../auth/presenter.ts";

/** The user an admin acts on; an admin cannot lock themself out (no self-demotion, no self-block). */
export async function targetOf(c: Context<AppEnv>, id: number): Promise<UserRow> {
  if (id === currentUser(c).id) throw forbidden(API_MESSAGES.cannotModerateSelf);
  const user = await findUserById(c.var.deps.db, id);
  if (!user) throw notFound();
  return user;
}

/** Applies a role or block change and its audit row in one transaction, then answers with the fresh user. */
export async function changeUser(
  c: Context<AppEnv>,
  user: UserRow,
  change: {
    blockedAt?: Date | null;
    blockedReason?: string | null;
    blockedUntil?: Date | null;
    roleId?: number;
  },
  entry: { action: string; changes: Record<string, unknown> },
  message: string,
): Promise<{ message: string; user: AdminUserReply }> {
  const { db } = c.var.deps;
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, change);
    await audit(c, tx, { ...entry, subjectType: "user", subjectId: user.id });
  });
  const fresh = await findUserById(db, user.id);
  if (!fresh) throw notFound();
  return { message, user: presentAdminUser(fresh) };
}
