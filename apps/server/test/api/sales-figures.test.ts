import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createCustomer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  login,
  request,
} from '../helpers/factories';

/** A local time in Karachi (UTC+5, no DST) as an instant. */
const pk = (month: number, day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2024, month - 1, day, hour - 5, minute));

/**
 * One definition of the sales and returns figures (domain/sales-figures), seen from the dashboard, the
 * returns page and the customer analytics. "Now" is Wednesday 2024-05-15 12:00 in Karachi (week from
 * Monday 05-13, month from 05-01). Every sale is the one customer's; A 100.00, B 10.00, no tax or discount:
 *   S1 05-15 09:00 A x2 200    S2 05-14 10:00 B x3 30    S3 05-02 10:00 A x1 100    S4 04-20 10:00 A x2 200
 *   S5 05-15 08:00 A x1 voided: nowhere
 *   R1 05-15 10:00 S1 A x1            refund 100  today
 *   R2 05-13 09:00 S3 A x1, fee 5.00  refund  95  this week (Monday)
 *   R3 05-05 10:00 S4 A x1            refund 100  this month (a return of last month's sale)
 *   R4 04-25 10:00 S4 A x1            refund 100  last month
 *   R5 05-15 11:30 S2 B x1 pending: nowhere (only completed returns count)
 * Returns: today 1 (100), week 2 (195), month 3 (295). All time: 4 sales 530, returns 395, net 135.
 */
const NOW = pk(5, 15, 12);

describe(`sales and returns figures: one definition (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let token: string;
  let customerId: string;

  const db = () => ctx.database.db;
  const get = async (url: string) => {
    const res = await request(ctx.app, token, { url: `/api/${url}` });
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    ctx = await createTestContext();
    tenant = await createTenant(db());
    token = await login(ctx.app, tenant.manager.username);
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const customer = await createCustomer(db(), { companyId, branchId });
    customerId = customer.id;
    const a = await createProduct(db(), { companyId, branchId, price: '100.00', stockQuantity: 100 });
    const b = await createProduct(db(), { companyId, branchId, price: '10.00', stockQuantity: 100 });
    const sale = (product: typeof a, quantity: number, createdAt: Date, status = 'completed') =>
      createSale(db(), {
        companyId,
        branchId,
        cashierId: tenant.cashier.id,
        customerId,
        lines: [{ product, quantity }],
        createdAt,
        status,
      });
    const s1 = await sale(a, 2, pk(5, 15, 9));
    const s2 = await sale(b, 3, pk(5, 14, 10));
    const s3 = await sale(a, 1, pk(5, 2, 10));
    const s4 = await sale(a, 2, pk(4, 20, 10));
    await sale(a, 1, pk(5, 15, 8), 'voided');
    const ret = (s: typeof s1, createdAt: Date, { fee = 0, status = 'completed' } = {}) => {
      const item = s.items[0];
      if (!item) throw new Error('fixture');
      return createReturn(db(), {
        companyId,
        branchId,
        saleId: s.sale.id,
        processedBy: tenant.manager.id,
        items: [{ saleItemId: item.id, quantity: 1, restockingFee: fee }],
        createdAt,
        status,
      });
    };
    await ret(s1, pk(5, 15, 10));
    await ret(s3, pk(5, 13, 9), { fee: 5 });
    await ret(s4, pk(5, 5, 10));
    await ret(s4, pk(4, 25, 10));
    await ret(s2, pk(5, 15, 11, 30), { status: 'pending' });
  });

  afterAll(async () => {
    vi.useRealTimers();
    await ctx?.close();
  });

  it('returns today, this week and this month are equal on the dashboard and on the returns page', async () => {
    const dashboard = await get(`dashboard/returns-summary?branchId=${tenant.main.id}`);
    const page = await get(`returns/analytics?branchId=${tenant.main.id}`);
    expect({ today: dashboard.todayCount, week: dashboard.weekCount, month: dashboard.monthCount }).toEqual({
      today: 1,
      week: 2,
      month: 3,
    });
    expect({ today: page.todayReturns, week: page.weekReturns, month: page.monthReturns }).toEqual({
      today: dashboard.todayCount,
      week: dashboard.weekCount,
      month: dashboard.monthCount,
    });
    expect([dashboard.todayAmount, dashboard.weekAmount, dashboard.monthAmount]).toEqual([100, 195, 295]);
    // The page's all-time totals and breakdown still show every return by status.
    expect(page.statusBreakdown).toEqual([
      { status: 'completed', count: 4 },
      { status: 'pending', count: 1 },
    ]);
  });

  it("a customer's analytics are the shared figures of their sales (here: all of the branch's)", async () => {
    const customer = await get(`customers/${customerId}/analytics`);
    const branch = await get(`transactions/analytics?branchId=${tenant.main.id}`);
    expect(branch).toMatchObject({ grossTransactions: 4, grossRevenue: 530, totalReturnedValue: 395, netRevenue: 135 });
    expect(customer).toEqual({
      totalTransactions: branch.grossTransactions,
      totalSpent: branch.grossRevenue,
      netSpent: branch.netRevenue,
      averageTransaction: branch.averageTransactionValue,
    });
  });
});
