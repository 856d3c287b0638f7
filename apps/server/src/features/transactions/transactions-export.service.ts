import { moneyMethodLabel, SALE_TENDER_METHODS } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport, mapBatches } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './transactions.repo';
import { type SaleListQuery, saleListFilters } from './transactions.service';

type ExportRow = Awaited<ReturnType<typeof repo.salesExportQuery>>[number] & {
  lines: number;
  quantity: number;
  returned: number;
  tenders: Map<string, string>;
};

/** The columns of the transactions export: the list's fields, as the list screen shows them. */
export const saleColumns: ExportColumn<ExportRow>[] = [
  { header: 'Receipt number', value: (r) => r.receiptNumber },
  { header: 'Date', type: 'date', value: (r) => r.createdAt },
  { header: 'Cashier', value: (r) => r.cashierName },
  { header: 'Customer', value: (r) => r.customerName },
  { header: 'Customer phone', value: (r) => r.customerPhone },
  { header: 'Payment method', value: (r) => r.paymentMethod },
  { header: 'Status', value: (r) => r.status },
  { header: 'Items', type: 'number', value: (r) => r.lines },
  { header: 'Quantity', type: 'number', value: (r) => r.quantity },
  { header: 'Returned quantity', type: 'number', value: (r) => r.returned },
  { header: 'Subtotal', type: 'money', value: (r) => toMoney(r.subtotal) },
  { header: 'Discount', type: 'money', value: (r) => toMoney(r.discountAmount) },
  { header: 'Tax', type: 'money', value: (r) => toMoney(r.taxAmount) },
  { header: 'Total', type: 'money', value: (r) => toMoney(r.total) },
  // What each tender paid of the total (a split sale fills several; cash less its change; an exchange's new
  // sale: what the returned goods paid).
  ...SALE_TENDER_METHODS.map(
    (method): ExportColumn<ExportRow> => ({
      header: `Paid by ${moneyMethodLabel(method).toLowerCase()}`,
      type: 'money',
      value: (r) => toMoney(r.tenders.get(method) ?? '0'),
    }),
  ),
];

/** GET /transactions/export.csv: the list's access and filters (page and limit ignored), every row. */
export async function exportSales(db: Db, actor: Actor, query: SaleListQuery): Promise<ListExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_transactions' });
  const filters = saleListFilters(query);
  const batches = mapBatches(selectInBatches(db, repo.salesExportQuery(db, scope, filters)), async (rows) => {
    const keys = { companyId: scope.companyId, saleIds: rows.map((r) => r.id) };
    const [counts, tenders] = await Promise.all([repo.saleItemCounts(db, keys), repo.saleTenderAmounts(db, keys)]);
    return rows.map((r) => ({
      ...r,
      ...(counts.get(r.id) ?? { lines: 0, quantity: 0, returned: 0 }),
      tenders: tenders.get(r.id) ?? new Map(),
    }));
  });
  return { filename: 'transactions', columns: columnsFor(actor, saleColumns), timeZone: scope.timezone, batches };
}
