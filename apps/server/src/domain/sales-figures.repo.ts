import { type AnyColumn, and, eq, getTableName, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import {
  returnItems,
  returns,
  returnsDaily,
  saleItems,
  sales,
  salesDaily,
  type salesDailyProducts,
  type salesDailyTenders,
  type salesHourly,
  type salesMonthlyProducts,
} from '../db/schema';
import type { LocalDays } from '../lib/sql-filters.repo';

type BranchKey = { companyId: string; branchId: string };

/** A period of local days (yyyy-mm-dd in the branch's time zone), both ends inclusive, either optional. */
export type DayPeriod = LocalDays;

/**
 * The rows of a daily-totals table (sales_daily, returns_daily) of one branch within a period of local
 * days: a range on its primary key (company, branch, day, ...).
 */
export function dailyRows(
  table: typeof salesDaily | typeof salesDailyTenders | typeof returnsDaily,
  scope: BranchKey,
  period: DayPeriod,
) {
  return and(
    eq(table.companyId, scope.companyId),
    eq(table.branchId, scope.branchId),
    period.startDate ? gte(table.day, period.startDate) : undefined,
    period.endDate ? lte(table.day, period.endDate) : undefined,
  );
}

/**
 * A kept totals table of sales as every reader reads it (docs/architecture/reports.md, 'The roll-up'): its rows
 * and the rows the company's sales still queued for the roll-up add (`pos_<table>_of`), in the reader's one
 * snapshot, so each sale counts exactly once. A key can be in both parts: read it summed, never as one row per
 * key. Give it an alias (`d`, or the table's own name for its columns).
 */
export function keptTotals(
  table:
    | typeof salesDaily
    | typeof salesDailyTenders
    | typeof salesHourly
    | typeof salesDailyProducts
    | typeof salesMonthlyProducts,
  companyId: string,
): SQL {
  const queued = sql.raw(`pos_${getTableName(table)}_of`);
  return sql`(select * from ${table} union all select * from ${queued}(pos_sales_rollup_pending(${companyId}::uuid)))`;
}

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
 * The formulas of docs/architecture/reports.md 'Sales figures', written once: over one row of sales totals `s`
 * (tx, revenue, subtotal, tax, discounts, items: completed sales) and one of returns totals `r`
 * (returns, refunded, items_returned, returned_subtotal: completed returns), whatever they were summed
 * from. Every figure is computed in the database and answered as text.
 */
async function figuresOf(db: DbOrTx, s: SQL, r: SQL): Promise<SalesFiguresRow> {
  const [row] = await queryRows<SalesFiguresRow>(
    db,
    sql`select
      s.tx::text as "grossTransactions",
      s.revenue::text as "grossRevenue",
      s.subtotal::text as "grossSubtotal",
      s.tax::text as "grossTax",
      s.discounts::text as "grossDiscounts",
      s.items::text as "grossItemsSold",
      (case when s.tx = 0 then 0 else round(s.revenue / s.tx, 2) end)::text as "averageTransactionValue",
      r.returns::text as "totalReturns",
      r.refunded::text as "totalReturnedValue",
      r.items_returned::text as "totalItemsReturned",
      (s.revenue - r.refunded)::text as "netRevenue",
      (s.subtotal - r.returned_subtotal)::text as "netSubtotal",
      (s.items - r.items_returned)::text as "netItemsSold",
      (case when s.tx = 0 then 0 else round(r.returns * 100.0 / s.tx, 1) end)::text as "returnRate",
      (case when s.revenue = 0 then 0 else round(r.refunded * 100 / s.revenue, 1) end)::text as "refundRate"
    from (${s}) s cross join (${r}) r`,
  );
  if (!row) throw new Error('sales figures returned nothing');
  return row;
}

/** `coalesce(sum(column), 0) as alias` for each alias: the totals of a daily-totals table. */
const sums = (columns: Record<string, AnyColumn>) =>
  sql.join(
    Object.entries(columns).map(([alias, column]) => sql`coalesce(sum(${column}), 0) as ${sql.identifier(alias)}`),
    sql`, `,
  );

/**
 * The figures for one branch and period of local days, over the daily totals (sales_daily,
 * returns_daily): a row per day (and cashier and payment method), so a year of a busy branch is a few
 * thousand rows however many sales it holds.
 */
export async function salesFigures(db: DbOrTx, scope: BranchKey, period: DayPeriod) {
  const s = sql`select ${sums({
    tx: salesDaily.transactions,
    revenue: salesDaily.revenue,
    subtotal: salesDaily.subtotal,
    tax: salesDaily.tax,
    discounts: salesDaily.discounts,
    items: salesDaily.itemsSold,
  })} from ${keptTotals(salesDaily, scope.companyId)} as ${salesDaily} where ${dailyRows(salesDaily, scope, period)}`;
  const r = sql`select ${sums({
    returns: returnsDaily.returnsCount,
    refunded: returnsDaily.refunded,
    items_returned: returnsDaily.itemsReturned,
    returned_subtotal: returnsDaily.returnedSubtotal,
  })} from ${returnsDaily} where ${dailyRows(returnsDaily, scope, period)}`;
  return figuresOf(db, s, r);
}

/**
 * The same figures for one customer, all time: their completed sales, and the completed returns of
 * those sales. A customer has few sales, so these are summed from the rows themselves
 * (sales_customer_idx), the daily totals having no customer.
 */
export async function customerFigures(
  db: DbOrTx,
  { companyId, customerId }: { companyId: string; customerId: string },
) {
  const s = sql`select
      count(*) as tx,
      coalesce(sum(x.total), 0) as revenue,
      coalesce(sum(x.subtotal), 0) as subtotal,
      coalesce(sum(x.tax_amount), 0) as tax,
      coalesce(sum(x.discount_amount), 0) as discounts,
      coalesce(sum((select sum(i.quantity) from ${saleItems} i where i.company_id = x.company_id and i.sale_id = x.id)), 0) as items
    from ${sales} x
    where x.company_id = ${companyId} and x.customer_id = ${customerId} and x.status = 'completed'`;
  const r = sql`select
      count(*) as returns,
      coalesce(sum(t.refund_amount), 0) as refunded,
      coalesce(sum(t.items), 0) as items_returned,
      coalesce(sum(t.goods), 0) as returned_subtotal
    from (
      select rt.refund_amount,
             (select sum(i.quantity) from ${returnItems} i where i.company_id = rt.company_id and i.return_id = rt.id) as items,
             (select sum(i.goods) from ${returnItems} i
               where i.company_id = rt.company_id and i.return_id = rt.id) as goods
      from ${returns} rt
      join ${sales} x on x.company_id = rt.company_id and x.id = rt.original_sale_id
      where rt.company_id = ${companyId} and x.customer_id = ${customerId} and rt.status = 'completed'
    ) t`;
  return figuresOf(db, s, r);
}

/**
 * Net revenue per local day from startDate to endDate (inclusive), one row per day that has sales or
 * returns: the same daily totals and the same definition as netRevenue above.
 */
export async function dailyNetRevenue(
  db: DbOrTx,
  scope: BranchKey,
  period: { startDate: string; endDate: string },
): Promise<{ day: string; netRevenue: string }[]> {
  const rows = await queryRows<{ day: string; net_revenue: string }>(
    db,
    sql`
    select d.day::text as day, sum(d.amount)::text as net_revenue from (
      select ${salesDaily.day} as day, ${salesDaily.revenue} as amount
        from ${keptTotals(salesDaily, scope.companyId)} as ${salesDaily}
        where ${dailyRows(salesDaily, scope, period)}
      union all
      select ${returnsDaily.day}, -${returnsDaily.refunded} from ${returnsDaily}
        where ${dailyRows(returnsDaily, scope, period)}
    ) d group by d.day order by d.day`,
  );
  return rows.map((r) => ({
    day: r.day,
    netRevenue: r.net_revenue,
  }));
}
