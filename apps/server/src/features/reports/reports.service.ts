import {
  defaultReportSort,
  MARGIN_REPORTS,
  type Report,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type ReportScope, salesReport } from '../../domain/sales-figures-reports';
import { type Actor, requirePermission, resolveBranch, resolveCompany } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';

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

const FIGURE_COLUMNS: ExportColumn<ReportRow>[] = [
  { header: 'Transactions', type: 'number', value: (r) => r.transactions },
  { header: 'Quantity', type: 'number', value: (r) => r.quantity },
  { header: 'Revenue', type: 'money', value: (r) => r.revenue },
  { header: 'Returned', type: 'money', value: (r) => r.returned },
  { header: 'Net revenue', type: 'money', value: (r) => r.netRevenue },
  { header: 'Cost', type: 'money', value: (r) => r.cost, cost: true },
  { header: 'Margin', type: 'money', value: (r) => r.margin, cost: true },
  { header: 'Margin %', type: 'number', value: (r) => r.marginPercent, cost: true },
];

/** The report's label first: a day (sales by day) is a date to a spreadsheet, any other label text. */
function reportColumns(report: ReportKind): ExportColumn<ReportRow>[] {
  const label: ExportColumn<ReportRow> =
    report === 'sales-by-day'
      ? { header: 'Label', type: 'day', value: (r) => r.label }
      : { header: 'Label', value: (r) => r.label };
  return [label, ...FIGURE_COLUMNS];
}

/** GET /reports/{report}/export.csv: every row of the report (same access, filters and sort), CSV or XLSX. */
export async function exportReport(
  db: Db,
  actor: Actor,
  report: ReportKind,
  query: ReportQuery,
): Promise<ListExport<ReportRow>> {
  const answer = await getReport(db, actor, report, { ...query, limit: EXPORT_ROWS });
  const margins = MARGIN_REPORTS.includes(report);
  const columns = columnsFor(actor, reportColumns(report)).filter((c) => margins || !c.cost);
  async function* batches() {
    yield answer.rows;
  }
  return { filename: report, columns, timeZone: null, batches: batches() };
}
