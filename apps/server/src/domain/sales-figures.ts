import type { DashboardReturnsSummary, SalesPeriodFigures, TransactionAnalytics } from '@pos/shared';
import type { DbOrTx } from '../db/client';
import type { BranchScope } from '../lib/access';
import { toMoney } from '../lib/money';
import * as repo from './sales-figures.repo';

export type { DayPeriod } from './sales-figures.repo';

const toFigures = (f: repo.SalesFiguresRow): SalesPeriodFigures => ({
  grossRevenue: toMoney(f.grossRevenue),
  grossTransactions: Number(f.grossTransactions),
  grossSubtotal: toMoney(f.grossSubtotal),
  grossTax: toMoney(f.grossTax),
  grossDiscounts: toMoney(f.grossDiscounts),
  grossItemsSold: Number(f.grossItemsSold),
  averageTransactionValue: toMoney(f.averageTransactionValue),
  totalReturns: Number(f.totalReturns),
  totalReturnedValue: toMoney(f.totalReturnedValue),
  totalItemsReturned: Number(f.totalItemsReturned),
  netRevenue: toMoney(f.netRevenue),
  netSubtotal: toMoney(f.netSubtotal),
  netItemsSold: Number(f.netItemsSold),
  returnRate: Number(f.returnRate),
  refundRate: Number(f.refundRate),
});

/**
 * The sales figures of one branch and period (docs/architecture/reports.md, 'Sales figures'): the one
 * definition behind GET /transactions/analytics, the dashboard's sales and returns summaries, the
 * returns page's counts and (per customer) the customer analytics. The caller has resolved the branch
 * (and checked the permission); dates are local days of its time zone, end inclusive.
 */
export async function salesFigures(
  db: DbOrTx,
  scope: BranchScope,
  period: repo.DayPeriod = {},
): Promise<TransactionAnalytics> {
  const f = await repo.salesFigures(db, scope, period);
  return {
    ...toFigures(f),
    period: { startDate: period.startDate ?? null, endDate: period.endDate ?? null, timezone: scope.timezone },
  };
}

/**
 * The same figures for one customer, all time: their completed sales and the completed returns of those
 * sales (a return counts for the customer of the sale it returns).
 */
export async function customerSalesFigures(
  db: DbOrTx,
  customer: { companyId: string; customerId: string },
): Promise<SalesPeriodFigures> {
  return toFigures(await repo.customerFigures(db, customer));
}

/**
 * Completed returns today, this week (from Monday) and this month, in local days of the branch's time
 * zone, with this month's return rate: the sales figures' totalReturns, totalReturnedValue and
 * returnRate of those periods. What the dashboard's returns summary and the returns page's cards show.
 */
export async function returnsByPeriod(
  db: DbOrTx,
  scope: BranchScope,
  now: Date = new Date(),
): Promise<DashboardReturnsSummary> {
  const p = dashboardPeriods(scope.timezone, now);
  const [today, week, month] = await Promise.all([
    salesFigures(db, scope, { startDate: p.today, endDate: p.today }),
    salesFigures(db, scope, { startDate: p.weekStart, endDate: p.today }),
    salesFigures(db, scope, { startDate: p.monthStart, endDate: p.today }),
  ]);
  return {
    todayCount: today.totalReturns,
    weekCount: week.totalReturns,
    monthCount: month.totalReturns,
    todayAmount: today.totalReturnedValue,
    weekAmount: week.totalReturnedValue,
    monthAmount: month.totalReturnedValue,
    returnRate: month.returnRate,
  };
}

/** Net revenue (as netRevenue above) of every local day from startDate to endDate, 0 for a quiet day. */
export async function dailyNetRevenue(
  db: DbOrTx,
  scope: BranchScope,
  { startDate, endDate }: { startDate: string; endDate: string },
): Promise<{ day: string; netRevenue: number }[]> {
  const rows = await repo.dailyNetRevenue(db, scope, { startDate, endDate });
  const byDay = new Map(rows.map((r) => [r.day, toMoney(r.netRevenue)]));
  const out: { day: string; netRevenue: number }[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) out.push({ day: d, netRevenue: byDay.get(d) ?? 0 });
  return out;
}

/** yyyy-mm-dd plus n calendar days. */
export function addDays(day: string, n: number): string {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + n);
  return t.toISOString().slice(0, 10);
}

/** Today's date (yyyy-mm-dd) in the time zone. */
export function localToday(timezone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The local days the dashboard reports on: today, yesterday, the Monday-started week, the month, 30 days. */
export function dashboardPeriods(timezone: string, now: Date = new Date()) {
  const today = localToday(timezone, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  const weekStart = addDays(today, -((weekday + 6) % 7));
  return {
    today,
    yesterday: addDays(today, -1),
    weekStart,
    monthStart: `${today.slice(0, 8)}01`,
    last7Start: addDays(today, -6),
    last30Start: addDays(today, -29),
  };
}
