import type { ShiftListQuery } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { type CsvColumn, type CsvExport, columnsFor } from '../../lib/csv-export';
import { selectInBatches } from '../../lib/csv-export.repo';
import { toMoney } from '../../lib/money';
import * as repo from './shifts.repo';
import { listFilters } from './shifts.service';

type ExportRow = Awaited<ReturnType<typeof repo.shiftsExportQuery>>[number];

const money = (v: string | null) => (v === null ? null : toMoney(v));

export const shiftColumns: CsvColumn<ExportRow>[] = [
  { header: 'Z number', value: (r) => r.zNumber },
  { header: 'Register', value: (r) => r.registerCode },
  { header: 'Cashier', value: (r) => r.cashierName },
  { header: 'Status', value: (r) => r.status },
  { header: 'Opened', value: (r) => r.openedAt.toISOString() },
  { header: 'Opening float', value: (r) => money(r.openingFloat) },
  { header: 'Closed', value: (r) => r.closedAt?.toISOString() },
  { header: 'Closed by', value: (r) => r.closedByName },
  { header: 'Expected', value: (r) => money(r.expected) },
  { header: 'Counted', value: (r) => money(r.counted) },
  { header: 'Over/short', value: (r) => money(r.overShort) },
  { header: 'Approved by', value: (r) => r.approvedByName },
];

/** GET /shifts/export.csv: the list's access and filters (view_sales; page and limit ignored). */
export async function exportShifts(db: Db, actor: Actor, query: ShiftListQuery): Promise<CsvExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const filters = await listFilters(db, scope, query);
  const select = repo.shiftsExportQuery(db, scope, filters);
  return { filename: 'shifts', columns: columnsFor(actor, shiftColumns), batches: selectInBatches(db, select) };
}
