import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './customers.repo';

type ExportRow = Awaited<ReturnType<typeof repo.customersExportQuery>>[number];

/** The columns of the customers export; Name to Notes are the import's columns (features/import). */
export const customerColumns: ExportColumn<ExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Email', value: (r) => r.email },
  { header: 'Address', value: (r) => r.address },
  { header: 'Notes', value: (r) => r.notes },
  { header: 'Active', type: 'boolean', value: (r) => r.isActive },
  { header: 'Customer since', type: 'date', value: (r) => r.createdAt },
  { header: 'Transactions', type: 'number', value: (r) => Number(r.transactionsCount) },
  { header: 'Total spent', type: 'money', value: (r) => toMoney(r.totalSpent) },
];

/** GET /customers/export.csv: the list's access and search (page and limit ignored), every customer. */
export async function exportCustomers(
  db: Db,
  actor: Actor,
  query: { branchId: string; search?: string },
): Promise<ListExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_customers' });
  const select = repo.customersExportQuery(db, scope, query.search);
  return {
    filename: 'customers',
    columns: columnsFor(actor, customerColumns),
    timeZone: scope.timezone,
    batches: selectInBatches(db, select),
  };
}
