import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createReturn, createSale, createTenant, login, request } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A local time in Karachi (UTC+5, no DST) as an instant. */
const pk = (month: number, day: number, hour: number, minute = 0, second = 0) =>
  new Date(Date.UTC(2024, month - 1, day, hour - 5, minute, second));

/**
 * The main branch (Asia/Karachi); "now" is Wednesday 2024-05-15 12:00 local, so the week starts Monday
 * 05-13 and the month 05-01. A 100.00, B 10.00, no tax or discount. By hand:
 *   S1 05-15 00:00:30 A x1 100   today (half a minute after local midnight; 05-14 in UTC)
 *   S2 05-15 11:00    B x3  30   today
 *   S3 05-14 23:59:30 A x2 200   yesterday (half a minute before local midnight)
 *   S4 05-13 00:10    B x1  10   Monday: this week
 *   S5 05-12 23:59    A x1 100   Sunday: last week, this month
 *   S6 05-01 00:30    B x5  50   this month (still April in UTC)
 *   S7 04-30 23:50    A x3 300   last month
 *   S8 05-15 09:00    A x1 voided: nowhere
 *   R1 05-15 10:00    return of S3, A x1            refund 100   today
 *   R2 05-13 09:00    return of S6, B x2, fee 1.00  refund  19   this week
 *   R3 05-15 10:30    pending return of S2: nowhere
 * today 2 sales 130 (4 units), 1 return 100 -> net 30, return rate 50.0
 * yesterday 1 sale 200; week 4 sales 340, 2 returns 119 -> net 221; month 6 sales 490, returns 119 -> net 371, rate 33.3
 * A sale in the second branch today never counts.
 */
const NOW = pk(5, 15, 12);

describe(`GET /dashboard/* (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { admin: string; manager: string; cashier: string; otherAdmin: string };
  let newestSaleId: string;

  const db = () => ctx.database.db;
  const get = (path: string, token = tokens.manager, branchId = tenant.main.id) =>
    request(ctx.app, token, { url: `/api/dashboard/${path}?branchId=${branchId}` });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    ctx = await createTestContext();
    tenant = await createTenant(db());
    other = await createTenant(db());
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
      otherAdmin: await login(ctx.app, other.admin.username),
    };
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const base = { companyId, branchId, cashierId: tenant.cashier.id };
    const a = await createProduct(db(), { companyId, branchId, price: '100.00', cost: '50.00', stockQuantity: 100 });
    const b = await createProduct(db(), { companyId, branchId, price: '10.00', cost: '5.00', stockQuantity: 200 });
    await createProduct(db(), { companyId, branchId, price: '30.00', cost: '20.00', stockQuantity: 0 });
    await createProduct(db(), {
      companyId,
      branchId,
      price: '3.00',
      cost: '2.00',
      stockQuantity: 5,
      lowStockThreshold: 10,
    });
    await createProduct(db(), { companyId, branchId, price: '9.00', cost: '1.00', stockQuantity: 0, deletedAt: NOW });

    const sale = (product: typeof a, quantity: number, createdAt: Date, status = 'completed') =>
      createSale(db(), { ...base, lines: [{ product, quantity }], createdAt, status });
    await sale(a, 1, pk(5, 15, 0, 0, 30));
    const s2 = await sale(b, 3, pk(5, 15, 11));
    const s3 = await sale(a, 2, pk(5, 14, 23, 59, 30));
    await sale(b, 1, pk(5, 13, 0, 10));
    await sale(a, 1, pk(5, 12, 23, 59));
    const s6 = await sale(b, 5, pk(5, 1, 0, 30));
    await sale(a, 3, pk(4, 30, 23, 50));
    await sale(a, 1, pk(5, 15, 9), 'voided');
    const ret = (s: typeof s2, quantity: number, createdAt: Date, restockingFee = 0, status = 'completed') => {
      const item = s.items[0];
      if (!item) throw new Error('fixture');
      return createReturn(db(), {
        companyId,
        branchId,
        saleId: s.sale.id,
        processedBy: tenant.manager.id,
        items: [{ saleItemId: item.id, quantity, restockingFee }],
        createdAt,
        status,
      });
    };
    await ret(s3, 1, pk(5, 15, 10));
    await ret(s6, 2, pk(5, 13, 9), 1);
    await ret(s2, 1, pk(5, 15, 10, 30), 0, 'pending');

    const elsewhere = await createProduct(db(), { companyId, branchId: tenant.second.id, price: '999.00' });
    await createSale(db(), {
      companyId,
      branchId: tenant.second.id,
      cashierId: tenant.admin.id,
      lines: [{ product: elsewhere, quantity: 1 }],
      createdAt: pk(5, 15, 8),
    });
    // The newest sale of the main branch (for recent transactions), on 2024-06-01.
    newestSaleId = (await sale(b, 1, pk(6, 1, 0, 5))).sale.id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
  });

  it('sales summary: today, yesterday, this week (Monday) and this month in the branch time zone', async () => {
    vi.setSystemTime(NOW);
    const res = await get('sales-summary');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.timezone).toBe('Asia/Karachi');
    expect(d.today).toMatchObject({
      grossTransactions: 2,
      grossRevenue: 130,
      grossItemsSold: 4,
      averageTransactionValue: 65,
      totalReturns: 1,
      totalReturnedValue: 100,
      netRevenue: 30,
      returnRate: 50,
    });
    expect(d.today.period).toBeUndefined();
    expect(d.yesterday).toMatchObject({ grossTransactions: 1, grossRevenue: 200, totalReturns: 0, netRevenue: 200 });
    expect(d.thisWeek).toMatchObject({
      grossTransactions: 4,
      grossRevenue: 340,
      totalReturns: 2,
      totalReturnedValue: 119,
      netRevenue: 221,
      returnRate: 50,
    });
    expect(d.thisMonth).toMatchObject({
      grossTransactions: 6,
      grossRevenue: 490,
      totalReturns: 2,
      totalReturnedValue: 119,
      netRevenue: 371,
      returnRate: 33.3,
      averageTransactionValue: 81.67,
      todayTransactions: 2,
      weekTransactions: 4,
      monthTransactions: 6,
      averageOrderValue: 81.67,
    });
  });

  it('last 30 days: one entry per local day, oldest first, net of returns', async () => {
    vi.setSystemTime(NOW);
    const days: { day: string; netRevenue: number }[] = (await get('sales-summary')).json().data.last30Days;
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe('2024-04-16');
    expect(days[29]?.day).toBe('2024-05-15');
    const byDay = Object.fromEntries(days.map((d) => [d.day, d.netRevenue]));
    expect(byDay).toMatchObject({
      '2024-04-30': 300,
      '2024-05-01': 50,
      '2024-05-12': 100,
      '2024-05-13': -9,
      '2024-05-14': 200,
      '2024-05-15': 30,
      '2024-05-02': 0,
    });
    expect(days.reduce((n, d) => n + d.netRevenue, 0)).toBe(671);
  });

  it('a week that starts in the previous month, and an empty today: every field 0', async () => {
    // Sunday 2024-06-02: the week is 05-27..06-02, the month 06-01..06-02; only the 06-01 sale falls in either.
    // (The tokens live 12 hours: sign in again at each moving of the clock.)
    vi.setSystemTime(pk(6, 2, 12));
    const d = (await get('sales-summary', await login(ctx.app, tenant.manager.username))).json().data;
    expect(d.today).toMatchObject({ grossTransactions: 0, grossRevenue: 0, netRevenue: 0, returnRate: 0 });
    expect(d.yesterday).toMatchObject({ grossTransactions: 1, grossRevenue: 10 });
    expect(d.thisWeek).toMatchObject({ grossTransactions: 1, grossRevenue: 10, totalReturns: 0 });
    expect(d.thisMonth).toMatchObject({ grossTransactions: 1, grossRevenue: 10, monthTransactions: 1 });
    // Monday 2024-05-20 00:00:10 local: a new week holding nothing yet.
    vi.setSystemTime(pk(5, 20, 0, 0, 10));
    const m = (await get('sales-summary', await login(ctx.app, tenant.manager.username))).json().data;
    expect(m.thisWeek.grossTransactions).toBe(0);
    expect(m.thisMonth.grossTransactions).toBe(6);
    expect(m.yesterday.grossTransactions).toBe(0);
  });

  it('returns summary: counts and amounts by the day of the return, and the month return rate', async () => {
    vi.setSystemTime(NOW);
    const res = await get('returns-summary');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      todayCount: 1,
      weekCount: 2,
      monthCount: 2,
      todayAmount: 100,
      weekAmount: 119,
      monthAmount: 119,
      returnRate: 33.3,
    });
  });

  it('inventory summary over live products; stock value only with view_cost', async () => {
    vi.setSystemTime(NOW);
    const res = await get('inventory-summary');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      totalProducts: 4,
      lowStockCount: 2,
      outOfStockCount: 1,
      totalStockValue: 6010,
    });
    expect(typeof res.json().data.recentMovements).toBe('number');
    const cashier = await get('inventory-summary', tokens.cashier);
    expect(cashier.statusCode).toBe(200);
    expect(cashier.json().data).toMatchObject({ totalProducts: 4, totalStockValue: null });
  });

  it('recent movements: the last 7 local days, today and the six before, not the instant a week back', async () => {
    vi.setSystemTime(NOW);
    const companyId = other.company.id;
    const branchId = other.main.id;
    // Three products' opening stock (one movement each), moved to local times around the week's edge (now is
    // 05-15 12:00): 05-08 23:00 is within 7 x 24 hours but on the eighth day back; 05-09 00:30 is the window's
    // first day; 05-15 11:00 is today. Every other movement of this branch happened on the machine's real date.
    const at = [pk(5, 8, 23), pk(5, 9, 0, 30), pk(5, 15, 11)];
    for (const createdAt of at) {
      const product = await createProduct(db(), { companyId, branchId, stockQuantity: 3 });
      await db().execute(
        sql`update stock_movements set created_at = ${createdAt.toISOString()}::timestamptz
            where company_id = ${companyId}::uuid and product_id = ${product.id}::uuid`,
      );
    }
    const res = await get('inventory-summary', tokens.otherAdmin, branchId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.recentMovements).toBe(2);
  });

  it('recent transactions: the 10 newest sales of the branch with the spec field names', async () => {
    const res = await get('recent-transactions', tokens.cashier);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(9);
    expect(rows[0]).toEqual({
      id: newestSaleId,
      transaction_number: expect.stringMatching(/^RCP-\d{6}$/),
      created_at: pk(6, 1, 0, 5).toISOString(),
      total_amount: 10,
      status: 'completed',
    });
    expect(rows.map((r: { status: string }) => r.status)).toContain('voided');
    const times = rows.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('a cashier gets 403 on the sales and returns panels', async () => {
    expect((await get('sales-summary', tokens.cashier)).statusCode).toBe(403);
    expect((await get('returns-summary', tokens.cashier)).statusCode).toBe(403);
    expect((await get('sales-summary', tokens.admin)).statusCode).toBe(200);
  });

  it("another company's branch is a 404; a missing or malformed branchId is a 400", async () => {
    for (const path of ['sales-summary', 'inventory-summary', 'returns-summary', 'recent-transactions']) {
      expect((await get(path, tokens.otherAdmin)).statusCode).toBe(404);
      expect((await get(path, tokens.manager, 'nope')).statusCode).toBe(400);
      const missing = await request(ctx.app, tokens.manager, { url: `/api/dashboard/${path}` });
      expect(missing.statusCode).toBe(400);
    }
    expect(
      (await request(ctx.app, undefined, { url: `/api/dashboard/sales-summary?branchId=${tenant.main.id}` }))
        .statusCode,
    ).toBe(401);
  });
});
