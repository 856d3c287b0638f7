import type { ShiftListQuery } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './shifts.repo';
import { listFilters } from './shifts.service';

type ExportRow = Awaited<ReturnType<typeof repo.shiftsExportQuery>>[number];

const money = (v: string | null) => (v === null ? null : toMoney(v));

export const shiftColumns: ExportColumn<ExportRow>[] = [
  { header: 'Z number', type: 'number', value: (r) => r.zNumber },
  { header: 'Register', value: (r) => r.registerCode },
  { header: 'Cashier', value: (r) => r.cashierName },
  { header: 'Status', value: (r) => r.status },
  { header: 'Opened', type: 'date', value: (r) => r.openedAt },
  { header: 'Opening float', type: 'money', value: (r) => money(r.openingFloat) },
  { header: 'Closed', type: 'date', value: (r) => r.closedAt },
  { header: 'Closed by', value: (r) => r.closedByName },
  { header: 'Expected', type: 'money', value: (r) => money(r.expected) },
  { header: 'Counted', type: 'money', value: (r) => money(r.counted) },
  { header: 'Over/short', type: 'money', value: (r) => money(r.overShort) },
  { header: 'Approved by', value: (r) => r.approvedByName },
];

/** GET /shifts/export.csv: the list's access and filters (view_sales; page and limit ignored). */
export async function exportShifts(db: Db, actor: Actor, query: ShiftListQuery): Promise<ListExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const filters = await listFilters(db, scope, query);
  const select = repo.shiftsExportQuery(db, scope, filters);
  return {
    filename: 'shifts',
    columns: columnsFor(actor, shiftColumns),
    timeZone: scope.timezone,
    batches: selectInBatches(db, select),
  };
}
