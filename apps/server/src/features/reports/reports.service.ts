import {
  defaultReportSort,
  MARGIN_REPORTS,
  type Report,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, requirePermission, resolveBranch, resolveCompany } from '../../lib/access';
import { type CsvColumn, type CsvExport, columnsFor } from '../../lib/csv-export';
import { notFound } from '../../lib/errors';
import { type ReportScope, salesReport } from '../../lib/sales-figures-reports';

/**
 * GET /reports/{report}: view_sales (Super Admin, Manager); margins also view_cost. A branch
 * (`branchId`, any role with the permission, within reach) or a whole company (`companyId` alone:
 * manage_branches, i.e. Super Admin). Permissions first (403 whatever the ids), then the ids (404
 * outside reach).
 */
export async function getReport(db: Db, actor: Actor, report: ReportKind, query: ReportQuery): Promise<Report> {
  requirePermission(actor, 'view_sales');
  if (MARGIN_REPORTS.includes(report)) requirePermission(actor, 'view_cost');
  let scope: ReportScope;
  if (query.branchId) {
    const branch = await resolveBranch(db, { actor, branchId: query.branchId });
    if (query.companyId && query.companyId !== branch.companyId) throw notFound('Branch');
    scope = { companyId: branch.companyId, branchId: branch.branchId, timezone: branch.timezone };
  } else {
    const companyId = resolveCompany(actor, query.companyId ?? '', 'manage_branches');
    scope = { companyId, branchId: null, timezone: null };
  }
  const natural = defaultReportSort(report);
  const sort = query.sort ?? natural.sort;
  const order = query.order ?? (query.sort ? (query.sort === 'label' ? 'asc' : 'desc') : natural.order);
  return salesReport(
    db,
    report,
    scope,
    { startDate: query.startDate, endDate: query.endDate },
    { sort, order, limit: query.limit },
  );
}

/** The most rows an export holds (a branch's products at most; the screen shows the top `limit`). */
const EXPORT_ROWS = 100_000;

const REPORT_COLUMNS: CsvColumn<ReportRow>[] = [
  { header: 'Label', value: (r) => r.label },
  { header: 'Transactions', value: (r) => r.transactions },
  { header: 'Quantity', value: (r) => r.quantity },
  { header: 'Revenue', value: (r) => r.revenue.toFixed(2) },
  { header: 'Returned', value: (r) => r.returned?.toFixed(2) },
  { header: 'Net revenue', value: (r) => r.netRevenue.toFixed(2) },
  { header: 'Cost', value: (r) => r.cost?.toFixed(2), cost: true },
  { header: 'Margin', value: (r) => r.margin?.toFixed(2), cost: true },
  { header: 'Margin %', value: (r) => r.marginPercent, cost: true },
];

/** GET /reports/{report}/export.csv: every row of the report (same access, filters and sort) as CSV. */
export async function exportReport(
  db: Db,
  actor: Actor,
  report: ReportKind,
  query: ReportQuery,
): Promise<CsvExport<ReportRow>> {
  const answer = await getReport(db, actor, report, { ...query, limit: EXPORT_ROWS });
  const margins = MARGIN_REPORTS.includes(report);
  const columns = columnsFor(actor, REPORT_COLUMNS).filter((c) => margins || !c.cost);
  async function* batches() {
    yield answer.rows;
  }
  return { filename: report, columns, batches: batches() };
}
