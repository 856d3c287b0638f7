import { MONEY_METHOD_LABELS, REPORT_KINDS, type Report } from '@pos/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBrand,
  createCategory,
  createCustomer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A local time in Karachi (UTC+5, no DST) as an instant. */
const pk = (month: number, day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2024, month - 1, day, hour - 5, minute));

/**
 * The main branch (Asia/Karachi); "now" is 2024-05-15 12:00 local. A 100.00 (cost 60, category C,
 * brand B), P 10.00 (cost 4, no category or brand). Today:
 *   S1 09:15 A x2, tax 17 %, discount 5 %, card
 *   S2 10:40 P x3 + A x1, tax 17 %, discount 3.33, cash
 *   S3 10:05 P x1, cash, sold by the manager
 *   S4 11:00 A x1 voided: nowhere
 *   R1 11:30 return of yesterday's S5 (A x1), fee 2.00: counts today
 *   R2 11:45 pending return of S2's P line: nowhere
 * Yesterday S5 23:50 A x1. The second branch sells X 999.00 today (only in company-wide reports).
 * Goods today: A 3 units 300.00, less 1 returned (100.00): net 200.00, cost 2 x 60 = 120, margin 80 (40 %);
 * P 4 units 40.00, cost 16, margin 24 (60 %).
 */
const NOW = pk(5, 15, 12);
const TODAY = '2024-05-15';

describe(`GET /reports/* (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };

  const db = () => ctx.database.db;
  const get = (path: string, token = tokens.manager) => request(ctx.app, token, { url: `/api${path}` });
  const report = async (kind: string, params: Record<string, string> = {}, token = tokens.manager) => {
    const query = new URLSearchParams({ branchId: tenant.main.id, startDate: TODAY, endDate: TODAY, ...params });
    const res = await get(`/reports/${kind}?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Report;
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    ctx = await createTestContext();
    tenant = await createTenant(db());
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const category = await createCategory(db(), { companyId, branchIds: [branchId], name: 'Cameras' });
    const brand = await createBrand(db(), { companyId, branchId, name: 'Lumix' });
    const a = await createProduct(db(), {
      companyId,
      branchId,
      name: 'Alpha',
      price: '100.00',
      cost: '60.00',
      categoryId: category.id,
      brandId: brand.id,
    });
    const p = await createProduct(db(), { companyId, branchId, name: 'Pencil', price: '10.00', cost: '4.00' });
    const base = { companyId, branchId, cashierId: tenant.cashier.id };
    await createSale(db(), {
      ...base,
      lines: [{ product: a, quantity: 2 }],
      createdAt: pk(5, 15, 9, 15),
      taxRate: 17,
      discountType: 'percentage',
      discountValue: 5,
      paymentMethod: 'card',
    });
    const s2 = await createSale(db(), {
      ...base,
      lines: [
        { product: p, quantity: 3 },
        { product: a, quantity: 1 },
      ],
      createdAt: pk(5, 15, 10, 40),
      taxRate: 17,
      discountValue: 3.33,
    });
    await createSale(db(), {
      ...base,
      cashierId: tenant.manager.id,
      lines: [{ product: p, quantity: 1 }],
      createdAt: pk(5, 15, 10, 5),
    });
    await createSale(db(), {
      ...base,
      lines: [{ product: a, quantity: 1 }],
      createdAt: pk(5, 15, 11),
      status: 'voided',
    });
    const s5 = await createSale(db(), { ...base, lines: [{ product: a, quantity: 1 }], createdAt: pk(5, 14, 23, 50) });
    const s5Item = s5.items[0];
    const s2Pencil = s2.items.find((i) => i.productId === p.id);
    if (!s5Item || !s2Pencil) throw new Error('fixture');
    const ret = { companyId, branchId, processedBy: tenant.manager.id };
    await createReturn(db(), {
      ...ret,
      saleId: s5.sale.id,
      items: [{ saleItemId: s5Item.id, quantity: 1, restockingFee: 2 }],
      createdAt: pk(5, 15, 11, 30),
    });
    await createReturn(db(), {
      ...ret,
      saleId: s2.sale.id,
      items: [{ saleItemId: s2Pencil.id, quantity: 1 }],
      createdAt: pk(5, 15, 11, 45),
      status: 'pending',
    });
    const elsewhere = await createProduct(db(), { companyId, branchId: tenant.second.id, price: '999.00' });
    await createSale(db(), {
      companyId,
      branchId: tenant.second.id,
      cashierId: tenant.admin.id,
      lines: [{ product: elsewhere, quantity: 1 }],
      createdAt: pk(5, 15, 8),
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
  });

  it('sales by day equals the dashboard for the same day, to the cent', async () => {
    const dash = (await get(`/dashboard/sales-summary?branchId=${tenant.main.id}`)).json().data.today;
    const r = await report('sales-by-day');
    expect(r.rows).toHaveLength(1);
    const [day] = r.rows;
    expect(day).toMatchObject({
      key: TODAY,
      transactions: dash.grossTransactions,
      quantity: dash.grossItemsSold,
      revenue: dash.grossRevenue,
      returned: dash.totalReturnedValue,
      netRevenue: dash.netRevenue,
    });
    expect(dash.grossTransactions).toBe(3);
    expect(dash.totalReturns).toBe(1);
    expect(r.totals.netRevenue).toBe(dash.netRevenue);
  });

  it('hour, cashier and payment method rows add up to the day; goods reports to its subtotals', async () => {
    const a = (
      await get(`/transactions/analytics?branchId=${tenant.main.id}&startDate=${TODAY}&endDate=${TODAY}`)
    ).json().data;
    const byHour = await report('sales-by-hour');
    expect(byHour.rows.map((r) => [r.label, r.transactions])).toEqual([
      ['09:00', 1],
      ['10:00', 2],
    ]);
    for (const kind of ['sales-by-hour', 'sales-by-cashier', 'sales-by-payment-method']) {
      const r = await report(kind);
      expect(r.totals.transactions, kind).toBe(a.grossTransactions);
      expect(r.totals.revenue, kind).toBe(a.grossRevenue);
    }
    for (const kind of [
      'sales-by-product',
      'sales-by-variant',
      'sales-by-item',
      'sales-by-category',
      'sales-by-brand',
      'margin-by-product',
    ]) {
      const r = await report(kind);
      expect(r.totals.revenue, kind).toBe(a.grossSubtotal);
      expect(r.totals.netRevenue, kind).toBe(a.netSubtotal);
      expect(r.totals.quantity, kind).toBe(a.grossItemsSold);
    }
    // By payment method the refunds are attributed to the way they went back: the net adds up to the day's.
    const day = await report('sales-by-day');
    const byMethod = await report('sales-by-payment-method');
    expect(byMethod.totals.returned).toBe(day.totals.returned);
    expect(byMethod.totals.netRevenue).toBe(day.totals.netRevenue);
    expect(byMethod.rows.every((r) => r.label === MONEY_METHOD_LABELS[r.key])).toBe(true);
    const reasons = await report('returns-by-reason');
    expect(reasons.rows).toEqual([expect.objectContaining({ key: 'defective', transactions: 1, quantity: 1 })]);
    expect(reasons.totals.returned).toBe(a.totalReturnedValue);
    const byCategory = await report('sales-by-category');
    expect(byCategory.rows.map((r) => r.label).sort()).toEqual(['Cameras', 'Uncategorized']);
    const byBrand = await report('sales-by-brand');
    expect(byBrand.rows.map((r) => r.label).sort()).toEqual(['Lumix', 'No brand']);
  });

  it('margins by product and category for managers; never for cashiers, and no cost in sales reports', async () => {
    const m = await report('margin-by-product');
    expect(m.rows.map((r) => [r.label, r.quantity, r.netRevenue, r.cost, r.margin, r.marginPercent])).toEqual([
      ['Alpha', 3, 200, 120, 80, 40],
      ['Pencil', 4, 40, 16, 24, 60],
    ]);
    expect(m.totals).toMatchObject({ cost: 136, margin: 104 });
    const c = await report('margin-by-category');
    expect(c.rows.find((r) => r.label === 'Cameras')).toMatchObject({ margin: 80 });
    const sales = await report('sales-by-product');
    expect(sales.rows.every((r) => r.cost === undefined && r.margin === undefined)).toBe(true);
    expect(JSON.stringify(sales)).not.toContain('cost');
    for (const kind of ['margin-by-product', 'margin-by-category', 'sales-by-day']) {
      const res = await get(`/reports/${kind}?branchId=${tenant.main.id}`, tokens.cashier);
      expect(res.statusCode, kind).toBe(403);
      expect(res.body).not.toContain('margin"');
    }
  });

  it('sorts by any column and limits the rows, totals over every row', async () => {
    const asc = await report('sales-by-product', { sort: 'revenue', order: 'asc' });
    expect(asc.rows.map((r) => r.label)).toEqual(['Pencil', 'Alpha']);
    const top = await report('sales-by-product', { sort: 'quantity', order: 'desc', limit: '1' });
    expect(top.rows.map((r) => r.label)).toEqual(['Pencil']);
    expect(top.totalRows).toBe(2);
    expect(top.totals.revenue).toBe(340);
    const byName = await report('sales-by-product', { sort: 'label' });
    expect(byName.rows.map((r) => r.label)).toEqual(['Alpha', 'Pencil']);
  });

  it('exports a report as CSV: every row of the report, cost columns only in margins', async () => {
    const query = `branchId=${tenant.main.id}&startDate=${TODAY}&endDate=${TODAY}`;
    const res = await get(`/reports/margin-by-product/export.csv?${query}&limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      'Label,Transactions,Quantity,Revenue,Returned,Net revenue,Cost,Margin,Margin %',
      'Alpha,,3,300.00,100.00,200.00,120.00,80.00,40',
      'Pencil,,4,40.00,0.00,40.00,16.00,24.00,60',
    ]);
    const hours = await get(`/reports/sales-by-hour/export.csv?${query}`);
    expect(hours.body).not.toContain('Cost');
    expect(hours.body).toContain('10:00,2,');
    expect((await get(`/reports/sales-by-hour/export.csv?${query}`, tokens.cashier)).statusCode).toBe(403);
  });

  it('a whole company for a Super Admin (every branch), not for a Manager', async () => {
    const query = `companyId=${tenant.company.id}&startDate=${TODAY}&endDate=${TODAY}`;
    const admin = await get(`/reports/sales-by-hour?${query}`, tokens.admin);
    expect(admin.statusCode).toBe(200);
    const hours = (admin.json().data as Report).rows.map((r) => [r.label, r.transactions]);
    expect(hours).toEqual([
      ['08:00', 1],
      ['09:00', 1],
      ['10:00', 2],
    ]);
    const days = await get(`/reports/sales-by-day?${query}`, tokens.admin);
    expect((days.json().data as Report).totals.transactions).toBe(4);
    expect((await get(`/reports/sales-by-hour?${query}`, tokens.manager)).statusCode).toBe(403);
  });

  it('bad input is a 400 with a clear message', async () => {
    const branch = `branchId=${tenant.main.id}`;
    const cases: [string, string][] = [
      [`/reports/sales-by-weather?${branch}`, 'Unknown report'],
      [`/reports/sales-by-day`, 'Choose a branch or a company'],
      [`/reports/sales-by-day?${branch}&startDate=2024-05-15&endDate=2024-05-01`, 'End date must be on or after'],
      [`/reports/sales-by-day?${branch}&sort=weather`, 'Invalid sort column'],
      [`/reports/sales-by-day?${branch}&limit=0`, ''],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(message);
    }
  });

  it('every report answers an empty period and leaves the data rules intact', async () => {
    for (const kind of REPORT_KINDS) {
      const r = await report(kind, { startDate: '2023-01-01', endDate: '2023-01-31' });
      expect(r.rows, kind).toEqual([]);
      expect(r.totals.revenue, kind).toBe(0);
    }
    expect(await checkInvariants(db())).toEqual([]);
  });
});

/**
 * The goods, margin and hour reports read kept totals (sales_daily_products, sales_hourly: migration
 * 0024). After every change that moves a figure (a sale, a void and its undoing, a sold_at moved to
 * another day and hour, a return, a pending return completed, a product sold under a new name, a
 * rebuild) each report equals the same figure computed from the sale lines and return items themselves,
 * to the cent, and the invariants (kept totals = the rows) hold.
 */
describe(`reports over kept totals equal the lines (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let manager: string;
  const db = () => ctx.database.db;
  const D1 = '2024-06-10';
  const D2 = '2024-06-11';
  const at = (day: string, hour: number, minute = 0) =>
    new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:00`);

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    manager = await login(ctx.app, tenant.manager.username);
  });
  afterAll(() => ctx.close());

  const money = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;

  /** Goods by product straight from the completed sales' lines and completed returns' items. */
  async function goodsFromLines(startDate = '1900-01-01', endDate = '2999-12-31') {
    const rows = await queryRows<{
      key: string;
      label: string;
      quantity: string;
      revenue: string;
      returned: string;
      cost: string;
    }>(
      db(),
      sql`select g.product_id::text as key, max(g.product_name) as label, sum(g.sold)::text as quantity,
                 sum(g.goods)::text as revenue, sum(g.returned)::text as returned,
                 sum((g.sold - g.units) * p.cost)::text as cost
          from (
            select i.company_id, i.product_id, i.product_name, i.quantity as sold, i.subtotal as goods,
                   0::numeric as returned, 0 as units
            from sale_items i
            join sales s on s.company_id = i.company_id and s.id = i.sale_id
            join branches b on b.company_id = s.company_id and b.id = s.branch_id
            where s.company_id = ${tenant.company.id} and s.branch_id = ${tenant.main.id} and s.status = 'completed'
              and (s.sold_at at time zone b.timezone)::date between ${startDate}::date and ${endDate}::date
            union all
            select ri.company_id, ri.product_id, ri.product_name, 0, 0, ri.quantity * ri.unit_price, ri.quantity
            from return_items ri
            join returns r on r.company_id = ri.company_id and r.id = ri.return_id
            join branches b on b.company_id = r.company_id and b.id = r.branch_id
            where r.company_id = ${tenant.company.id} and r.branch_id = ${tenant.main.id} and r.status = 'completed'
              and (r.created_at at time zone b.timezone)::date between ${startDate}::date and ${endDate}::date
          ) g
          join products p on p.company_id = g.company_id and p.id = g.product_id
          group by g.product_id order by 1`,
    );
    return rows.map((r) => ({
      key: r.key,
      label: r.label,
      quantity: Number(r.quantity),
      revenue: money(r.revenue),
      returned: money(r.returned),
      netRevenue: money(Number(r.revenue) - Number(r.returned)),
      cost: money(r.cost),
    }));
  }

  /** Completed sales by local hour straight from the sales. */
  async function hoursFromSales(startDate = '1900-01-01', endDate = '2999-12-31') {
    const rows = await queryRows<{ hour: number; tx: string; revenue: string }>(
      db(),
      sql`select extract(hour from s.sold_at at time zone b.timezone)::int as hour, count(*)::text as tx,
                 sum(s.total)::text as revenue
          from sales s join branches b on b.company_id = s.company_id and b.id = s.branch_id
          where s.company_id = ${tenant.company.id} and s.branch_id = ${tenant.main.id} and s.status = 'completed'
            and (s.sold_at at time zone b.timezone)::date between ${startDate}::date and ${endDate}::date
          group by 1 order by 1`,
    );
    return rows.map((r) => ({
      key: String(r.hour).padStart(2, '0'),
      transactions: Number(r.tx),
      revenue: money(r.revenue),
    }));
  }

  async function apiReport(kind: string, startDate?: string, endDate?: string) {
    const query = new URLSearchParams({
      branchId: tenant.main.id,
      ...(startDate && { startDate }),
      ...(endDate && { endDate }),
      sort: 'label',
      order: 'asc',
    });
    const res = await request(ctx.app, manager, { url: `/api/reports/${kind}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Report;
  }

  /** Every report over kept totals equals the lines for each day and for both, and the invariants hold. */
  async function expectReportsEqualLines(step: string) {
    // Single days, whole months (sales_monthly_products), a month with days at both ends, all time.
    for (const [startDate, endDate] of [
      [D1, D1],
      [D2, D2],
      [D1, D2],
      ['2024-06-01', '2024-06-30'],
      ['2024-05-20', '2024-07-03'],
      ['2024-06-11', '2024-08-31'],
      [undefined, '2024-06-30'],
      ['2024-06-01', undefined],
      [undefined, undefined],
    ] as const) {
      const where = `${step}, ${startDate ?? ''}..${endDate ?? ''}`;
      const expected = await goodsFromLines(startDate, endDate);
      const margins = await apiReport('margin-by-product', startDate, endDate);
      const got = margins.rows
        .map((r) => ({
          key: r.key,
          label: r.label,
          quantity: r.quantity,
          revenue: r.revenue,
          returned: r.returned,
          netRevenue: r.netRevenue,
          cost: r.cost,
        }))
        .sort((a, b) => a.key.localeCompare(b.key));
      expect(got, where).toEqual(expected);
      for (const kind of [
        'sales-by-product',
        'sales-by-item',
        'sales-by-category',
        'sales-by-brand',
        'margin-by-category',
      ]) {
        const r = await apiReport(kind, startDate, endDate);
        expect(r.totals.quantity ?? 0, `${where} ${kind}`).toBe(expected.reduce((n, e) => n + e.quantity, 0));
        expect(Math.round(r.totals.revenue * 100), `${where} ${kind}`).toBe(
          expected.reduce((n, e) => n + Math.round(e.revenue * 100), 0),
        );
        expect(Math.round(r.totals.netRevenue * 100), `${where} ${kind}`).toBe(
          expected.reduce((n, e) => n + Math.round(e.netRevenue * 100), 0),
        );
      }
      const hours = await apiReport('sales-by-hour', startDate, endDate);
      expect(
        hours.rows.map((r) => ({ key: r.key, transactions: r.transactions, revenue: r.revenue })),
        where,
      ).toEqual(await hoursFromSales(startDate, endDate));
    }
    expect(await checkInvariants(db()), step).toEqual([]);
  }

  it('after sales, a void and its undoing, a moved sold_at, returns, a renamed product and a rebuild', async () => {
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const category = await createCategory(db(), { companyId, branchIds: [branchId], name: 'Tools' });
    const brand = await createBrand(db(), { companyId, branchId, name: 'Acme' });
    const a = await createProduct(db(), {
      companyId,
      branchId,
      name: 'Anvil',
      price: '25.00',
      cost: '10.00',
      categoryId: category.id,
      brandId: brand.id,
    });
    const b = await createProduct(db(), { companyId, branchId, name: 'Bolt', price: '4.50', cost: '1.25' });
    const base = { companyId, branchId, cashierId: tenant.cashier.id };
    const s1 = await createSale(db(), {
      ...base,
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
      createdAt: at(D1, 9, 10),
      taxRate: 17,
      discountType: 'percentage',
      discountValue: 10,
      paymentMethod: 'card',
    });
    const s2 = await createSale(db(), { ...base, lines: [{ product: b, quantity: 4 }], createdAt: at(D1, 14, 30) });
    const s3 = await createSale(db(), {
      ...base,
      cashierId: tenant.manager.id,
      lines: [{ product: a, quantity: 1 }],
      createdAt: at(D1, 23, 40),
      paymentMethod: 'card',
    });
    const s4 = await createSale(db(), {
      ...base,
      lines: [
        { product: a, quantity: 3 },
        { product: b, quantity: 2 },
      ],
      createdAt: at(D2, 10),
      discountValue: 1.5,
    });
    const s5 = await createSale(db(), {
      ...base,
      lines: [{ product: a, quantity: 5 }],
      createdAt: at(D2, 10, 20),
      status: 'voided',
    });
    // The months around: the last evening of May, the first day of July.
    await createSale(db(), { ...base, lines: [{ product: a, quantity: 1 }], createdAt: at('2024-05-31', 23, 30) });
    await createSale(db(), { ...base, lines: [{ product: b, quantity: 2 }], createdAt: at('2024-07-01', 0, 5) });
    await expectReportsEqualLines('sales');
    const first = await apiReport('margin-by-product', D1, D2);
    expect(first.rows.map((r) => [r.label, r.quantity, r.revenue, r.cost])).toEqual([
      ['Anvil', 6, 150, 60],
      ['Bolt', 7, 31.5, 8.75],
    ]);

    const setSale = (id: string, set: ReturnType<typeof sql>) =>
      db().execute(sql`update sales set ${set} where company_id = ${companyId} and id = ${id}`);
    await setSale(s2.sale.id, sql`status = 'voided'`);
    await expectReportsEqualLines('s2 voided');
    await setSale(s5.sale.id, sql`status = 'completed'`);
    await expectReportsEqualLines('s5 completed');
    await setSale(s3.sale.id, sql`sold_at = ${at(D2, 0, 10).toISOString()}::timestamptz`);
    await expectReportsEqualLines('s3 moved to the next day');
    expect((await apiReport('sales-by-hour', D2, D2)).rows.map((r) => r.key)).toEqual(['00', '10']);

    const s1Anvil = s1.items.find((i) => i.productId === a.id);
    const s4Bolt = s4.items.find((i) => i.productId === b.id);
    if (!s1Anvil || !s4Bolt) throw new Error('fixture');
    const ret = { companyId, branchId, processedBy: tenant.manager.id };
    await createReturn(db(), {
      ...ret,
      saleId: s1.sale.id,
      items: [{ saleItemId: s1Anvil.id, quantity: 1, restockingFee: 2 }],
      createdAt: at(D2, 11),
    });
    await expectReportsEqualLines('a return of D1 counted on D2');
    const pending = await createReturn(db(), {
      ...ret,
      saleId: s4.sale.id,
      items: [{ saleItemId: s4Bolt.id, quantity: 2 }],
      createdAt: at(D2, 12),
      status: 'pending',
    });
    await expectReportsEqualLines('a pending return');
    await db().execute(
      sql`update returns set status = 'completed' where company_id = ${companyId} and id = ${pending.return.id}`,
    );
    await expectReportsEqualLines('the pending return completed');

    await db().execute(sql`update products set name = 'Anvil XL' where company_id = ${companyId} and id = ${a.id}`);
    await createSale(db(), {
      ...base,
      lines: [{ product: { ...a, name: 'Anvil XL' }, quantity: 1 }],
      createdAt: at(D2, 18),
    });
    await expectReportsEqualLines('a sale under the new name');
    expect((await apiReport('sales-by-product', D1, D1)).rows.map((r) => r.label)).toEqual(['Anvil', 'Bolt']);
    expect((await apiReport('sales-by-product', D2, D2)).rows.map((r) => r.label)).toEqual(['Anvil XL', 'Bolt']);

    const before = await apiReport('margin-by-product', D1, D2);
    await db().execute(sql`select pos_rebuild_daily_totals(${companyId}::uuid, ${branchId}::uuid)`);
    expect(await apiReport('margin-by-product', D1, D2)).toEqual(before);
    await expectReportsEqualLines('after a rebuild');
  });
});

/**
 * Deep pages (lib/keyset.repo.ts): every page of the long lists, read by an id walk from the nearer
 * end, is exactly OFFSET's page of the same order, with ties in the first sort column, with filters,
 * and past the end.
 */
describe(`deep pages equal OFFSET pages (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let manager: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    manager = await login(ctx.app, tenant.manager.username);
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const product = await createProduct(db(), { companyId, branchId, price: '10.00', stockQuantity: 0 });
    const at = new Date(Date.UTC(2024, 4, 15, 6));
    const sales = [];
    for (let i = 0; i < 23; i += 1) {
      // Three sales share each instant: the receipt number orders them.
      sales.push(
        await createSale(db(), {
          companyId,
          branchId,
          cashierId: tenant.cashier.id,
          lines: [{ product, quantity: 2 }],
          createdAt: new Date(at.getTime() + Math.floor(i / 3) * 60_000),
          paymentMethod: i % 2 === 0 ? 'cash' : 'card',
          status: i % 7 === 0 ? 'voided' : 'completed',
        }),
      );
    }
    for (const [i, s] of sales.slice(0, 11).entries()) {
      const item = s.items[0];
      if (!item) throw new Error('fixture');
      await createReturn(db(), {
        companyId,
        branchId,
        saleId: s.sale.id,
        processedBy: tenant.manager.id,
        items: [{ saleItemId: item.id, quantity: 1 }],
        createdAt: new Date(at.getTime() + Math.floor(i / 4) * 60_000),
      });
    }
    // Products with stock: one initial_stock movement each, at the same instant (ids order them).
    for (let i = 0; i < 13; i += 1) await createProduct(db(), { companyId, branchId, stockQuantity: 1 + i });
    for (let i = 0; i < 17; i += 1) {
      await createCustomer(db(), { companyId, branchId, name: `Customer ${String.fromCharCode(65 + (i % 5))}` });
    }
    // Audit rows, two to an instant (ids order them).
    await db().execute(
      sql`insert into audit_logs (company_id, branch_id, user_id, action, entity_type, entity_id, created_at)
          select ${companyId}, ${branchId}, ${tenant.manager.id}, 'product.create', 'product', g::text,
                 ${at.toISOString()}::timestamptz + (g / 2) * interval '1 minute'
          from generate_series(1, 15) g`,
    );
  });
  afterAll(() => ctx.close());

  async function offsetIds(table: string, order: string, where: string, limit: number, offset: number) {
    const rows = await queryRows<{ id: string }>(
      db(),
      sql`select id from ${sql.raw(table)} where company_id = ${tenant.company.id} and branch_id = ${tenant.main.id}
          ${sql.raw(where)} order by ${sql.raw(order)} limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => r.id);
  }

  const lists = [
    { path: '/transactions', table: 'sales', order: 'sold_at desc, receipt_number desc', filter: '', where: '' },
    {
      path: '/transactions',
      table: 'sales',
      order: 'sold_at desc, receipt_number desc',
      filter: '&paymentMethod=card',
      where: "and payment_method = 'card'",
    },
    {
      path: '/transactions',
      table: 'sales',
      order: 'sold_at desc, receipt_number desc',
      filter: '&status=completed',
      where: "and status = 'completed'",
    },
    { path: '/returns', table: 'returns', order: 'created_at desc, return_number desc', filter: '', where: '' },
    {
      path: '/inventory/movements',
      table: 'stock_movements',
      order: 'created_at desc, id desc',
      filter: '',
      where: '',
    },
    { path: '/customers', table: 'customers', order: 'name asc, id asc', filter: '', where: '' },
    { path: '/audit-logs', table: 'audit_logs', order: 'created_at desc, id desc', filter: '', where: '' },
  ];

  for (const list of lists) {
    it(`${list.path}${list.filter}: every page, from either end`, async () => {
      for (const limit of [4, 5]) {
        const first = await get(1);
        const total = first.meta.total as number;
        expect(total).toBeGreaterThan(limit);
        for (let page = 1; page <= first.meta.totalPages + 1; page += 1) {
          const answer = page === 1 ? first : await get(page);
          const ids = (answer.data as { id: string }[]).map((r) => r.id);
          expect(ids, `page ${page} of ${limit}`).toEqual(
            await offsetIds(list.table, list.order, list.where, limit, (page - 1) * limit),
          );
          expect(answer.meta.total).toBe(total);
        }
        async function get(page: number) {
          const res = await request(ctx.app, manager, {
            url: `/api${list.path}?branchId=${tenant.main.id}&page=${page}&limit=${limit}${list.filter}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json();
        }
      }
    });
  }
});
