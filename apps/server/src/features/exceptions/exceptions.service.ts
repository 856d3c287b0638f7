import { type ExceptionListQuery, type PageMeta, pageMeta, type SaleException } from '@pos/shared';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, resolveBranch } from '../../lib/access';
import { conflict, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import * as repo from './exceptions.repo';

type Line = Awaited<ReturnType<typeof repo.flaggedLines>>[number];

function toException(row: repo.ExceptionRow, lines: Line[]): SaleException {
  return {
    saleId: row.saleId,
    receiptNumber: row.receiptNumber,
    branchId: row.branchId,
    registerCode: row.registerCode,
    cashier: row.cashierName ? { id: row.cashierId, name: row.cashierName } : null,
    soldAt: row.soldAt.toISOString(),
    recordedAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    subtotal: toMoney(row.subtotal),
    discountAmount: toMoney(row.discountAmount),
    taxAmount: toMoney(row.taxAmount),
    total: toMoney(row.total),
    flags: row.flags,
    lines: lines.map((l) => ({
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: toMoney(l.unitPrice),
      flags: l.flags,
    })),
    resolution:
      row.resolvedAt && row.note !== null
        ? {
            note: row.note,
            resolvedBy: row.resolvedById ? { id: row.resolvedById, name: row.resolvedByName ?? '' } : null,
            resolvedAt: row.resolvedAt.toISOString(),
          }
        : null,
  };
}

async function withLines(db: Db, companyId: string, rows: repo.ExceptionRow[]): Promise<SaleException[]> {
  const lines = await repo.flaggedLines(db, { companyId, saleIds: rows.map((r) => r.saleId) });
  return rows.map((row) =>
    toException(
      row,
      lines.filter((l) => l.saleId === row.saleId),
    ),
  );
}

/**
 * GET /exceptions: the branch's synced offline sales that departed from the rules (open by default),
 * newest first; Super Admin and Manager (view_audit).
 */
export async function listExceptions(
  db: Db,
  actor: Actor,
  query: ExceptionListQuery,
): Promise<{ items: SaleException[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_audit' });
  const { rows, total } = await repo.listExceptions(db, {
    ...scope,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items: await withLines(db, scope.companyId, rows),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}

/**
 * POST /exceptions/{saleId}/resolve: a manager closes an exception with a note (audited; the sale is not
 * changed). Already resolved: 409. A sale that is not an exception of the branch: 404.
 */
export async function resolveException(
  db: Db,
  actor: Actor,
  { saleId, branchId, note }: { saleId: string; branchId: string; note: string },
): Promise<SaleException> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'manage_register_rules' });
  const key = { companyId: scope.companyId, branchId: scope.branchId };
  const found = await repo.findException(db, { ...key, saleId });
  if (!found) throw notFound('Exception');
  await db.transaction(async (tx) => {
    if (!(await repo.insertResolution(tx, { ...key, saleId, resolvedById: actor.userId, note }))) {
      throw conflict('This exception is already resolved');
    }
    await writeAudit(tx, {
      ...key,
      userId: actor.userId,
      action: 'sale.exception_resolved',
      entityType: 'sale',
      entityId: saleId,
      before: { flags: found.flags, receiptNumber: found.receiptNumber },
      after: { note },
    });
  });
  const resolved = await repo.findException(db, { ...key, saleId });
  if (!resolved) throw notFound('Exception');
  const [item] = await withLines(db, scope.companyId, [resolved]);
  if (!item) throw notFound('Exception');
  return item;
}
