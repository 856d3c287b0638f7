import type { ReturnStatus } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './returns.repo';

type ExportRow = Awaited<ReturnType<typeof repo.returnsExportQuery>>[number];

export const returnColumns: ExportColumn<ExportRow>[] = [
  { header: 'Return number', value: (r) => r.returnNumber },
  { header: 'Date', type: 'date', value: (r) => r.createdAt },
  { header: 'Receipt number', value: (r) => r.receiptNumber },
  { header: 'Processed by', value: (r) => r.processedByName },
  { header: 'Status', value: (r) => r.status },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Refund method', value: (r) => r.refundMethod },
  { header: 'Items', type: 'number', value: (r) => Number(r.itemCount) },
  { header: 'Quantity', type: 'number', value: (r) => Number(r.quantity) },
  { header: 'Refund', type: 'money', value: (r) => toMoney(r.refundAmount) },
];

/** GET /returns/export.csv: the list's access and filters (page and limit ignored), every return. */
export async function exportReturns(
  db: Db,
  actor: Actor,
  query: { branchId: string; status?: ReturnStatus; startDate?: string; endDate?: string },
): Promise<ListExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_returns' });
  const filters = { status: query.status, startDate: query.startDate, endDate: query.endDate };
  const select = repo.returnsExportQuery(db, scope, filters);
  return {
    filename: 'returns',
    columns: columnsFor(actor, returnColumns),
    timeZone: scope.timezone,
    batches: selectInBatches(db, select),
  };
}
