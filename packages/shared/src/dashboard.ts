import { z } from 'zod';
import { idSchema } from './common';
import type { TransactionAnalytics } from './sales';

/** Every dashboard call takes the branch (scoped and permission-checked by the server). */
export const dashboardQuerySchema = z.object({ branchId: idSchema });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** One period of the sales summary: the sales figures of docs/ARCHITECTURE.md without the period echo. */
export type SalesPeriodFigures = Omit<TransactionAnalytics, 'period'>;

/** GET /dashboard/sales-summary: local days of the branch's time zone, weeks starting on Monday. */
export type DashboardSalesSummary = {
  today: SalesPeriodFigures;
  yesterday: SalesPeriodFigures;
  thisWeek: SalesPeriodFigures;
  thisMonth: SalesPeriodFigures & {
    todayTransactions: number;
    weekTransactions: number;
    monthTransactions: number;
    averageOrderValue: number;
  };
  /** The last 30 local days, oldest first, today last; 0 for a day without sales or returns. */
  last30Days: { day: string; netRevenue: number }[];
  timezone: string;
};

/** GET /dashboard/inventory-summary. totalStockValue (sum of cost x stock) is null without view_cost. */
export type DashboardInventorySummary = {
  totalProducts: number;
  lowStockCount: number;
  outOfStockCount: number;
  totalStockValue: number | null;
  /** Stock movements of the branch in the last 7 days. */
  recentMovements: number;
};

/** GET /dashboard/returns-summary: completed returns by local day of the return, week from Monday. */
export type DashboardReturnsSummary = {
  todayCount: number;
  weekCount: number;
  monthCount: number;
  todayAmount: number;
  weekAmount: number;
  monthAmount: number;
  /** This month's completed returns / completed sales x 100, 1 decimal; 0 without sales. */
  returnRate: number;
};

/** A row of GET /dashboard/recent-transactions (the branch's 10 newest sales). */
export type DashboardTransaction = {
  id: string;
  transaction_number: string;
  created_at: string;
  total_amount: number;
  status: string;
};

/** A low-stock item as the dashboard panel shows it (read from GET /inventory/stock?lowStock=true). */
export type LowStockItem = {
  id: string;
  name: string;
  sku?: string | null;
  currentStock: number;
  lowStockThreshold: number;
};

/** (today - yesterday) / yesterday x 100, or null (shown as '—') when yesterday is 0. */
export function changeVsYesterday(today: number, yesterday: number): number | null {
  if (!yesterday) return null;
  return ((today - yesterday) / Math.abs(yesterday)) * 100;
}

/** '+N more items' under the first 5 low-stock items, or null when all are shown. */
export function moreItemsText(total: number, shown = 5): string | null {
  return total > shown ? `+${total - shown} more items` : null;
}

/** A return rate as the Returns Summary shows it: one decimal and a % sign. */
export function formatReturnRate(rate: number | null | undefined): string {
  return `${(Number.isFinite(rate) ? (rate as number) : 0).toFixed(1)}%`;
}
