import { MONEY_METHOD_LABELS, type ReportKind } from '@pos/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { salesDaily, salesDailyProducts, salesDailyTenders, salesHourly, salesMonthlyProducts } from '../db/schema';
import { type LocalDays, localDayRange } from '../lib/sql-filters.repo';
import { addDays } from './sales-figures';
import { keptTotals } from './sales-figures.repo';

/**
 * The breakdowns of the Reports screen, with the definitions of 'Sales figures' (docs/architecture/reports.md):
 * completed sales by the local day (of their branch) they were sold (`sold_at`), completed returns by
 * the local day they were made. A breakdown's rows sum to the figure of the same period (sales by day:
 * grossRevenue, totalReturnedValue, netRevenue; product, category and brand: grossSubtotal and
 * netSubtotal). Every breakdown of sales reads kept totals (sales_daily, returns_daily; sales_hourly,
 * sales_daily_products, sales_monthly_products; those of sales with the sales still queued for their
 * roll-up, `keptTotals`), a row per day or month and key, never the sales or their lines: its cost grows
 * with the days and products of the period, not with the sales. Only returns by reason reads the returns themselves.
 */

/** One branch (its time zone), or every branch of a company (each in its own time zone). */
export type ReportScope = { companyId: string; branchId: string | null; timezone: string | null };

/** A breakdown row as SQL text: numerics as strings, null where a column does not apply. */
export type ReportSqlRow = {
  key: string;
  label: string;
  transactions: string | null;
  quantity: string | null;
  revenue: string;
  returned: string | null;
  net_revenue: string;
  cost: string | null;
};

/** The rows of a daily-totals table (alias `d`) in the scope and period of local days. */
function dailyWhere(scope: ReportScope, period: LocalDays): SQL {
  return sql.join(
    [
      sql`d.company_id = ${scope.companyId}`,
      scope.branchId ? sql`d.branch_id = ${scope.branchId}` : undefined,
      period.startDate ? sql`d.day >= ${period.startDate}::date` : undefined,
      period.endDate ? sql`d.day <= ${period.endDate}::date` : undefined,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
}

/**
 * The instant column (a sale's sold_at, a return's created_at; the table joined to `branches b`) within
 * the period's local days: for one branch the bounds are parameters (an index range on the branch's
 * index of that column), for a company each row's branch's time zone.
 */
function rowsWhere(alias: string, column: 'sold_at' | 'created_at', scope: ReportScope, period: LocalDays): SQL {
  const col = sql.raw(`${alias}.${column}`);
  const branch = sql.raw(`${alias}.branch_id`);
  const company = sql.raw(`${alias}.company_id`);
  return sql.join(
    [
      sql`${company} = ${scope.companyId}`,
      scope.branchId ? sql`${branch} = ${scope.branchId}` : undefined,
      localDayRange(col, scope.timezone ?? sql`b.timezone`, period),
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
}

const branchJoin = (alias: string) =>
  sql.raw(`join branches b on b.company_id = ${alias}.company_id and b.id = ${alias}.branch_id`);

/** Sales by day: the daily totals (sales_daily, returns_daily) per local day. */
const byDay = (scope: ReportScope, period: LocalDays) => sql`
  select coalesce(s.day, r.day)::text as key, coalesce(s.day, r.day)::text as label,
         coalesce(s.tx, 0)::text as transactions, coalesce(s.items, 0)::text as quantity,
         coalesce(s.revenue, 0)::text as revenue, coalesce(r.refunded, 0)::text as returned,
         (coalesce(s.revenue, 0) - coalesce(r.refunded, 0))::text as net_revenue, null::text as cost
  from (select d.day, sum(d.transactions) as tx, sum(d.items_sold) as items, sum(d.revenue) as revenue
        from ${keptTotals(salesDaily, scope.companyId)} d where ${dailyWhere(scope, period)}
        group by d.day having sum(d.transactions) > 0) s
  full join (select d.day, sum(d.refunded) as refunded from returns_daily d
             where ${dailyWhere(scope, period)} group by d.day having sum(d.returns_count) > 0) r on r.day = s.day`;

/** Sales by a column of sales_daily (the cashier): completed sales; returns not attributed. */
const byDailyColumn = (scope: ReportScope, period: LocalDays, key: SQL, label: SQL, join: SQL) => sql`
  select ${key}::text as key, ${label} as label, sum(d.transactions)::text as transactions,
         sum(d.items_sold)::text as quantity, sum(d.revenue)::text as revenue, null::text as returned,
         sum(d.revenue)::text as net_revenue, null::text as cost
  from ${keptTotals(salesDaily, scope.companyId)} d ${join}
  where ${dailyWhere(scope, period)}
  group by ${key}, ${label} having sum(d.transactions) > 0`;

/**
 * Completed sales by tender (sales_daily_tenders: each tender line, so a split sale counts under each of its
 * tenders and `transactions` counts payments) less the refunds made that way in the period (a card refund goes
 * back to the card; store credit, account, voucher and exchange are rows of their own), so the rows' net
 * revenue adds up to Sales by day's for the same period. Units are not a tender's: none.
 */
const byPaymentMethod = (scope: ReportScope, period: LocalDays) => {
  const key = sql`coalesce(s.method, r.method)`;
  const label = sql`case ${key} ${sql.join(
    Object.entries(MONEY_METHOD_LABELS).map(([method, text]) => sql`when ${method} then ${text}`),
    sql` `,
  )} else ${key} end`;
  return sql`
  select ${key} as key, ${label} as label,
         coalesce(s.tx, 0)::text as transactions, null::text as quantity,
         coalesce(s.revenue, 0)::text as revenue, coalesce(r.refunded, 0)::text as returned,
         (coalesce(s.revenue, 0) - coalesce(r.refunded, 0))::text as net_revenue, null::text as cost
  from (select d.method, sum(d.transactions) as tx, sum(d.amount) as revenue
        from ${keptTotals(salesDailyTenders, scope.companyId)} d where ${dailyWhere(scope, period)}
        group by d.method having sum(d.transactions) > 0) s
  full join (select case l.method when 'card_refund' then 'card' else l.method end as method,
                    sum(l.amount) as refunded
             from returns rt ${branchJoin('rt')}
             join return_refund_lines l on l.company_id = rt.company_id and l.return_id = rt.id
             where ${rowsWhere('rt', 'created_at', scope, period)} and rt.status = 'completed'
             group by 1) r on r.method = s.method`;
};

/**
 * Completed sales by the local hour of day they were sold (sold_at): the hour totals (sales_hourly, kept
 * by the triggers of migration 0024 per local day and hour), so a year is a few thousand rows.
 */
const byHour = (scope: ReportScope, period: LocalDays) => sql`
  select to_char(h.hour, 'FM00') as key, to_char(h.hour, 'FM00') || ':00' as label,
         h.tx::text as transactions, null::text as quantity, h.revenue::text as revenue, null::text as returned,
         h.revenue::text as net_revenue, null::text as cost
  from (select d.hour, sum(d.transactions) as tx, sum(d.revenue) as revenue
        from ${keptTotals(salesHourly, scope.companyId)} d where ${dailyWhere(scope, period)}
        group by d.hour having sum(d.transactions) > 0) h`;

/** yyyy-mm-dd plus n calendar months, on the first of its month. */
function monthStart(day: string, plusMonths = 0): string {
  const t = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  t.setUTCMonth(t.getUTCMonth() + plusMonths);
  return t.toISOString().slice(0, 10);
}

/**
 * A period of local days as the calendar months it spans whole (first days of the first and last such
 * month, either open when the period is) and the days left at its ends; no months when it spans none.
 */
export function splitByMonths(period: LocalDays): { months: LocalDays | null; days: LocalDays[] } {
  const { startDate, endDate } = period;
  const firstMonth = startDate === undefined || startDate.endsWith('-01') ? startDate : monthStart(startDate, 1);
  const lastMonth =
    endDate === undefined
      ? undefined
      : addDays(endDate, 1).endsWith('-01')
        ? monthStart(endDate)
        : monthStart(endDate, -1);
  if (firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth)
    return { months: null, days: [period] };
  const days: LocalDays[] = [];
  if (startDate !== undefined && firstMonth !== undefined && startDate < firstMonth) {
    days.push({ startDate, endDate: addDays(firstMonth, -1) });
  }
  if (endDate !== undefined && lastMonth !== undefined) {
    const after = monthStart(lastMonth, 1);
    if (after <= endDate) days.push({ startDate: after, endDate });
  }
  return { months: { startDate: firstMonth, endDate: lastMonth }, days };
}

/** The kept per-product rows of a period: whole months from sales_monthly_products, the rest by day. */
function productRows(scope: ReportScope, period: LocalDays): SQL {
  const columns = sql.raw(
    'd.company_id, d.product_id, d.product_name, d.quantity, d.goods, d.returned_goods, d.returned_quantity',
  );
  const counted = sql`(d.sale_lines > 0 or d.return_lines > 0)`;
  const { months, days } = splitByMonths(period);
  const parts = days.map(
    (range) =>
      sql`select ${columns} from ${keptTotals(salesDailyProducts, scope.companyId)} d
          where ${dailyWhere(scope, range)} and ${counted}`,
  );
  if (months) {
    const monthly = sql.join(
      [
        sql`d.company_id = ${scope.companyId}`,
        scope.branchId ? sql`d.branch_id = ${scope.branchId}` : undefined,
        months.startDate ? sql`d.month >= ${months.startDate}::date` : undefined,
        months.endDate ? sql`d.month <= ${months.endDate}::date` : undefined,
      ].filter((c): c is SQL => c !== undefined),
      sql` and `,
    );
    parts.push(
      sql`select ${columns} from ${keptTotals(salesMonthlyProducts, scope.companyId)} d where ${monthly} and ${counted}`,
    );
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Goods by product (then grouped by category or brand): units and goods at their sale price of completed
 * sales' lines, less the goods of completed returns' items, and for margins the product's current cost
 * times the net units. Read from the per-product totals (migrations 0024, 0025: the lines by their sale's
 * sold_at day, the returned items by their return's created_at day; whole months from the monthly rows),
 * a row per product and day or month instead of every line; a product is labelled with the names its
 * lines in the period were sold under, and grouped by its current category and brand. A variant gathers its
 * listings in every branch of the scope (the chain's view of one product); an item, its variants.
 */
const GOODS_GROUPS = {
  product: [sql`g.product_id`, sql`max(g.product_name)`],
  variant: [sql`p.variant_id`, sql`max(g.product_name)`],
  item: [sql`v.item_id`, sql`max(i.name)`],
  category: [sql`p.category_id`, sql`coalesce(max(c.name), 'Uncategorized')`],
  brand: [sql`p.brand_id`, sql`coalesce(max(br.name), 'No brand')`],
} as const;

const goodsBy = (scope: ReportScope, period: LocalDays, group: keyof typeof GOODS_GROUPS) => {
  const [key, label] = GOODS_GROUPS[group];
  return sql`
  select coalesce(${key}::text, '') as key, ${label} as label, null::text as transactions,
         sum(g.sold)::text as quantity, sum(g.goods)::text as revenue, sum(g.returned)::text as returned,
         (sum(g.goods) - sum(g.returned))::text as net_revenue,
         sum((g.sold - g.units_returned) * p.cost)::text as cost
  from (
    select d.company_id, d.product_id, max(d.product_name) as product_name, sum(d.quantity) as sold,
           sum(d.goods) as goods, sum(d.returned_goods) as returned, sum(d.returned_quantity) as units_returned
    from (${productRows(scope, period)}) d
    group by d.company_id, d.product_id
  ) g
  join products p on p.company_id = g.company_id and p.id = g.product_id
  join variants v on v.company_id = p.company_id and v.id = p.variant_id
  join items i on i.company_id = v.company_id and i.id = v.item_id
  left join categories c on c.company_id = p.company_id and c.id = p.category_id
  left join brands br on br.company_id = p.company_id and br.id = p.brand_id
  group by ${key}`;
};

/** Completed returns' items by reason (the item's own, else the return's). */
const returnsByReason = (scope: ReportScope, period: LocalDays) => sql`
  select coalesce(ri.reason, rt.reason) as key, coalesce(ri.reason, rt.reason) as label,
         count(distinct rt.id)::text as transactions, sum(ri.quantity)::text as quantity,
         sum(ri.goods)::text as revenue, sum(ri.total_amount)::text as returned,
         (-sum(ri.total_amount))::text as net_revenue, null::text as cost
  from returns rt ${branchJoin('rt')}
  join return_items ri on ri.company_id = rt.company_id and ri.return_id = rt.id
  where ${rowsWhere('rt', 'created_at', scope, period)} and rt.status = 'completed'
  group by 1, 2`;

function reportSql(report: ReportKind, scope: ReportScope, period: LocalDays): SQL {
  switch (report) {
    case 'sales-by-day':
      return byDay(scope, period);
    case 'sales-by-hour':
      return byHour(scope, period);
    case 'sales-by-cashier':
      return byDailyColumn(
        scope,
        period,
        sql`d.cashier_id`,
        sql`coalesce(u.name, 'Unknown')`,
        sql`left join users u on u.id = d.cashier_id`,
      );
    case 'sales-by-payment-method':
      return byPaymentMethod(scope, period);
    case 'sales-by-product':
    case 'margin-by-product':
      return goodsBy(scope, period, 'product');
    case 'sales-by-variant':
      return goodsBy(scope, period, 'variant');
    case 'sales-by-item':
      return goodsBy(scope, period, 'item');
    case 'sales-by-category':
    case 'margin-by-category':
      return goodsBy(scope, period, 'category');
    case 'sales-by-brand':
      return goodsBy(scope, period, 'brand');
    case 'returns-by-reason':
      return returnsByReason(scope, period);
  }
}

/** Every row of a report (a few thousand at most: days, hours, products of a branch), unsorted. */
export async function reportRows(
  db: DbOrTx,
  report: ReportKind,
  scope: ReportScope,
  period: LocalDays,
): Promise<ReportSqlRow[]> {
  return queryRows<ReportSqlRow>(db, reportSql(report, scope, period));
}
