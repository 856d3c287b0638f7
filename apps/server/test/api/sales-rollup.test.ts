import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { sales } from '../../src/db/schema';
import { salesFigures } from '../../src/domain/sales-figures.repo';
import { reportRows } from '../../src/domain/sales-figures-reports.repo';
import { rollUpAllSales } from '../../src/domain/sales-rollup';
import { rollUpSales } from '../../src/domain/sales-rollup.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, createProduct, createSale, createTenant, login } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * The roll-up of sales into the kept totals (docs/architecture/reports.md, 'The roll-up'): a sale's
 * transaction only queues it; the readers add the queued sales; the roll-up moves them into the totals once;
 * a change to a queued sale is read as it is when rolled up, a change to a rolled-up one moves its totals.
 * The server's own roll-up is off here, so the queue holds what the test put there.
 */
describe(`the sales roll-up (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let token: string;
  const db = () => ctx.database.db;
  const period = { startDate: '2000-01-01', endDate: '2100-12-31' };

  beforeAll(async () => {
    ctx = await createTestContext({}, { salesRollup: false });
    tenant = await createTenant(db(), { shifts: false });
    token = await login(ctx.app, tenant.admin.username);
  });
  afterAll(() => ctx.close());

  const scope = () => ({ companyId: tenant.company.id, branchId: tenant.main.id });
  const reportScope = () => ({ ...scope(), timezone: null });
  const queued = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          db(),
          sql`select count(*) as n from sales_rollup_queue where company_id = ${tenant.company.id}::uuid`,
        )
      )[0]?.n,
    );
  const keptRows = async (table: 'sales_daily' | 'sales_hourly' | 'sales_daily_products' | 'sales_monthly_products') =>
    Number(
      (
        await queryRows<{ n: string }>(
          db(),
          sql`select count(*) as n from ${sql.identifier(table)} where company_id = ${tenant.company.id}::uuid`,
        )
      )[0]?.n,
    );
  /** What the screens read: the sales figures, and the day, hour and product reports. */
  const figures = async () => ({
    figures: await salesFigures(db(), scope(), period),
    byDay: await reportRows(db(), 'sales-by-day', reportScope(), period),
    byHour: await reportRows(db(), 'sales-by-hour', reportScope(), period),
    byProduct: (await reportRows(db(), 'sales-by-product', reportScope(), period)).sort((a, b) =>
      a.key.localeCompare(b.key),
    ),
  });

  it('a sale writes no totals row; readers count it while queued; the roll-up moves it once', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '120.50',
    });
    const sold = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bearer(token),
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: product.id, quantity: 2, price: 120.5 }],
        subtotal: 241,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 241,
        payment_method: 'card',
        amount_paid: 241,
        change: 0,
      },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await queued()).toBe(1);
    for (const table of ['sales_daily', 'sales_hourly', 'sales_daily_products', 'sales_monthly_products'] as const) {
      expect(await keptRows(table), table).toBe(0);
    }
    const before = await figures();
    expect(before.figures.grossTransactions).toBe('1');
    expect(before.figures.grossRevenue).toBe('241.00');
    expect(before.figures.grossItemsSold).toBe('2.000');
    expect(before.byProduct.map((r) => [r.quantity, r.revenue])).toEqual([['2.000', '241.00']]);
    expect(before.byHour.map((r) => r.revenue)).toEqual(['241.00']);
    expect(await checkInvariants(db())).toEqual([]);

    expect(await rollUpAllSales(db())).toBe(1);
    expect(await queued()).toBe(0);
    expect(await keptRows('sales_daily')).toBe(1);
    expect(await keptRows('sales_monthly_products')).toBe(1);
    expect(await figures()).toEqual(before);
    expect(await checkInvariants(db())).toEqual([]);
    // Nothing is taken twice.
    expect(await rollUpAllSales(db())).toBe(0);
    expect(await figures()).toEqual(before);
  });

  it('a change to a queued sale is rolled up as it stands; a change to a rolled-up sale moves its totals', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '10.00',
    });
    const line = { product: { ...product, price: '10.00' }, quantity: 3 };
    const base = { companyId: tenant.company.id, branchId: tenant.main.id, cashierId: tenant.admin.id };
    const { sale: early } = await createSale(db(), { ...base, lines: [line], paymentMethod: 'card' });
    expect(await rollUpAllSales(db())).toBe(1);
    const { sale: late } = await createSale(db(), { ...base, lines: [line], paymentMethod: 'card' });
    const before = (await figures()).figures;

    // The queued sale voided and the rolled-up one moved to another payment method, then both voided.
    const setStatus = (id: string, status: string) =>
      db()
        .update(sales)
        .set({ status })
        .where(and(eq(sales.companyId, tenant.company.id), eq(sales.id, id)));
    await setStatus(late.id, 'voided');
    await db()
      .update(sales)
      .set({ paymentMethod: 'cash' })
      .where(and(eq(sales.companyId, tenant.company.id), eq(sales.id, early.id)));
    expect(await checkInvariants(db())).toEqual([]);
    const afterLate = (await figures()).figures;
    expect(Number(afterLate.grossTransactions)).toBe(Number(before.grossTransactions) - 1);
    expect(Number(afterLate.grossRevenue)).toBeCloseTo(Number(before.grossRevenue) - 30, 2);

    expect(await rollUpAllSales(db())).toBe(1);
    expect(await checkInvariants(db())).toEqual([]);
    expect((await figures()).figures).toEqual(afterLate);

    await setStatus(early.id, 'voided');
    expect(await checkInvariants(db())).toEqual([]);
    expect(Number((await figures()).figures.grossRevenue)).toBeCloseTo(Number(before.grossRevenue) - 60, 2);
  });

  it.skipIf(engineName() === 'pglite')(
    'leaves a sale another transaction is changing for the next run, without waiting for it',
    async () => {
      const product = await createProduct(db(), {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        price: '7.00',
      });
      const base = { companyId: tenant.company.id, branchId: tenant.main.id, cashierId: tenant.admin.id };
      const line = { product: { ...product, price: '7.00' }, quantity: 1 };
      const { sale: held } = await createSale(db(), { ...base, lines: [line], paymentMethod: 'card' });
      await createSale(db(), { ...base, lines: [line], paymentMethod: 'card' });
      const other = new pg.Client({ connectionString: ctx.app.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update sales set status = 'voided' where id = $1`, [held.id]);
        // The other sale is taken; the held one stays queued, and the roll-up did not wait for it.
        expect(await rollUpSales(db(), 100)).toBe(1);
        expect(await queued()).toBe(1);
        await other.query('commit');
      } finally {
        await other.end();
      }
      expect(await rollUpAllSales(db())).toBe(1);
      expect(await queued()).toBe(0);
      expect(await checkInvariants(db())).toEqual([]);
    },
  );

  it('a deleted queued sale leaves the queue and the figures', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '5.00',
    });
    const base = { companyId: tenant.company.id, branchId: tenant.main.id, cashierId: tenant.admin.id };
    const before = (await figures()).figures;
    const { sale } = await createSale(db(), {
      ...base,
      lines: [{ product: { ...product, price: '5.00' }, quantity: 1 }],
      paymentMethod: 'card',
    });
    await db().execute(sql`delete from sale_items where sale_id = ${sale.id}::uuid`);
    await db()
      .delete(sales)
      .where(and(eq(sales.companyId, tenant.company.id), eq(sales.id, sale.id)));
    expect(await rollUpAllSales(db())).toBe(0);
    expect(await queued()).toBe(0);
    expect((await figures()).figures).toEqual(before);
    expect(await checkInvariants(db())).toEqual([]);
  });
  it('a run looks each queued sale up by its key: three queued sales among thousands are not a scan of every sale', async () => {
    const other = await createTenant(db());
    // A branch's history of 3,000 card sales (no lines: only the plan is looked at), rolled up.
    await db().execute(sql`
      insert into sales (company_id, branch_id, receipt_number, cashier_id, payment_method, status, subtotal,
                         discount_type, discount_value, discount_amount, tax_rate, tax_amount, total, amount_paid,
                         change_amount)
      select ${other.company.id}::uuid, ${other.main.id}::uuid, 'HIST-' || g, ${other.admin.id}::uuid, 'card',
             'completed', 1, 'amount', 0, 0, 0, 0, 1, 1, 0
      from generate_series(1, 3000) g`);
    // Analysed while the history is queued, as autovacuum may find a busy queue: the planner then expects p_max
    // queued sales.
    await db().execute(sql`analyze sales`);
    await db().execute(sql`analyze sales_rollup_queue`);
    await rollUpAllSales(db());
    const product = await createProduct(db(), { companyId: other.company.id, branchId: other.main.id, price: '5.00' });
    for (let i = 0; i < 3; i++) {
      await createSale(db(), {
        companyId: other.company.id,
        branchId: other.main.id,
        cashierId: other.admin.id,
        lines: [{ product: { ...product, price: '5.00' }, quantity: 1 }],
        paymentMethod: 'card',
      });
    }
    // The server's batch (1,000): the queue was planned for that many rows and every sale was hashed.
    // The transaction's own counts (PGlite keeps counting across its transactions: the difference).
    const { rolled, scans } = await db().transaction(async (tx) => {
      const seqScans = async () =>
        Number(
          (
            await queryRows<{ n: string }>(
              tx,
              sql`select seq_scan as n from pg_stat_xact_user_tables where relname = 'sales'`,
            )
          )[0]?.n ?? 0,
        );
      const before = await seqScans();
      const n = await rollUpSales(tx, 1000);
      return { rolled: n, scans: (await seqScans()) - before };
    });
    expect(rolled).toBe(3);
    expect(scans, 'sequential scans of sales in the roll-up').toBe(0);
  });
  it("a full batch derives its totals by each sale's key too: 1,000 queued sales among 4,000 scan neither the sales nor their lines", async () => {
    const other = await createTenant(db());
    const product = await createProduct(db(), { companyId: other.company.id, branchId: other.main.id, price: '2.00' });
    // 4,000 card sales of two lines each, queued by their insert; the first 3,000 rolled up, 1,000 left queued.
    await db().execute(sql`
      with s as (
        insert into sales (company_id, branch_id, receipt_number, cashier_id, payment_method, status, subtotal,
                           discount_type, discount_value, discount_amount, tax_rate, tax_amount, total, amount_paid,
                           change_amount, created_at, sold_at)
        select ${other.company.id}::uuid, ${other.main.id}::uuid, 'BATCH-' || lpad(g::text, 4, '0'), ${other.admin.id}::uuid, 'card',
               'completed', 4, 'amount', 0, 0, 0, 0, 4, 4, 0, now() - make_interval(mins => 4001 - g),
               now() - make_interval(mins => 4001 - g)
        from generate_series(1, 4000) g
        returning company_id, id
      )
      insert into sale_items (company_id, sale_id, product_id, product_name, product_sku, quantity, unit_price,
                              subtotal, tax_rate)
      select s.company_id, s.id, ${product.id}::uuid, 'Batch item', null, 1, 2, 2, 0
      from s cross join generate_series(1, 2)`);
    await db().execute(sql`
      delete from sales_rollup_queue q using sales s
      where s.company_id = q.company_id and s.id = q.sale_id and s.receipt_number > 'BATCH-3000'
        and s.company_id = ${other.company.id}::uuid`);
    await rollUpAllSales(db());
    await db().execute(sql`
      insert into sales_rollup_queue (company_id, sale_id)
      select company_id, id from sales
      where company_id = ${other.company.id}::uuid and receipt_number > 'BATCH-3000'`);
    const otherQueued = await queryRows<{ n: string }>(
      db(),
      sql`select count(*) as n from sales_rollup_queue where company_id = ${other.company.id}::uuid`,
    );
    expect(Number(otherQueued[0]?.n)).toBe(1000);
    for (const table of ['sales', 'sale_items', 'sale_tenders', 'sales_rollup_queue']) {
      await db().execute(sql.raw(`analyze ${table}`));
    }
    const tables = ['sales', 'sale_items', 'sale_tenders'];
    const { rolled, scans } = await db().transaction(async (tx) => {
      const seqScans = async () =>
        Object.fromEntries(
          (
            await queryRows<{ relname: string; n: string }>(
              tx,
              sql`select relname, seq_scan as n from pg_stat_xact_user_tables
                  where relname in ('sales', 'sale_items', 'sale_tenders')`,
            )
          ).map((r) => [r.relname, Number(r.n)]),
        );
      const before = await seqScans();
      const n = await rollUpSales(tx, 1000);
      const after = await seqScans();
      return { rolled: n, scans: Object.fromEntries(tables.map((t) => [t, (after[t] ?? 0) - (before[t] ?? 0)])) };
    });
    expect(rolled).toBe(1000);
    expect(scans, 'sequential scans in a roll-up of 1,000 sales').toEqual({ sales: 0, sale_items: 0, sale_tenders: 0 });
    // Every sale counted once in every kept table: 4,000 sales of 4.00, 8,000 units of 2.00, all by card.
    const [kept] = await queryRows<Record<string, string>>(
      db(),
      sql`select (select sum(transactions) from sales_daily where company_id = ${other.company.id}::uuid)::text as daily,
                 (select sum(revenue) from sales_daily where company_id = ${other.company.id}::uuid)::text as revenue,
                 (select sum(items_sold) from sales_daily where company_id = ${other.company.id}::uuid)::text as items,
                 (select sum(transactions) from sales_hourly where company_id = ${other.company.id}::uuid)::text as hourly,
                 (select sum(quantity) from sales_daily_products where company_id = ${other.company.id}::uuid)::text as units,
                 (select sum(goods) from sales_monthly_products where company_id = ${other.company.id}::uuid)::text as goods,
                 (select sum(amount) from sales_daily_tenders
                  where company_id = ${other.company.id}::uuid and method = 'card')::text as card`,
    );
    expect(kept).toEqual({
      daily: '4000',
      revenue: '16000.00',
      items: '8000.000',
      hourly: '4000',
      units: '8000.000',
      goods: '16000.00',
      card: '16000.00',
    });
  });
});
