import { MARGIN_REPORTS, type Report, type ReportKind, type ReportRow, type ReportSort } from '@pos/shared';
import { dayOf } from '../../../components/date-field';

export const REPORT_LABELS: Record<ReportKind, string> = {
  'sales-by-day': 'Sales by day',
  'sales-by-hour': 'Sales by hour of day',
  'sales-by-product': 'Sales by product',
  'sales-by-variant': 'Sales by variant (all branches)',
  'sales-by-item': 'Sales by item',
  'sales-by-category': 'Sales by category',
  'sales-by-brand': 'Sales by brand',
  'sales-by-cashier': 'Sales by cashier',
  'sales-by-payment-method': 'Sales by payment method',
  'returns-by-reason': 'Returns by reason',
  'margin-by-product': 'Gross margin by product',
  'margin-by-category': 'Gross margin by category',
};

/** The reports a user may open: margins only with view_cost. */
export function reportOptions(withCost: boolean) {
  return (Object.keys(REPORT_LABELS) as ReportKind[])
    .filter((kind) => withCost || !MARGIN_REPORTS.includes(kind))
    .map((kind) => ({ value: kind, label: REPORT_LABELS[kind] }));
}

/** The first column's heading. */
export function keyHeading(report: ReportKind): string {
  if (report === 'sales-by-day') return 'Day';
  if (report === 'sales-by-hour') return 'Hour';
  if (report === 'returns-by-reason') return 'Reason';
  if (report === 'sales-by-cashier') return 'Cashier';
  if (report === 'sales-by-payment-method') return 'Payment method';
  if (report.endsWith('category')) return 'Category';
  if (report === 'sales-by-brand') return 'Brand';
  if (report === 'sales-by-variant') return 'Variant';
  if (report === 'sales-by-item') return 'Item';
  return 'Product';
}

export type ReportColumn = { key: Exclude<ReportSort, 'label'> | 'marginPercent'; label: string; money: boolean };

/** The figure columns a report's rows carry (what the table shows and what can be sorted). */
export function reportColumns(report: Report | undefined, kind: ReportKind): ReportColumn[] {
  const margins = MARGIN_REPORTS.includes(kind);
  const returns = kind === 'returns-by-reason';
  const cols: ReportColumn[] = [];
  const first = report?.rows[0];
  const has = (pick: (r: ReportRow) => unknown) => !first || pick(first) !== null;
  if (has((r) => r.transactions) && !margins) {
    // By payment method a split sale counts under each of its tenders: those are payments, not sales.
    const label = returns ? 'Returns' : kind === 'sales-by-payment-method' ? 'Payments' : 'Transactions';
    cols.push({ key: 'transactions', label, money: false });
  }
  if (has((r) => r.quantity))
    cols.push({ key: 'quantity', label: returns ? 'Units returned' : 'Units sold', money: false });
  cols.push({ key: 'revenue', label: returns ? 'Goods returned' : 'Revenue', money: true });
  if (has((r) => r.returned)) cols.push({ key: 'returned', label: returns ? 'Refunded' : 'Returned', money: true });
  if (!returns) cols.push({ key: 'netRevenue', label: 'Net revenue', money: true });
  if (margins) {
    cols.push({ key: 'cost', label: 'Cost', money: true });
    cols.push({ key: 'margin', label: 'Margin', money: true });
    cols.push({ key: 'marginPercent', label: 'Margin %', money: false });
  }
  return cols;
}

/** The figure a report's chart draws. */
export function chartSeries(kind: ReportKind): { key: 'netRevenue' | 'returned' | 'margin'; label: string } {
  if (kind === 'returns-by-reason') return { key: 'returned', label: 'Refunded' };
  if (MARGIN_REPORTS.includes(kind)) return { key: 'margin', label: 'Margin' };
  return { key: 'netRevenue', label: 'Net revenue' };
}

export const SORT_OPTIONS: { value: ReportSort; label: string }[] = [
  { value: 'label', label: 'Name / time' },
  { value: 'transactions', label: 'Transactions' },
  { value: 'quantity', label: 'Units' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'returned', label: 'Returned' },
  { value: 'netRevenue', label: 'Net revenue' },
  { value: 'cost', label: 'Cost' },
  { value: 'margin', label: 'Margin' },
];

/** The local day `days` before today (yyyy-mm-dd). */
export function daysAgo(days: number, now = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() - days);
  return dayOf(d);
}
