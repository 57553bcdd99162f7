import { type AuditEntry, type Database, writeAudit } from "@camatlas/db";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * Records a moderation, role, ownership or visibility change made by the caller, from the caller's address. Pass the
 * transaction the change runs in, so both commit or roll back together.
 */
export function audit(
  c: Context<AppEnv>,
  tx: Database,
  entry: Omit<AuditEntry, "actorUserId" | "ip"> & { actorUserId?: number | null },
): Promise<void> {
  return writeAudit(tx, { actorUserId: c.var.user?.id ?? null, ip: c.var.clientIp, ...entry });
}
