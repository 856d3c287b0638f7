import {
  fromMilli,
  MARGIN_REPORTS,
  type Report,
  type ReportKind,
  type ReportRow,
  type ReportSort,
  toMilli,
} from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { toMoney } from '../lib/money';
import type { LocalDays } from '../lib/sql-filters.repo';
import * as repo from './sales-figures-reports.repo';

export type { ReportScope } from './sales-figures-reports.repo';

const count = (v: string | null) => (v === null ? null : Number(v));
const money = (v: string | null) => (v === null ? null : toMoney(v));

/** Margin = net goods - cost, and its share of the net goods in percent (1 decimal); null without goods. */
function withMargin(row: ReportRow, cost: number): ReportRow {
  const margin = toMoney(row.netRevenue - cost);
  const marginPercent = row.netRevenue === 0 ? null : Math.round((margin / row.netRevenue) * 1000) / 10;
  return { ...row, cost, margin, marginPercent };
}

function toRow(r: repo.ReportSqlRow, margins: boolean): ReportRow {
  const row: ReportRow = {
    key: r.key,
    label: r.label,
    transactions: count(r.transactions),
    quantity: count(r.quantity),
    revenue: toMoney(r.revenue),
    returned: money(r.returned),
    netRevenue: toMoney(r.net_revenue),
  };
  return margins ? withMargin(row, toMoney(r.cost)) : row;
}

const sumOf = (rows: ReportRow[], pick: (r: ReportRow) => number | null | undefined) => {
  let any = false;
  // In thousandths: exact for amounts (2 decimals) and quantities (3 decimals) alike.
  let milli = 0;
  for (const r of rows) {
    const v = pick(r);
    if (v === null || v === undefined) continue;
    any = true;
    milli += toMilli(v);
  }
  return any ? fromMilli(milli) : null;
};

function compare(sort: ReportSort, order: 'asc' | 'desc') {
  const dir = order === 'asc' ? 1 : -1;
  return (a: ReportRow, b: ReportRow) => {
    const x = a[sort];
    const y = b[sort];
    let c: number;
    if (typeof x === 'string' || typeof y === 'string') c = String(x ?? '').localeCompare(String(y ?? ''));
    else c = (x ?? 0) - (y ?? 0);
    return c * dir || a.key.localeCompare(b.key);
  };
}

/**
 * One report of a branch or a company for a period of local days (docs/architecture/reports.md):
 * every row computed, sorted, the first `limit` sent, the totals over all of them. The caller has
 * resolved the scope and checked the permissions (margins: view_cost).
 */
export async function salesReport(
  db: DbOrTx,
  report: ReportKind,
  scope: repo.ReportScope,
  period: LocalDays,
  { sort, order, limit }: { sort: ReportSort; order: 'asc' | 'desc'; limit: number },
): Promise<Report> {
  const margins = MARGIN_REPORTS.includes(report);
  const rows = (await repo.reportRows(db, report, scope, period)).map((r) => toRow(r, margins));
  rows.sort(compare(sort, order));
  const totals: Report['totals'] = {
    transactions: sumOf(rows, (r) => r.transactions),
    quantity: sumOf(rows, (r) => r.quantity),
    revenue: sumOf(rows, (r) => r.revenue) ?? 0,
    returned: sumOf(rows, (r) => r.returned),
    netRevenue: sumOf(rows, (r) => r.netRevenue) ?? 0,
  };
  if (margins) {
    totals.cost = sumOf(rows, (r) => r.cost) ?? 0;
    totals.margin = sumOf(rows, (r) => r.margin) ?? 0;
  }
  return {
    report,
    scope: { companyId: scope.companyId, branchId: scope.branchId },
    period: { startDate: period.startDate ?? null, endDate: period.endDate ?? null },
    sort,
    order,
    rows: rows.slice(0, limit),
    totalRows: rows.length,
    totals,
  };
}
