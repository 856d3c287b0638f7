import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

export type AuditEntry = {
  companyId: string;
  branchId?: string | null;
  userId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Privileged actions write one row: who, what, before/after, when. Call inside the action's transaction. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    companyId: entry.companyId,
    branchId: entry.branchId ?? null,
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
