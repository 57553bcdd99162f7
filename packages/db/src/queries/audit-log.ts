import type { Database } from "../client.ts";
import { auditLog } from "../schema/settings.ts";

export interface AuditEntry {
  actorUserId: number | null;
  /** What happened, e.g. `user.role_changed`, `model.revision_approved`. */
  action: string;
  subjectType: string;
  subjectId: string | number;
  changes?: Record<string, unknown>;
  ip?: string | null;
  note?: string | null;
}

/**
 * Records a moderation, role, ownership or visibility change. Pass the transaction the change runs in,
 * so the audit row and the change commit or roll back together.
 */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    changes: entry.changes ?? {},
    ip: entry.ip ?? null,
    note: entry.note ?? null,
  });
}
