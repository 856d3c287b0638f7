import {
  addQuantities,
  computeCartTotals,
  type DiscountType,
  fullReturnRefundGap,
  lineNet,
  type RefundBreakdown,
  saleLinesPaid,
  toMinor,
  unitsRefund,
} from '@pos/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/db/client';

/**
 * The data invariants, one reusable check over the whole database:
 * run after the fuzz and at the end of the sale, return and inventory suites. Returns every violation
 * found (empty when all hold); the caller asserts it is empty, so a failure names what broke.
 *
 * 1. stock: every product's stock equals the signed sum of its movements (its initial stock is its
 *    first movement, `initial_stock`);
 * 2. sales: every sale has lines; its subtotal is the sum of its lines (each quantity x unit price, less
 *    the tax inside a price that included it);
 *    its discount, tax and total are the shared money module's for its lines and its stored rates;
 * 3. returned: no sale line's returned quantity exceeds its quantity, and it equals what its returns
 *    took back;
 * 4. refunds: a return's refund is the sum of its lines; each line's amount is the shared refund rule
 *    applied to it, less its fee; the refunds of a fully returned sale sum to its total less the fees (and
 *    less its POS service fee, never refunded);
 * 5. receipts: receipt numbers are unique per branch;
 * 6. daily totals: sales_daily and sales_daily_tenders (with the sales queued for the roll-up) and returns_daily
 *    equal the rows they summarise;
 * 7. report totals: sales_daily_products and sales_hourly (likewise) equal the lines, items and sales they summarise;
 *    sales_monthly_products equals sales_daily_products by month;
 * 8. kept counts: stock_movements_daily and audit_logs_daily equal the ledger and log rows they count;
 *    customer_name_marks count each run of customers exactly, and every branch with customers has its first
 *    mark ('', nil uuid);
 * 9. shifts: every closed shift's Z figures, recomputed from its rows, equal what its close stored:
 *    expected = float + cash tender lines - cash refund lines + paid in - paid out, over/short = counted - expected.
 *    Late sales (offline sales uploaded after the shift they name had closed: `late_shift_id`) are not
 *    its rows but the register's next shift's; none is ever in the shift it is late for.
 * 10. listings: every live product row (a branch's listing of a catalogue variant, migration 0047) lists a
 *    variant of its own company and shows what the catalogue says: the variant's name, SKU and barcodes, its item's
 *    category, description and tax class (with the class's rate) (its price is the variant's chain price unless
 *    the branch stores its own: nothing to compare); no variant is listed twice live in one branch. (Invariant 1 already stands per
 *    listing: a listing's stock is its own ledger's.)
 */
export type Violation = { invariant: string; detail: string };

/** Raw rows, through the one typed reader of db/client.ts. */
const rows = queryRows;

const cents = (value: string | number | null | undefined) => toMinor(Number(value ?? 0));

/**
 * A kept totals table of sales with what the sales still queued for the roll-up add (every company's): what
 * the readers read (domain/sales-figures.repo.ts, keptTotals), so the invariants hold whether or not the
 * roll-up has run.
 */
const withQueued = (
  table: 'sales_daily' | 'sales_daily_tenders' | 'sales_hourly' | 'sales_daily_products' | 'sales_monthly_products',
) =>
  sql.raw(
    `(select * from ${table} union all select * from pos_${table}_of(array(select sale_id from sales_rollup_queue)))`,
  );

export async function checkInvariants(db: Db): Promise<Violation[]> {
  const violations: Violation[] = [];
  const add = (invariant: string, detail: string) => violations.push({ invariant, detail });

  // 1. Stock = signed sum of movements.
  for (const r of await rows<{ id: string; stock: number; moved: string }>(
    db,
    sql`select p.id, p.stock_quantity as stock,
          coalesce(sum(case when m.direction = 'in' then m.quantity else -m.quantity end), 0)::text as moved
        from products p
        left join stock_movements m on m.company_id = p.company_id and m.product_id = p.id
        group by p.company_id, p.id, p.stock_quantity
        having p.stock_quantity <> coalesce(sum(case when m.direction = 'in' then m.quantity else -m.quantity end), 0)`,
  )) {
    add('stock', `product ${r.id}: stock ${r.stock}, movements sum to ${r.moved}`);
  }

  // 1b. Tender lines (sale_tender_lines): a sale's tenders sum to its total; its change came from cash
  // (a cash sale, or a split sale with a cash line: a cash sale of nothing to pay has no line and hands all back); the payment method names its one tender, or 'mixed' for several, and
  // only a split sale keeps rows in sale_tenders.
  for (const r of await rows<{
    id: string;
    total: string;
    tendered: string;
    methods: string[];
    payment_method: string;
  }>(
    db,
    sql`select s.id, s.total::text, s.payment_method, coalesce(sum(t.amount), 0)::text as tendered,
          coalesce(array_agg(t.method order by t.method) filter (where t.method is not null), '{}') as methods
        from sales s
        left join sale_tender_lines t on t.company_id = s.company_id and t.sale_id = s.id
        group by s.company_id, s.id
        having coalesce(sum(t.amount), 0) <> s.total
            or (s.change_amount > 0 and s.payment_method <> 'cash' and not coalesce(bool_or(t.method = 'cash'), false))
            or (s.payment_method = 'mixed' and count(t.method) < 2)
            or (s.payment_method <> 'mixed' and exists (select 1 from sale_tenders x
                                                         where x.company_id = s.company_id and x.sale_id = s.id))`,
  )) {
    add(
      'sale-tenders',
      `sale ${r.id} (${r.payment_method}): total ${r.total}, tenders ${r.methods.join('+')} sum to ${r.tendered}`,
    );
  }

  // 1b'. Refund lines (return_refund_lines) sum to each return's refund. An exchange links a return refunded
  // as 'exchange' (its refund the credit) and a sale whose 'exchange' tender line is the part applied; what the
  // customer paid on top (the sale's other tender lines) less what went back is the sale's total less the
  // returned goods' worth: net of both, an exchange is the difference paid.
  for (const r of await rows<{ id: string; refund: string; lines: string }>(
    db,
    sql`select r.id, r.refund_amount::text as refund, coalesce(sum(l.amount), 0)::text as lines
        from returns r
        left join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id
        group by r.company_id, r.id
        having coalesce(sum(l.amount), 0) <> r.refund_amount`,
  )) {
    add('refund-lines', `return ${r.id}: refund ${r.refund}, its lines sum to ${r.lines}`);
  }
  for (const r of await rows<{ id: string; detail: string }>(
    db,
    sql`select x.id, concat_ws(' ', 'credit', x.credit, 'applied', x.applied, 'back', x.back, 'refund', r.refund_amount,
                             r.refund_method, 'sale total', s.total, 'exchange tender', t.exchanged, 'other tenders', t.other) as detail
        from exchanges x
        join returns r on r.company_id = x.company_id and r.id = x.return_id
        join sales s on s.company_id = x.company_id and s.id = x.sale_id
        left join (select company_id, sale_id, sum(amount) filter (where method = 'exchange') as exchanged,
                          sum(amount) filter (where method <> 'exchange') as other
                   from sale_tender_lines group by 1, 2) t on t.company_id = x.company_id and t.sale_id = x.sale_id
        where r.refund_method <> 'exchange' or r.refund_amount <> x.credit
           or coalesce(t.exchanged, 0) <> x.applied
           or s.total - r.refund_amount <> coalesce(t.other, 0) - x.back`,
  )) {
    add('exchanges', `exchange ${r.id}: ${r.detail}`);
  }

  // 1c. Store credit: every customer's kept balance is the sum of their ledger entries; each return refunded
  // as store credit gave its refund to the sale's customer.
  for (const r of await rows<{ id: string; balance: string; entries: string }>(
    db,
    sql`select c.id, c.credit_balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
        from customers c
        left join customer_credit_entries e on e.company_id = c.company_id and e.customer_id = c.id
        group by c.company_id, c.id
        having c.credit_balance <> coalesce(sum(e.amount), 0)`,
  )) {
    add('store-credit', `customer ${r.id}: balance ${r.balance}, entries sum to ${r.entries}`);
  }
  for (const r of await rows<{ id: string; refund: string; credited: string | null }>(
    db,
    sql`select r.id, l.amount::text as refund, e.amount::text as credited
        from returns r
        join sales s on s.company_id = r.company_id and s.id = r.original_sale_id
        join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id and l.method = 'store_credit'
        left join customer_credit_entries e on e.company_id = r.company_id and e.kind = 'return' and e.reference_id = r.id
        where r.status = 'completed'
          and (e.amount is distinct from l.amount or e.customer_id is distinct from s.customer_id)`,
  )) {
    add('store-credit', `return ${r.id}: refund ${r.refund} as store credit, credited ${r.credited ?? 'nothing'}`);
  }
  for (const r of await rows<{ id: string; tendered: string; taken: string }>(
    db,
    sql`select s.id, coalesce(t.amount, 0)::text as tendered, coalesce(-e.amount, 0)::text as taken
        from sales s
        left join sale_tender_lines t on t.company_id = s.company_id and t.sale_id = s.id and t.method = 'store_credit'
        left join (select company_id, reference_id, customer_id, sum(amount) as amount from customer_credit_entries
                   where kind = 'sale' group by 1, 2, 3) e on e.company_id = s.company_id and e.reference_id = s.id
        where coalesce(t.amount, 0) <> coalesce(-e.amount, 0) or e.customer_id is distinct from
              case when e.customer_id is null then null else s.customer_id end`,
  )) {
    add('store-credit', `sale ${r.id}: store credit tender ${r.tendered}, taken from the balance ${r.taken}`);
  }

  // 1d. Customer accounts: what each customer owes is the sum of their account entries; each sale's account
  // tender is charged to its customer, and each refund back to an account is taken off it.
  for (const r of await rows<{ id: string; balance: string; entries: string }>(
    db,
    sql`select c.id, c.account_balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
        from customers c
        left join customer_account_entries e on e.company_id = c.company_id and e.customer_id = c.id
        group by c.company_id, c.id
        having c.account_balance <> coalesce(sum(e.amount), 0)`,
  )) {
    add('account', `customer ${r.id}: owes ${r.balance}, entries sum to ${r.entries}`);
  }
  for (const r of await rows<{ id: string; tendered: string; charged: string }>(
    db,
    sql`select s.id, coalesce(t.amount, 0)::text as tendered, coalesce(e.amount, 0)::text as charged
        from sales s
        left join sale_tender_lines t on t.company_id = s.company_id and t.sale_id = s.id and t.method = 'account'
        left join customer_account_entries e on e.company_id = s.company_id and e.kind = 'sale' and e.reference_id = s.id
        where coalesce(t.amount, 0) <> coalesce(e.amount, 0)
           or (e.id is not null and e.customer_id is distinct from s.customer_id)`,
  )) {
    add('account', `sale ${r.id}: account tender ${r.tendered}, charged to the account ${r.charged}`);
  }
  for (const r of await rows<{ id: string; refund: string; taken: string | null }>(
    db,
    sql`select r.id, l.amount::text as refund, (-e.amount)::text as taken
        from returns r
        join sales s on s.company_id = r.company_id and s.id = r.original_sale_id
        join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id and l.method = 'account'
        left join customer_account_entries e on e.company_id = r.company_id and e.kind = 'return' and e.reference_id = r.id
        where r.status = 'completed'
          and (-e.amount is distinct from l.amount or e.customer_id is distinct from s.customer_id)`,
  )) {
    add('account', `return ${r.id}: refund ${r.refund} to the account, taken off it ${r.taken ?? 'nothing'}`);
  }

  // 1e. Gift vouchers: each balance is the sum of its entries; each sale's voucher tender is one redeem entry of
  // it, each refund line to a voucher one refund entry.
  for (const r of await rows<{ id: string; balance: string; entries: string }>(
    db,
    sql`select v.id, v.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
        from gift_vouchers v
        left join gift_voucher_entries e on e.company_id = v.company_id and e.voucher_id = v.id
        group by v.company_id, v.id
        having v.balance <> coalesce(sum(e.amount), 0)`,
  )) {
    add('voucher', `voucher ${r.id}: balance ${r.balance}, entries sum to ${r.entries}`);
  }
  for (const r of await rows<{ id: string; tendered: string; redeemed: string }>(
    db,
    sql`select s.id, coalesce(t.amount, 0)::text as tendered, coalesce(-e.amount, 0)::text as redeemed
        from sales s
        left join sale_tender_lines t on t.company_id = s.company_id and t.sale_id = s.id and t.method = 'voucher'
        left join gift_voucher_entries e on e.company_id = s.company_id and e.kind = 'redeem' and e.reference_id = s.id
        where coalesce(t.amount, 0) <> coalesce(-e.amount, 0)`,
  )) {
    add('voucher', `sale ${r.id}: voucher tender ${r.tendered}, redeemed ${r.redeemed}`);
  }
  for (const r of await rows<{ id: string; refund: string; back: string | null }>(
    db,
    sql`select r.id, l.amount::text as refund, e.amount::text as back
        from returns r
        join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id and l.method = 'voucher'
        left join gift_voucher_entries e on e.company_id = r.company_id and e.kind = 'refund' and e.reference_id = r.id
        where r.status = 'completed' and e.amount is distinct from l.amount`,
  )) {
    add('voucher', `return ${r.id}: refund ${r.refund} to a voucher, put back ${r.back ?? 'nothing'}`);
  }

  // 2. Sales: lines, subtotal, discount, tax and total.
  const saleRows = await rows<{
    id: string;
    company_id: string;
    subtotal: string;
    discount_type: DiscountType;
    discount_value: string;
    discount_amount: string;
    tax_rate: string;
    tax_amount: string;
    service_fee: string;
    total: string;
  }>(
    db,
    sql`select id, company_id, subtotal::text, discount_type, discount_value::text, discount_amount::text,
          tax_rate::text, tax_amount::text, service_fee::text, total::text from sales`,
  );
  const itemRows = await rows<{
    id: string;
    company_id: string;
    sale_id: string;
    quantity: number;
    unit_price: string;
    subtotal: string;
    tax_rate: string;
    tax_included: boolean;
    returned_quantity: number;
  }>(
    db,
    sql`select id, company_id, sale_id, quantity::float8 as quantity, unit_price::text, subtotal::text,
          tax_rate::text, tax_included, returned_quantity::float8 as returned_quantity
        from sale_items order by company_id, sale_id, id`,
  );
  const itemsBySale = new Map<string, typeof itemRows>();
  for (const item of itemRows) {
    const key = `${item.company_id}/${item.sale_id}`;
    itemsBySale.set(key, [...(itemsBySale.get(key) ?? []), item]);
  }
  const salesByKey = new Map(saleRows.map((s) => [`${s.company_id}/${s.id}`, s]));
  for (const sale of saleRows) {
    const lines = itemsBySale.get(`${sale.company_id}/${sale.id}`) ?? [];
    if (lines.length === 0) {
      add('sale-lines', `sale ${sale.id} has no lines`);
      continue;
    }
    for (const line of lines) {
      const { goods } = lineNet(cents(line.unit_price), line.quantity, {
        rate: Number(line.tax_rate),
        taxIncluded: line.tax_included,
      });
      if (cents(line.subtotal) !== goods) {
        add(
          'sale-lines',
          `sale ${sale.id} line ${line.id}: subtotal ${line.subtotal} <> ${line.quantity} x ${line.unit_price}` +
            (line.tax_included ? ` less its ${line.tax_rate} % tax` : ''),
        );
      }
    }
    const expected = computeCartTotals({
      // Each line at the rate it was taxed at (its tax class, else the sale's).
      items: lines.map((l) => ({
        price: Number(l.unit_price),
        quantity: l.quantity,
        taxRate: Number(l.tax_rate),
        taxIncluded: l.tax_included,
      })),
      taxRate: Number(sale.tax_rate),
      discountType: sale.discount_type,
      discountValue: Number(sale.discount_value),
      serviceFee: Number(sale.service_fee),
    }).minor;
    const stored = {
      subtotal: cents(sale.subtotal),
      discountAmount: cents(sale.discount_amount),
      tax: cents(sale.tax_amount),
      total: cents(sale.total),
    };
    for (const field of ['subtotal', 'discountAmount', 'tax', 'total'] as const) {
      if (stored[field] !== expected[field]) {
        add(
          'sale-totals',
          `sale ${sale.id}: ${field} ${stored[field] / 100}, the money module gives ${expected[field] / 100} ` +
            `(${sale.discount_type} ${sale.discount_value}, tax ${sale.tax_rate} %)`,
        );
      }
    }
  }

  // 3 and 4. Returned quantities and refunds.
  const returnItemRows = await rows<{
    id: string;
    company_id: string;
    return_id: string;
    sale_item_id: string;
    quantity: number;
    unit_price: string;
    restocking_fee: string;
    goods: string;
    total_amount: string;
  }>(
    db,
    sql`select ri.id, ri.company_id, ri.return_id, ri.sale_item_id, ri.quantity::float8 as quantity, ri.unit_price::text,
          ri.restocking_fee::text, ri.goods::text, ri.total_amount::text
        from return_items ri join returns r on r.company_id = ri.company_id and r.id = ri.return_id
        order by ri.company_id, r.created_at, r.return_number, ri.id`,
  );
  const returnRows = await rows<{
    id: string;
    company_id: string;
    original_sale_id: string;
    refund_amount: string;
    status: string;
  }>(db, sql`select id, company_id, original_sale_id, refund_amount::text, status from returns`);
  const itemById = new Map(itemRows.map((i) => [`${i.company_id}/${i.id}`, i]));
  const takenBack = new Map<string, number>();
  const linesOfReturn = new Map<string, typeof returnItemRows>();
  for (const ri of returnItemRows) {
    const itemKey = `${ri.company_id}/${ri.sale_item_id}`;
    const sold = itemById.get(itemKey);
    const before = takenBack.get(itemKey) ?? 0;
    takenBack.set(itemKey, addQuantities(before, ri.quantity));
    const key = `${ri.company_id}/${ri.return_id}`;
    linesOfReturn.set(key, [...(linesOfReturn.get(key) ?? []), ri]);
    if (!sold) {
      add('refunds', `return line ${ri.id}: sale item ${ri.sale_item_id} not found`);
      continue;
    }
    const sale = salesByKey.get(`${sold.company_id}/${sold.sale_id}`);
    if (!sale) continue;
    const expected = expectedLinePiece({
      sale,
      saleLines: itemsBySale.get(`${sold.company_id}/${sold.sale_id}`) ?? [],
      line: sold,
      alreadyReturned: before,
      quantity: ri.quantity,
      restockingFee: Number(ri.restocking_fee),
    });
    if (cents(ri.total_amount) !== expected?.refund) {
      add(
        'refunds',
        `return line ${ri.id}: ${ri.quantity} x ${ri.unit_price} less fee ${ri.restocking_fee} refunds ` +
          `${ri.total_amount}, the rule gives ${(expected?.refund ?? Number.NaN) / 100}`,
      );
    }
    if (cents(ri.goods) !== expected?.goods) {
      add(
        'refunds',
        `return line ${ri.id}: goods ${ri.goods}, the rule gives ${(expected?.goods ?? Number.NaN) / 100}`,
      );
    }
  }
  for (const item of itemRows) {
    const taken = takenBack.get(`${item.company_id}/${item.id}`) ?? 0;
    if (item.returned_quantity > item.quantity) {
      add('returned', `sale item ${item.id}: returned ${item.returned_quantity} of ${item.quantity} sold`);
    }
    if (item.returned_quantity !== taken) {
      add(
        'returned',
        `sale item ${item.id}: returned_quantity ${item.returned_quantity}, its returns took back ${taken}`,
      );
    }
  }
  const refundedBySale = new Map<string, { refunds: number[]; fees: number[] }>();
  for (const ret of returnRows) {
    const lines = linesOfReturn.get(`${ret.company_id}/${ret.id}`) ?? [];
    const sum = lines.reduce((n, l) => n + cents(l.total_amount), 0);
    if (lines.length === 0) add('refunds', `return ${ret.id} has no lines`);
    if (cents(ret.refund_amount) !== sum) {
      add('refunds', `return ${ret.id}: refund ${ret.refund_amount}, its lines sum to ${sum / 100}`);
    }
    const saleKey = `${ret.company_id}/${ret.original_sale_id}`;
    const acc = refundedBySale.get(saleKey) ?? { refunds: [], fees: [] };
    acc.refunds.push(Number(ret.refund_amount));
    acc.fees.push(...lines.map((l) => Number(l.restocking_fee)));
    refundedBySale.set(saleKey, acc);
  }
  for (const [saleKey, { refunds, fees }] of refundedBySale) {
    const sale = salesByKey.get(saleKey);
    const lines = itemsBySale.get(saleKey) ?? [];
    if (!sale || lines.length === 0) continue;
    const fullyReturned = lines.every((l) => l.returned_quantity === l.quantity);
    const gap = fullReturnRefundGap({
      saleTotal: Number(sale.total),
      serviceFee: Number(sale.service_fee),
      refundAmounts: refunds,
      restockingFees: fees,
    });
    if (fullyReturned && gap !== 0) {
      add(
        'refunds',
        `sale ${sale.id} fully returned: its refunds plus fees miss its total ${sale.total} by ${gap / 100}`,
      );
    }
  }

  // 5. Receipt numbers unique per branch.
  for (const r of await rows<{ branch_id: string; receipt_number: string; n: string }>(
    db,
    sql`select branch_id, receipt_number, count(*)::text as n from sales
        group by company_id, branch_id, receipt_number having count(*) > 1`,
  )) {
    add('receipts', `branch ${r.branch_id}: receipt ${r.receipt_number} used ${r.n} times`);
  }

  // 6. Daily totals equal the rows they summarise (a summary row of zeros equals no rows).
  for (const r of await rows<{ key: string; stored: string | null; actual: string | null }>(
    db,
    sql`with actual as (
          select s.company_id, s.branch_id, (s.sold_at at time zone b.timezone)::date as day, s.cashier_id,
                 s.payment_method,
                 count(*)::int as sales_count,
                 (count(*) filter (where s.status = 'completed'))::int as transactions,
                 coalesce(sum(s.total) filter (where s.status = 'completed'), 0)::numeric(18,2) as revenue,
                 coalesce(sum(s.subtotal) filter (where s.status = 'completed'), 0)::numeric(18,2) as subtotal,
                 coalesce(sum(s.tax_amount) filter (where s.status = 'completed'), 0)::numeric(18,2) as tax,
                 coalesce(sum(s.discount_amount) filter (where s.status = 'completed'), 0)::numeric(18,2) as discounts,
                 coalesce(sum(i.quantity) filter (where s.status = 'completed'), 0)::numeric(18,3) as items_sold
          from sales s
          join branches b on b.company_id = s.company_id and b.id = s.branch_id
          left join lateral (select sum(si.quantity) as quantity from sale_items si
                             where si.company_id = s.company_id and si.sale_id = s.id) i on true
          group by 1, 2, 3, 4, 5
        ), stored as (
          select company_id, branch_id, day, cashier_id, payment_method, sum(sales_count)::int as sales_count,
                 sum(transactions)::int as transactions, sum(revenue)::numeric(18,2) as revenue,
                 sum(subtotal)::numeric(18,2) as subtotal, sum(tax)::numeric(18,2) as tax,
                 sum(discounts)::numeric(18,2) as discounts, sum(items_sold)::numeric(18,3) as items_sold
          from ${withQueued('sales_daily')} d
          group by 1, 2, 3, 4, 5
          having sum(sales_count) <> 0 or sum(transactions) <> 0 or sum(revenue) <> 0 or sum(subtotal) <> 0
             or sum(tax) <> 0 or sum(discounts) <> 0 or sum(items_sold) <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.day, s.day),
                         coalesce(a.cashier_id, s.cashier_id), coalesce(a.payment_method, s.payment_method)) as key,
               case when s.company_id is null then null else concat_ws(' ', s.sales_count, s.transactions, s.revenue,
                 s.subtotal, s.tax, s.discounts, s.items_sold) end as stored,
               case when a.company_id is null then null else concat_ws(' ', a.sales_count, a.transactions, a.revenue,
                 a.subtotal, a.tax, a.discounts, a.items_sold) end as actual
        from actual a
        full join stored s using (company_id, branch_id, day, cashier_id, payment_method)
        where (a.sales_count, a.transactions, a.revenue, a.subtotal, a.tax, a.discounts, a.items_sold)
              is distinct from
              (s.sales_count, s.transactions, s.revenue, s.subtotal, s.tax, s.discounts, s.items_sold)`,
  )) {
    add('sales-daily', `${r.key}: sales_daily has [${r.stored ?? 'no row'}], the sales give [${r.actual ?? 'no row'}]`);
  }
  // ... and by tender: a split sale's sale_tenders, any other sale its method paying its total.
  for (const r of await rows<{ key: string; stored: string | null; actual: string | null }>(
    db,
    sql`with lines as (
          select s.*, t.method as tender, t.amount as paid from sales s
          join sale_tenders t on t.company_id = s.company_id and t.sale_id = s.id where s.payment_method = 'mixed'
          union all
          select s.*, s.payment_method, s.total from sales s where s.payment_method <> 'mixed' and s.total > 0
        ), actual as (
          select l.company_id, l.branch_id, (l.sold_at at time zone b.timezone)::date as day, l.cashier_id,
                 l.tender as method, count(*)::int as sales_count,
                 (count(*) filter (where l.status = 'completed'))::int as transactions,
                 coalesce(sum(l.paid) filter (where l.status = 'completed'), 0)::numeric(18,2) as amount
          from lines l join branches b on b.company_id = l.company_id and b.id = l.branch_id
          group by 1, 2, 3, 4, 5
        ), stored as (
          select company_id, branch_id, day, cashier_id, method, sum(sales_count)::int as sales_count,
                 sum(transactions)::int as transactions, sum(amount)::numeric(18,2) as amount
          from ${withQueued('sales_daily_tenders')} d
          group by 1, 2, 3, 4, 5
          having sum(sales_count) <> 0 or sum(transactions) <> 0 or sum(amount) <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.day, s.day),
                         coalesce(a.cashier_id, s.cashier_id), coalesce(a.method, s.method)) as key,
               case when s.company_id is null then null
                    else concat_ws(' ', s.sales_count, s.transactions, s.amount) end as stored,
               case when a.company_id is null then null
                    else concat_ws(' ', a.sales_count, a.transactions, a.amount) end as actual
        from actual a
        full join stored s using (company_id, branch_id, day, cashier_id, method)
        where (a.sales_count, a.transactions, a.amount) is distinct from (s.sales_count, s.transactions, s.amount)`,
  )) {
    add(
      'sales-daily-tenders',
      `${r.key}: sales_daily_tenders has [${r.stored ?? 'no row'}], the tender lines give [${r.actual ?? 'no row'}]`,
    );
  }
  for (const r of await rows<{ key: string; stored: string | null; actual: string | null }>(
    db,
    sql`with actual as (
          select r.company_id, r.branch_id, (r.created_at at time zone b.timezone)::date as day,
                 count(*)::int as returns_count, sum(r.refund_amount)::numeric(18,2) as refunded,
                 coalesce(sum(i.quantity), 0)::numeric(18,3) as items_returned,
                 coalesce(sum(i.goods), 0)::numeric(18,2) as returned_subtotal
          from returns r
          join branches b on b.company_id = r.company_id and b.id = r.branch_id
          left join lateral (select sum(ri.quantity) as quantity, sum(ri.goods) as goods
                             from return_items ri where ri.company_id = r.company_id and ri.return_id = r.id) i on true
          where r.status = 'completed'
          group by 1, 2, 3
        ), stored as (
          select company_id, branch_id, day, returns_count, refunded::numeric(18,2) as refunded, items_returned::numeric(18,3) as items_returned,
                 returned_subtotal::numeric(18,2) as returned_subtotal
          from returns_daily
          where returns_count <> 0 or refunded <> 0 or items_returned <> 0 or returned_subtotal <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.day, s.day)) as key,
               case when s.company_id is null then null else concat_ws(' ', s.returns_count, s.refunded,
                 s.items_returned, s.returned_subtotal) end as stored,
               case when a.company_id is null then null else concat_ws(' ', a.returns_count, a.refunded,
                 a.items_returned, a.returned_subtotal) end as actual
        from actual a
        full join stored s using (company_id, branch_id, day)
        where (a.returns_count, a.refunded, a.items_returned, a.returned_subtotal)
              is distinct from (s.returns_count, s.refunded, s.items_returned, s.returned_subtotal)`,
  )) {
    add(
      'returns-daily',
      `${r.key}: returns_daily has [${r.stored ?? 'no row'}], the returns give [${r.actual ?? 'no row'}]`,
    );
  }

  // 7. Report totals (migration 0024) equal the lines, return items and sales they summarise.
  for (const r of await rows<{ key: string; stored: string | null; actual: string | null }>(
    db,
    sql`with actual as (
          select company_id, branch_id, day, product_id, product_name, sum(sale_lines)::int as sale_lines,
                 sum(quantity)::numeric(18,3) as quantity, sum(goods)::numeric(18,2) as goods,
                 sum(return_lines)::int as return_lines, sum(returned_quantity)::numeric(18,3) as returned_quantity,
                 sum(returned_goods)::numeric(18,2) as returned_goods
          from (
            select s.company_id, s.branch_id, (s.sold_at at time zone b.timezone)::date as day, i.product_id,
                   i.product_name, 1 as sale_lines, i.quantity, i.subtotal as goods, 0 as return_lines,
                   0 as returned_quantity, 0::numeric as returned_goods
            from sale_items i
            join sales s on s.company_id = i.company_id and s.id = i.sale_id
            join branches b on b.company_id = s.company_id and b.id = s.branch_id
            where s.status = 'completed'
            union all
            select r.company_id, r.branch_id, (r.created_at at time zone b.timezone)::date, i.product_id,
                   i.product_name, 0, 0, 0, 1, i.quantity, i.goods
            from return_items i
            join returns r on r.company_id = i.company_id and r.id = i.return_id
            join branches b on b.company_id = r.company_id and b.id = r.branch_id
            where r.status = 'completed'
          ) x
          group by 1, 2, 3, 4, 5
        ), stored as (
          select company_id, branch_id, day, product_id, product_name, sum(sale_lines)::int as sale_lines,
                 sum(quantity)::numeric(18,3) as quantity, sum(goods)::numeric(18,2) as goods,
                 sum(return_lines)::int as return_lines, sum(returned_quantity)::numeric(18,3) as returned_quantity,
                 sum(returned_goods)::numeric(18,2) as returned_goods
          from ${withQueued('sales_daily_products')} d
          group by 1, 2, 3, 4, 5
          having sum(sale_lines) <> 0 or sum(quantity) <> 0 or sum(goods) <> 0 or sum(return_lines) <> 0
              or sum(returned_quantity) <> 0 or sum(returned_goods) <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.day, s.day),
                         coalesce(a.product_id, s.product_id), coalesce(a.product_name, s.product_name)) as key,
               case when s.company_id is null then null else concat_ws(' ', s.sale_lines, s.quantity, s.goods,
                 s.return_lines, s.returned_quantity, s.returned_goods) end as stored,
               case when a.company_id is null then null else concat_ws(' ', a.sale_lines, a.quantity, a.goods,
                 a.return_lines, a.returned_quantity, a.returned_goods) end as actual
        from actual a
        full join stored s using (company_id, branch_id, day, product_id, product_name)
        where (a.sale_lines, a.quantity, a.goods, a.return_lines, a.returned_quantity, a.returned_goods)
              is distinct from
              (s.sale_lines, s.quantity, s.goods, s.return_lines, s.returned_quantity, s.returned_goods)`,
  )) {
    add(
      'sales-daily-products',
      `${r.key}: sales_daily_products has [${r.stored ?? 'no row'}], the lines give [${r.actual ?? 'no row'}]`,
    );
  }
  for (const r of await rows<{ key: string; stored: string | null; actual: string | null }>(
    db,
    sql`with actual as (
          select s.company_id, s.branch_id, (s.sold_at at time zone b.timezone)::date as day,
                 extract(hour from s.sold_at at time zone b.timezone)::smallint as hour, s.cashier_id,
                 s.payment_method, count(*)::int as transactions, sum(s.total)::numeric(18,2) as revenue
          from sales s
          join branches b on b.company_id = s.company_id and b.id = s.branch_id
          where s.status = 'completed'
          group by 1, 2, 3, 4, 5, 6
        ), stored as (
          select company_id, branch_id, day, hour, cashier_id, payment_method, sum(transactions)::int as transactions,
                 sum(revenue)::numeric(18,2) as revenue
          from ${withQueued('sales_hourly')} d
          group by 1, 2, 3, 4, 5, 6
          having sum(transactions) <> 0 or sum(revenue) <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.day, s.day), coalesce(a.hour, s.hour),
                         coalesce(a.cashier_id, s.cashier_id), coalesce(a.payment_method, s.payment_method)) as key,
               case when s.company_id is null then null else concat_ws(' ', s.transactions, s.revenue) end as stored,
               case when a.company_id is null then null else concat_ws(' ', a.transactions, a.revenue) end as actual
        from actual a
        full join stored s using (company_id, branch_id, day, hour, cashier_id, payment_method)
        where (a.transactions, a.revenue) is distinct from (s.transactions, s.revenue)`,
  )) {
    add(
      'sales-hourly',
      `${r.key}: sales_hourly has [${r.stored ?? 'no row'}], the sales give [${r.actual ?? 'no row'}]`,
    );
  }

  for (const r of await rows<{ key: string; stored: string | null; actual: string | null }>(
    db,
    sql`with actual as (
          select company_id, branch_id, date_trunc('month', day::timestamp)::date as month, product_id, product_name,
                 sum(sale_lines)::int as sale_lines, sum(quantity)::numeric(18,3) as quantity, sum(goods)::numeric(18,2) as goods,
                 sum(return_lines)::int as return_lines, sum(returned_quantity)::numeric(18,3) as returned_quantity,
                 sum(returned_goods)::numeric(18,2) as returned_goods
          from ${withQueued('sales_daily_products')} d
          group by 1, 2, 3, 4, 5
          having sum(sale_lines) <> 0 or sum(quantity) <> 0 or sum(goods) <> 0 or sum(return_lines) <> 0
              or sum(returned_quantity) <> 0 or sum(returned_goods) <> 0
        ), stored as (
          select company_id, branch_id, month, product_id, product_name, sum(sale_lines)::int as sale_lines,
                 sum(quantity)::numeric(18,3) as quantity, sum(goods)::numeric(18,2) as goods,
                 sum(return_lines)::int as return_lines, sum(returned_quantity)::numeric(18,3) as returned_quantity,
                 sum(returned_goods)::numeric(18,2) as returned_goods
          from ${withQueued('sales_monthly_products')} d
          group by 1, 2, 3, 4, 5
          having sum(sale_lines) <> 0 or sum(quantity) <> 0 or sum(goods) <> 0 or sum(return_lines) <> 0
              or sum(returned_quantity) <> 0 or sum(returned_goods) <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.month, s.month),
                         coalesce(a.product_id, s.product_id), coalesce(a.product_name, s.product_name)) as key,
               case when s.company_id is null then null else concat_ws(' ', s.sale_lines, s.quantity, s.goods,
                 s.return_lines, s.returned_quantity, s.returned_goods) end as stored,
               case when a.company_id is null then null else concat_ws(' ', a.sale_lines, a.quantity, a.goods,
                 a.return_lines, a.returned_quantity, a.returned_goods) end as actual
        from actual a
        full join stored s using (company_id, branch_id, month, product_id, product_name)
        where (a.sale_lines, a.quantity, a.goods, a.return_lines, a.returned_quantity, a.returned_goods)
              is distinct from
              (s.sale_lines, s.quantity, s.goods, s.return_lines, s.returned_quantity, s.returned_goods)`,
  )) {
    add(
      'sales-monthly-products',
      `${r.key}: sales_monthly_products has [${r.stored ?? 'no row'}], the daily rows give [${r.actual ?? 'no row'}]`,
    );
  }

  // 8. Kept counts: the deep lists' totals and seeks read them (docs/architecture/lists.md).
  const NIL = '00000000-0000-0000-0000-000000000000';
  for (const r of await rows<{ key: string; stored: number | null; actual: number | null }>(
    db,
    sql`with actual as (
          select m.company_id, m.branch_id, (m.created_at at time zone b.timezone)::date as day, m.movement_type,
                 coalesce(m.user_id, ${NIL}::uuid) as user_id, count(*)::int as n
          from stock_movements m
          join branches b on b.company_id = m.company_id and b.id = m.branch_id
          group by 1, 2, 3, 4, 5
        ), stored as (
          select company_id, branch_id, day, movement_type, user_id, movements as n
          from stock_movements_daily where movements <> 0
        )
        select concat_ws(' ', coalesce(a.branch_id, s.branch_id), coalesce(a.day, s.day),
                         coalesce(a.movement_type, s.movement_type), coalesce(a.user_id, s.user_id)) as key,
               s.n as stored, a.n as actual
        from actual a
        full join stored s using (company_id, branch_id, day, movement_type, user_id)
        where a.n is distinct from s.n`,
  )) {
    add('movement-counts', `${r.key}: stock_movements_daily has ${r.stored ?? 'no row'}, the ledger ${r.actual ?? 0}`);
  }
  for (const r of await rows<{ key: string; stored: number | null; actual: number | null }>(
    db,
    sql`with actual as (
          select a.company_id, coalesce(a.branch_id, ${NIL}::uuid) as branch_id,
                 (a.created_at at time zone pos_company_timezone(a.company_id))::date as day,
                 (a.created_at at time zone coalesce(b.timezone, pos_company_timezone(a.company_id)))::date as branch_day,
                 a.action, coalesce(a.user_id, ${NIL}::uuid) as user_id, count(*)::int as n
          from audit_logs a
          left join branches b on b.company_id = a.company_id and b.id = a.branch_id
          group by 1, 2, 3, 4, 5, 6
        ), stored as (
          select company_id, branch_id, day, branch_day, action, user_id, entries as n
          from audit_logs_daily where entries <> 0
        )
        select concat_ws(' ', coalesce(a.company_id, s.company_id), coalesce(a.branch_id, s.branch_id),
                         coalesce(a.day, s.day), coalesce(a.branch_day, s.branch_day), coalesce(a.action, s.action),
                         coalesce(a.user_id, s.user_id)) as key,
               s.n as stored, a.n as actual
        from actual a
        full join stored s using (company_id, branch_id, day, branch_day, action, user_id)
        where a.n is distinct from s.n`,
  )) {
    add('audit-counts', `${r.key}: audit_logs_daily has ${r.stored ?? 'no row'}, the log ${r.actual ?? 0}`);
  }
  for (const r of await rows<{ key: string; stored: number; actual: number }>(
    db,
    sql`with m as (
          select company_id, branch_id, name, id, customers,
                 lead(name) over w as next_name, lead(id) over w as next_id
          from customer_name_marks
          window w as (partition by company_id, branch_id order by name, id)
        )
        select concat_ws(' ', m.company_id, m.branch_id, m.name, m.id) as key, m.customers as stored, x.n as actual
        from m
        cross join lateral (
          select count(*)::int as n from customers c
          where c.company_id = m.company_id and c.branch_id = m.branch_id and (c.name, c.id) >= (m.name, m.id)
            and (m.next_name is null or (c.name, c.id) < (m.next_name, m.next_id))
        ) x
        where x.n <> m.customers
        union all
        select concat_ws(' ', c.company_id, c.branch_id, 'no first mark'), 0, count(*)::int
        from customers c
        where not exists (
          select 1 from customer_name_marks f
          where f.company_id = c.company_id and f.branch_id = c.branch_id and f.name = '' and f.id = ${NIL}::uuid
        )
        group by c.company_id, c.branch_id`,
  )) {
    add('customer-runs', `${r.key}: customer_name_marks has ${r.stored}, the customers ${r.actual}`);
  }

  // 9. A closed shift's Z figures never change.
  for (const r of await rows<{ id: string; expected: string; actual: string; over_short: string; counted: string }>(
    db,
    sql`with z as (
          select sh.id, sh.expected, sh.counted, sh.over_short,
                 sh.opening_float
                 + coalesce((select sum(t.amount) from sales s
                             join sale_tender_lines t on t.company_id = s.company_id and t.sale_id = s.id
                             where s.company_id = sh.company_id and s.shift_id = sh.id and t.method = 'cash'), 0)
                 - coalesce((select sum(l.amount) from returns r
                             join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id
                             where r.company_id = sh.company_id and r.shift_id = sh.id and l.method = 'cash'), 0)
                 + coalesce((select sum(case when m.kind = 'paid_in' then m.amount else -m.amount end)
                             from cash_movements m where m.company_id = sh.company_id and m.shift_id = sh.id), 0)
                   as actual
          from shifts sh where sh.status = 'closed'
        )
        select id, expected::text, actual::text, over_short::text, counted::text from z
        where expected is distinct from actual or over_short is distinct from counted - expected`,
  )) {
    add(
      'shift-z',
      `shift ${r.id}: stored expected ${r.expected}, over/short ${r.over_short} (counted ${r.counted}); its rows give expected ${r.actual}`,
    );
  }
  for (const r of await rows<{ id: string; status: string | null }>(
    db,
    sql`select s.id, sh.status from sales s
        left join shifts sh on sh.company_id = s.company_id and sh.id = s.late_shift_id
        where s.late_shift_id is not null and (s.shift_id = s.late_shift_id or sh.status is distinct from 'closed')`,
  )) {
    add('shift-late', `sale ${r.id}: late for a shift that is ${r.status ?? 'missing'}, or counted in it`);
  }

  // 10. Live listings show their variant and item; a variant is listed once per branch.
  for (const r of await rows<{
    id: string;
    variant_id: string | null;
    variant: boolean;
    item: boolean;
    name: string;
    sku: string | null;
    category_id: string | null;
    description: string | null;
    variant_name: string | null;
    variant_sku: string | null;
    item_category_id: string | null;
    item_description: string | null;
    barcodes: string[];
    variant_barcodes: string[];
    tax_class_id: string | null;
    tax_rate: string | null;
    tax_included: boolean;
    item_tax_class_id: string | null;
    class_rate: string | null;
    class_included: boolean;
  }>(
    db,
    sql`select p.id, p.variant_id, v.id is not null as variant, i.id is not null as item, p.name, p.sku,
          p.category_id, p.description, v.name as variant_name,
          v.sku as variant_sku, i.category_id as item_category_id,
          i.description as item_description, p.barcodes, vb.codes as variant_barcodes,
          p.tax_class_id, p.tax_rate::text, p.tax_included, i.tax_class_id as item_tax_class_id,
          tc.rate::text as class_rate, coalesce(tc.tax_included, false) as class_included
        from products p
        left join variants v on v.company_id = p.company_id and v.id = p.variant_id
        left join items i on i.company_id = v.company_id and i.id = v.item_id
        left join tax_classes tc on tc.company_id = i.company_id and tc.id = i.tax_class_id
        left join lateral (select array(select b.code from barcodes b where b.company_id = p.company_id
                                          and b.variant_id = p.variant_id order by b.code) as codes) vb on true
        where p.deleted_at is null
          and (v.id is null or i.id is null or p.barcodes is distinct from vb.codes
               or p.name is distinct from v.name or p.sku is distinct from v.sku
               or p.category_id is distinct from i.category_id or p.description is distinct from i.description
               or p.tax_class_id is distinct from i.tax_class_id or p.tax_rate is distinct from tc.rate
               or p.tax_included is distinct from coalesce(tc.tax_included, false))`,
  )) {
    if (!r.variant) {
      add('listings', `product ${r.id}: its variant ${r.variant_id ?? 'null'} is not one of its company's`);
      continue;
    }
    if (!r.item) {
      add('listings', `product ${r.id}: variant ${r.variant_id} has no item in the company`);
      continue;
    }
    const show = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
    const differences = [
      r.name !== r.variant_name && `name ${show(r.name)}, the variant's ${show(r.variant_name)}`,
      r.sku !== r.variant_sku && `sku ${show(r.sku)}, the variant's ${show(r.variant_sku)}`,
      r.category_id !== r.item_category_id && `category ${show(r.category_id)}, the item's ${show(r.item_category_id)}`,
      r.description !== r.item_description &&
        `description ${show(r.description)}, the item's ${show(r.item_description)}`,
      r.barcodes.join() !== r.variant_barcodes.join() &&
        `barcodes ${show(r.barcodes.join())}, the variant's ${show(r.variant_barcodes.join())}`,
      r.tax_class_id !== r.item_tax_class_id &&
        `tax class ${show(r.tax_class_id)}, the item's ${show(r.item_tax_class_id)}`,
      r.tax_rate !== r.class_rate && `tax rate ${show(r.tax_rate)}, its class's ${show(r.class_rate)}`,
      r.tax_included !== r.class_included && `tax included ${r.tax_included}, by its class ${r.class_included}`,
    ].filter(Boolean);
    add('listings', `product ${r.id} (variant ${r.variant_id}): ${differences.join('; ')}`);
  }
  for (const r of await rows<{ variant_id: string; branch_id: string; ids: string }>(
    db,
    sql`select variant_id, branch_id, string_agg(id::text, ', ' order by id) as ids from products
        where deleted_at is null
        group by company_id, variant_id, branch_id having count(*) > 1`,
  )) {
    add('listings', `variant ${r.variant_id} is listed more than once in branch ${r.branch_id}: products ${r.ids}`);
  }

  return violations;
}

/**
 * What a return line must refund, in minor units, by the shared refund rule (money.ts): what the
 * customer paid for units alreadyReturned+1 .. alreadyReturned+quantity of the line (its goods, its share
 * of the sale's discount and tax, pro rata), less the restocking fee. Undefined: not a line of the sale.
 */
function expectedLinePiece({
  sale,
  saleLines,
  line,
  alreadyReturned,
  quantity,
  restockingFee,
}: {
  sale: { discount_amount: string; tax_amount: string };
  saleLines: { id: string; quantity: number; unit_price: string; tax_rate: string; tax_included: boolean }[];
  line: { id: string };
  alreadyReturned: number;
  quantity: number;
  restockingFee: number;
}): RefundBreakdown | undefined {
  const paid = saleLinesPaid({
    items: saleLines.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      unitPrice: Number(l.unit_price),
      taxRate: Number(l.tax_rate),
      taxIncluded: l.tax_included,
    })),
    discountAmount: Number(sale.discount_amount),
    taxAmount: Number(sale.tax_amount),
  }).find((l) => l.id === line.id);
  if (!paid) return undefined;
  return unitsRefund(paid, { alreadyReturned, quantity, fee: toMinor(restockingFee) });
}
