import type { AuditLogItem, AuditLogQuery, PageMeta } from '@pos/shared';
import { pageMeta, ROLE_IDS } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, requirePermission, resolveBranch, resolveCompany } from '../../lib/access';
import { AppError, notFound } from '../../lib/errors';
import { selectInBatches } from '../../lib/export.repo';
import { type ExportColumn, type ListExport, mapBatches } from '../../lib/export-columns';
import { findCompanyTimezone } from '../../lib/tenant.repo';
import * as repo from './audit.repo';

/**
 * Who reads what: a Super Admin a whole company (`companyId`) or one branch of it; a Manager their
 * branch only (the branch they are assigned to; another branch's id is a 404 like any id out of
 * reach, and a company-wide read is a 403). Cashiers have no view_audit (403).
 */
async function resolveFilter(
  db: Db,
  actor: Actor,
  q: Omit<AuditLogQuery, 'page' | 'limit'>,
): Promise<repo.AuditFilter> {
  requirePermission(actor, 'view_audit');
  const isManager = actor.roleId === ROLE_IDS.manager && !actor.isSuperUser;
  let filter: repo.AuditFilter;
  if (q.branchId) {
    const scope = await resolveBranch(db, { actor, branchId: q.branchId, permission: 'view_audit' });
    if (isManager && actor.branchId && actor.branchId !== scope.branchId) throw notFound('Branch');
    if (q.companyId && q.companyId !== scope.companyId) throw notFound('Branch');
    filter = { companyId: scope.companyId, branchId: scope.branchId, timezone: scope.timezone };
  } else {
    // Before the id: the answer must not depend on it.
    if (isManager) throw new AppError(403, 'FORBIDDEN', "Managers read their branch's audit log: choose the branch");
    const companyId = resolveCompany(actor, q.companyId ?? '', 'view_audit');
    filter = { companyId, timezone: await findCompanyTimezone(db, companyId) };
  }
  if (q.userId && !(await repo.isCompanyUser(db, { companyId: filter.companyId, userId: q.userId }))) {
    throw notFound('User');
  }
  return { ...filter, userId: q.userId, action: q.action, from: q.from, to: q.to };
}

const person = (id: string | null, name: string | null, username: string | null) =>
  id ? { id, name: name ?? '', username: username ?? '' } : null;

function toItem(row: repo.AuditRow): AuditLogItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    branchId: row.branchId,
    branchName: row.branchName,
    user: person(row.userId, row.userName, row.userUsername),
    approvedBy: person(row.approvedById, row.approverName, row.approverUsername),
    registerId: row.registerId,
    registerCode: row.registerCode,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** GET /audit-logs: one page, newest first, filtered by user, action, local days and branch. */
export async function listAuditLogs(
  db: Db,
  actor: Actor,
  query: AuditLogQuery,
): Promise<{ items: AuditLogItem[]; meta: PageMeta }> {
  const filter = await resolveFilter(db, actor, query);
  const { rows, total } = await repo.listAudit(db, filter, query);
  return { items: rows.map(toItem), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

const COLUMNS: ExportColumn<repo.AuditRow>[] = [
  { header: 'When', type: 'date', value: (r) => r.createdAt },
  { header: 'Action', value: (r) => r.action },
  { header: 'User', value: (r) => r.userUsername },
  { header: 'Approved by', value: (r) => r.approverUsername },
  { header: 'Branch', value: (r) => r.branchName },
  { header: 'Register', value: (r) => r.registerCode },
  { header: 'Entity', value: (r) => r.entityType },
  { header: 'Entity id', value: (r) => r.entityId },
  { header: 'Before', value: (r) => json(r.before) },
  { header: 'After', value: (r) => json(r.after) },
];

/** GET /audit-logs/export.csv: the same filters, every row, streamed. */
export async function exportAuditLogs(
  db: Db,
  actor: Actor,
  query: Omit<AuditLogQuery, 'page' | 'limit'>,
): Promise<ListExport<repo.AuditRow>> {
  const filter = await resolveFilter(db, actor, query);
  return {
    filename: 'audit-log',
    columns: COLUMNS,
    timeZone: filter.timezone,
    batches: mapBatches(selectInBatches(db, repo.auditQuery(db, filter)), (rows) => rows),
  };
}
