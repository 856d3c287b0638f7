import { z } from 'zod';
import { countSchema, envelope, idSchema, instantSchema, moneySchema, replicaEnvelope } from './common';
import { salesFiguresSchema } from './sales';

/** Every dashboard call takes the branch (scoped and permission-checked by the server). */
export const dashboardQuerySchema = z.object({ branchId: idSchema });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** One period of the sales summary: the sales figures of docs/architecture/reports.md without the period echo. */
export const salesPeriodFiguresSchema = salesFiguresSchema;
export type SalesPeriodFigures = z.infer<typeof salesPeriodFiguresSchema>;

/** GET /dashboard/sales-summary: local days of the branch's time zone, weeks starting on Monday. */
export const dashboardSalesSummarySchema = z.object({
  today: salesPeriodFiguresSchema,
  yesterday: salesPeriodFiguresSchema,
  thisWeek: salesPeriodFiguresSchema,
  thisMonth: salesPeriodFiguresSchema.extend({
    todayTransactions: countSchema,
    weekTransactions: countSchema,
    monthTransactions: countSchema,
    averageOrderValue: moneySchema,
  }),
  /** The last 30 local days, oldest first, today last; 0 for a day without sales or returns. */
  last30Days: z.array(z.object({ day: z.string(), netRevenue: moneySchema })),
  timezone: z.string(),
});
export type DashboardSalesSummary = z.infer<typeof dashboardSalesSummarySchema>;

/** GET /dashboard/inventory-summary. totalStockValue (sum of cost x stock) is null without view_cost. */
export const dashboardInventorySummarySchema = z.object({
  totalProducts: countSchema,
  lowStockCount: countSchema,
  outOfStockCount: countSchema,
  totalStockValue: moneySchema.nullable(),
  /** Stock movements of the branch in the last 7 days. */
  recentMovements: countSchema,
});
export type DashboardInventorySummary = z.infer<typeof dashboardInventorySummarySchema>;

/** GET /dashboard/returns-summary: completed returns by local day of the return, week from Monday. */
export const dashboardReturnsSummarySchema = z.object({
  todayCount: countSchema,
  weekCount: countSchema,
  monthCount: countSchema,
  todayAmount: moneySchema,
  weekAmount: moneySchema,
  monthAmount: moneySchema,
  /** This month's completed returns / completed sales x 100, 1 decimal; 0 without sales. */
  returnRate: z.number(),
});
export type DashboardReturnsSummary = z.infer<typeof dashboardReturnsSummarySchema>;

/** A row of GET /dashboard/recent-transactions (the branch's 10 newest sales): the spec's snake_case names. */
export const dashboardTransactionSchema = z.object({
  id: z.string(),
  transaction_number: z.string(),
  created_at: instantSchema,
  total_amount: moneySchema,
  status: z.string(),
});
export type DashboardTransaction = z.infer<typeof dashboardTransactionSchema>;

/** The sales and returns figures may be read from a replica (meta.freshness); stock and the latest sales never are. */
export const dashboardResponses = {
  salesSummary: replicaEnvelope(dashboardSalesSummarySchema),
  inventorySummary: envelope(dashboardInventorySummarySchema),
  returnsSummary: replicaEnvelope(dashboardReturnsSummarySchema),
  recentTransactions: envelope(z.array(dashboardTransactionSchema)),
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
