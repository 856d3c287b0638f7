import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { type CsvColumn, type CsvExport, columnsFor } from '../../lib/csv-export';
import { selectInBatches } from '../../lib/csv-export.repo';
import { toMoney } from '../../lib/money';
import * as repo from './customers.repo';

type ExportRow = Awaited<ReturnType<typeof repo.customersExportQuery>>[number];

/** The columns of the customers export; Name to Notes are the import's columns (features/import). */
export const customerColumns: CsvColumn<ExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Email', value: (r) => r.email },
  { header: 'Address', value: (r) => r.address },
  { header: 'Notes', value: (r) => r.notes },
  { header: 'Active', value: (r) => r.isActive },
  { header: 'Customer since', value: (r) => r.createdAt.toISOString() },
  { header: 'Transactions', value: (r) => Number(r.transactionsCount) },
  { header: 'Total spent', value: (r) => toMoney(r.totalSpent) },
];

/** GET /customers/export.csv: the list's access and search (page and limit ignored), every customer. */
export async function exportCustomers(
  db: Db,
  actor: Actor,
  query: { branchId: string; search?: string },
): Promise<CsvExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_customers' });
  const select = repo.customersExportQuery(db, scope, query.search);
  return { filename: 'customers', columns: columnsFor(actor, customerColumns), batches: selectInBatches(db, select) };
}
