import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { returnsDaily, salesDaily } from '../db/schema';

type BranchKey = { companyId: string; branchId: string };

/** A period of local days (yyyy-mm-dd in the branch's time zone), both ends inclusive, either optional. */
export type DayPeriod = { startDate?: string; endDate?: string };

/** The sales figures as SQL numerics (strings), every one computed in the database. */
export type SalesFiguresRow = {
  grossTransactions: string;
  grossRevenue: string;
  grossSubtotal: string;
  grossTax: string;
  grossDiscounts: string;
  grossItemsSold: string;
  averageTransactionValue: string;
  totalReturns: string;
  totalReturnedValue: string;
  totalItemsReturned: string;
  netRevenue: string;
  netSubtotal: string;
  netItemsSold: string;
  returnRate: string;
  refundRate: string;
};

/**
 * The figures of docs/ARCHITECTURE.md 'Sales figures' for one branch and period of local days, in
 * one statement over the daily totals (sales_daily, returns_daily): a row per day (and cashier and
 * payment method), so a year of a busy branch is a few thousand rows however many sales it holds.
 */
export async function salesFigures(db: DbOrTx, scope: BranchKey, { startDate, endDate }: DayPeriod) {
  const s = db
    .select({
      tx: sql<string>`coalesce(sum(${salesDaily.transactions}), 0)`.as('tx'),
      revenue: sql<string>`coalesce(sum(${salesDaily.revenue}), 0)`.as('revenue'),
      subtotal: sql<string>`coalesce(sum(${salesDaily.subtotal}), 0)`.as('subtotal'),
      tax: sql<string>`coalesce(sum(${salesDaily.tax}), 0)`.as('tax'),
      discounts: sql<string>`coalesce(sum(${salesDaily.discounts}), 0)`.as('discounts'),
      items: sql<string>`coalesce(sum(${salesDaily.itemsSold}), 0)`.as('items'),
    })
    .from(salesDaily)
    .where(
      and(
        eq(salesDaily.companyId, scope.companyId),
        eq(salesDaily.branchId, scope.branchId),
        startDate ? gte(salesDaily.day, startDate) : undefined,
        endDate ? lte(salesDaily.day, endDate) : undefined,
      ),
    )
    .as('s');
  const r = db
    .select({
      returns: sql<string>`coalesce(sum(${returnsDaily.returnsCount}), 0)`.as('returns'),
      refunded: sql<string>`coalesce(sum(${returnsDaily.refunded}), 0)`.as('refunded'),
      itemsReturned: sql<string>`coalesce(sum(${returnsDaily.itemsReturned}), 0)`.as('items_returned'),
      returnedSubtotal: sql<string>`coalesce(sum(${returnsDaily.returnedSubtotal}), 0)`.as('returned_subtotal'),
    })
    .from(returnsDaily)
    .where(
      and(
        eq(returnsDaily.companyId, scope.companyId),
        eq(returnsDaily.branchId, scope.branchId),
        startDate ? gte(returnsDaily.day, startDate) : undefined,
        endDate ? lte(returnsDaily.day, endDate) : undefined,
      ),
    )
    .as('r');
  const [row] = await db
    .select({
      grossTransactions: sql<string>`${s.tx}`,
      grossRevenue: sql<string>`${s.revenue}`,
      grossSubtotal: sql<string>`${s.subtotal}`,
      grossTax: sql<string>`${s.tax}`,
      grossDiscounts: sql<string>`${s.discounts}`,
      grossItemsSold: sql<string>`${s.items}`,
      averageTransactionValue: sql<string>`case when ${s.tx} = 0 then 0 else round(${s.revenue} / ${s.tx}, 2) end`,
      totalReturns: sql<string>`${r.returns}`,
      totalReturnedValue: sql<string>`${r.refunded}`,
      totalItemsReturned: sql<string>`${r.itemsReturned}`,
      netRevenue: sql<string>`${s.revenue} - ${r.refunded}`,
      netSubtotal: sql<string>`${s.subtotal} - ${r.returnedSubtotal}`,
      netItemsSold: sql<string>`${s.items} - ${r.itemsReturned}`,
      returnRate: sql<string>`case when ${s.tx} = 0 then 0 else round(${r.returns} * 100.0 / ${s.tx}, 1) end`,
      refundRate: sql<string>`case when ${s.revenue} = 0 then 0 else round(${r.refunded} * 100 / ${s.revenue}, 1) end`,
    })
    .from(s)
    .innerJoin(r, sql`true`);
  if (!row) throw new Error('sales figures returned nothing');
  return row satisfies SalesFiguresRow;
}

/**
 * Net revenue per local day from startDate to endDate (inclusive), one row per day that has sales or
 * returns: the same daily totals and the same definition as netRevenue above.
 */
export async function dailyNetRevenue(
  db: DbOrTx,
  scope: BranchKey,
  { startDate, endDate }: { startDate: string; endDate: string },
): Promise<{ day: string; netRevenue: string }[]> {
  const result = await db.execute<{ day: string; net_revenue: string }>(sql`
    select d.day::text as day, sum(d.amount)::text as net_revenue from (
      select ${salesDaily.day} as day, ${salesDaily.revenue} as amount from ${salesDaily}
        where ${salesDaily.companyId} = ${scope.companyId} and ${salesDaily.branchId} = ${scope.branchId}
          and ${salesDaily.day} >= ${startDate} and ${salesDaily.day} <= ${endDate}
      union all
      select ${returnsDaily.day}, -${returnsDaily.refunded} from ${returnsDaily}
        where ${returnsDaily.companyId} = ${scope.companyId} and ${returnsDaily.branchId} = ${scope.branchId}
          and ${returnsDaily.day} >= ${startDate} and ${returnsDaily.day} <= ${endDate}
    ) d group by d.day order by d.day`);
  return (result as unknown as { rows: { day: string; net_revenue: string }[] }).rows.map((r) => ({
    day: r.day,
    netRevenue: r.net_revenue,
  }));
}
