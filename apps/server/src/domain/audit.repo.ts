import type { AuditAction } from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

export type AuditEntry = {
  companyId: string;
  branchId?: string | null;
  userId: string | null;
  /** One of AUDIT_ACTIONS (packages/shared/src/audit.ts). */
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The manager whose approval let the action pass a limit (domain/approvals.ts). */
  approvedById?: string | null;
  /** The register the action came from. */
  registerId?: string | null;
};

/**
 * Privileged actions write one row: who, on whose approval, what, before/after, when, from which
 * register. Call inside the action's transaction. Rows are append-only: no route updates or deletes
 * them, and a trigger refuses UPDATE and DELETE on audit_logs (migration 0013_audit_append_only).
 */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    companyId: entry.companyId,
    branchId: entry.branchId ?? null,
    userId: entry.userId,
    approvedById: entry.approvedById ?? null,
    registerId: entry.registerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
