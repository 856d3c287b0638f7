import type {
  DashboardInventorySummary,
  DashboardReturnsSummary,
  DashboardSalesSummary,
  DashboardTransaction,
  SalesPeriodFigures,
  ShiftDashboard,
  TransactionAnalytics,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { dailyNetRevenue, dashboardPeriods, returnsByPeriod, salesFigures } from '../../domain/sales-figures';
import { shiftDayFigures } from '../../domain/shifts.repo';
import { movementCountsByDay } from '../../domain/stock-ledger.repo';
import { type Actor, can, resolveBranch } from '../../lib/access';
import { toMoney } from '../../lib/money';
import * as repo from './dashboard.repo';

const withoutPeriod = ({ period: _period, ...figures }: TransactionAnalytics): SalesPeriodFigures => figures;

/**
 * GET /dashboard/sales-summary (view_sales): the sales figures (one definition, domain/sales-figures) for
 * today, yesterday, this week (from Monday) and this month, in local days of the branch's time zone,
 * and the net revenue of each of the last 30 days.
 */
export async function salesSummary(
  db: Db,
  actor: Actor,
  { branchId, now = new Date() }: { branchId: string; now?: Date },
): Promise<DashboardSalesSummary> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_sales' });
  const p = dashboardPeriods(scope.timezone, now);
  const [today, yesterday, thisWeek, thisMonth, last30Days] = await Promise.all([
    salesFigures(db, scope, { startDate: p.today, endDate: p.today }),
    salesFigures(db, scope, { startDate: p.yesterday, endDate: p.yesterday }),
    salesFigures(db, scope, { startDate: p.weekStart, endDate: p.today }),
    salesFigures(db, scope, { startDate: p.monthStart, endDate: p.today }),
    dailyNetRevenue(db, scope, { startDate: p.last30Start, endDate: p.today }),
  ]);
  return {
    today: withoutPeriod(today),
    yesterday: withoutPeriod(yesterday),
    thisWeek: withoutPeriod(thisWeek),
    thisMonth: {
      ...withoutPeriod(thisMonth),
      todayTransactions: today.grossTransactions,
      weekTransactions: thisWeek.grossTransactions,
      monthTransactions: thisMonth.grossTransactions,
      averageOrderValue: thisMonth.averageTransactionValue,
    },
    last30Days,
    timezone: scope.timezone,
  };
}

/**
 * GET /dashboard/returns-summary (view_returns): completed returns by the local day they were made
 * (domain/sales-figures returnsByPeriod, also behind the returns page's cards).
 */
export async function returnsSummary(
  db: Db,
  actor: Actor,
  { branchId, now = new Date() }: { branchId: string; now?: Date },
): Promise<DashboardReturnsSummary> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_returns' });
  return returnsByPeriod(db, scope, now);
}

/**
 * GET /dashboard/shifts-summary (view_sales): shifts open now at the branch's registers, and the shifts
 * closed today (the branch's local day) with the sum of their over/short (docs/architecture/shifts.md).
 */
export async function shiftsSummary(
  db: Db,
  actor: Actor,
  { branchId, now = new Date() }: { branchId: string; now?: Date },
): Promise<ShiftDashboard> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_sales' });
  const figures = await shiftDayFigures(db, scope, dashboardPeriods(scope.timezone, now).today);
  return { openShifts: figures.open, closedToday: figures.closedToday, overShortToday: toMoney(figures.overShort) };
}

/** GET /dashboard/inventory-summary (view_inventory): live products only; stock value only with view_cost. */
export async function inventorySummary(
  db: Db,
  actor: Actor,
  { branchId, now = new Date() }: { branchId: string; now?: Date },
): Promise<DashboardInventorySummary> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_inventory' });
  // Recent: the last 7 local days (today and the six before), days as the other figures count them; an instant
  // a week back would let a movement age out between two looks at the same day's figures.
  const { today, last7Start } = dashboardPeriods(scope.timezone, now);
  const [counts, recentDays] = await Promise.all([
    repo.inventoryCounts(db, scope),
    movementCountsByDay(db, scope, { from: last7Start, to: today }),
  ]);
  const recentMovements = recentDays.reduce((n, d) => n + d.rows, 0);
  return {
    totalProducts: Number(counts.totalProducts),
    lowStockCount: Number(counts.lowStockCount),
    outOfStockCount: Number(counts.outOfStockCount),
    totalStockValue: can(actor, 'view_cost') ? toMoney(counts.totalStockValue) : null,
    recentMovements,
  };
}

/** GET /dashboard/recent-transactions (view_transactions): the branch's 10 newest sales. */
export async function recentTransactions(
  db: Db,
  actor: Actor,
  { branchId }: { branchId: string },
): Promise<DashboardTransaction[]> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_transactions' });
  const rows = await repo.recentSales(db, scope, 10);
  return rows.map((r) => ({
    id: r.id,
    transaction_number: r.receiptNumber,
    created_at: r.createdAt.toISOString(),
    total_amount: toMoney(r.total),
    status: r.status,
  }));
}
