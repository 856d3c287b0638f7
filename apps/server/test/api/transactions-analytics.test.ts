import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { returns, saleItems, sales } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBranch,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  login,
  openTestShift,
  request,
} from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** 12:00 in Karachi (UTC+5) on the given day of May 2024. */
const mayNoon = (day: number, hour = 12) => new Date(Date.UTC(2024, 4, day, hour - 5, 0));

const ZERO = {
  grossRevenue: 0,
  grossTransactions: 0,
  grossSubtotal: 0,
  grossTax: 0,
  grossDiscounts: 0,
  grossItemsSold: 0,
  averageTransactionValue: 0,
  totalReturns: 0,
  totalReturnedValue: 0,
  totalItemsReturned: 0,
  netRevenue: 0,
  netSubtotal: 0,
  netItemsSold: 0,
  returnRate: 0,
  refundRate: 0,
};

describe(`GET /transactions/analytics (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { admin: string; manager: string; cashier: string; otherAdmin: string };
  let voidedId: string;

  const db = () => ctx.database.db;
  const analytics = (query: string, token = tokens.admin) =>
    request(ctx.app, token, { url: `/api/transactions/analytics?${query}` });

  /**
   * The main branch (Asia/Karachi), by hand:
   *   S1 05-01  A 100.00 x2 + B 45.50 x1 = 245.50; no discount; tax 10% = 24.55; total 270.05; 3 units; cash
   *   S2 05-02  B 45.50 x2 = 91.00; discount 11.00 -> 80.00; tax 5% = 4.00; total 84.00; 2 units; cash
   *   S3 05-03  A 100.00 x1 = 100.00; no tax; total 100.00; 1 unit; card
   *   S4 05-03  voided (status not completed): A x5, counts nowhere
   *   R1 05-03  return of S1: A x1 at 100.00 plus its tax 10.00 (A's share of S1's tax is 20.00 for
   *             2 units), less a 5.00 restocking fee = refund 105.00; 1 unit
   *   R2 05-03  a pending return of S2 (B x1): counts nowhere
   * A sale and a completed return in the second branch must not count either.
   */
  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db(), { shifts: true });
    other = await createTenant(db(), { shifts: true });
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
      otherAdmin: await login(ctx.app, other.admin.username),
    };
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const base = { companyId, branchId, cashierId: tenant.cashier.id };
    const a = await createProduct(db(), { companyId, branchId, price: '100.00' });
    const b = await createProduct(db(), { companyId, branchId, price: '45.50' });

    const s1 = await createSale(db(), {
      ...base,
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
      taxRate: 10,
      createdAt: mayNoon(1),
    });
    const s2 = await createSale(db(), {
      ...base,
      lines: [{ product: b, quantity: 2 }],
      discountType: 'amount',
      discountValue: 11,
      taxRate: 5,
      createdAt: mayNoon(2),
    });
    await createSale(db(), {
      ...base,
      lines: [{ product: a, quantity: 1 }],
      paymentMethod: 'card',
      createdAt: mayNoon(3),
    });
    const s4 = await createSale(db(), {
      ...base,
      lines: [{ product: a, quantity: 5 }],
      status: 'voided',
      createdAt: mayNoon(3, 15),
    });
    voidedId = s4.sale.id;
    expect(s1.sale.total).toBe('270.05');
    expect(s2.sale.total).toBe('84.00');

    const s1a = s1.items.find((i) => i.productId === a.id);
    const s2b = s2.items[0];
    if (!s1a || !s2b) throw new Error('fixture');
    await createReturn(db(), {
      companyId,
      branchId,
      saleId: s1.sale.id,
      processedBy: tenant.manager.id,
      items: [{ saleItemId: s1a.id, quantity: 1, restockingFee: 5 }],
      createdAt: mayNoon(3, 16),
    });
    await createReturn(db(), {
      companyId,
      branchId,
      saleId: s2.sale.id,
      processedBy: tenant.manager.id,
      items: [{ saleItemId: s2b.id, quantity: 1 }],
      status: 'pending',
      createdAt: mayNoon(3, 17),
    });

    const elsewhere = await createProduct(db(), { companyId, branchId: tenant.second.id, price: '999.00' });
    const e1 = await createSale(db(), {
      companyId,
      branchId: tenant.second.id,
      cashierId: tenant.admin.id,
      lines: [{ product: elsewhere, quantity: 3 }],
      createdAt: mayNoon(2),
    });
    await createReturn(db(), {
      companyId,
      branchId: tenant.second.id,
      saleId: e1.sale.id,
      processedBy: tenant.admin.id,
      items: [{ saleItemId: e1.items[0]?.id ?? '', quantity: 1 }],
      createdAt: mayNoon(3),
    });
  });
  afterAll(() => ctx.close());

  it('computes every figure over all time', async () => {
    const res = await analytics(`branchId=${tenant.main.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      grossRevenue: 454.05, // 270.05 + 84.00 + 100.00
      grossTransactions: 3,
      grossSubtotal: 436.5, // 245.50 + 91.00 + 100.00
      grossTax: 28.55, // 24.55 + 4.00
      grossDiscounts: 11,
      grossItemsSold: 6, // 3 + 2 + 1
      averageTransactionValue: 151.35, // 454.05 / 3
      totalReturns: 1,
      totalReturnedValue: 105,
      totalItemsReturned: 1,
      netRevenue: 349.05, // 454.05 - 105.00
      netSubtotal: 336.5, // 436.50 - 1 x 100.00
      netItemsSold: 5,
      returnRate: 33.3, // 1 / 3
      refundRate: 23.1, // 105.00 / 454.05 = 23.13 %
      period: { startDate: null, endDate: null, timezone: 'Asia/Karachi' },
    });
  });

  it('counts sales and returns by their own local day within the period', async () => {
    const may2to3 = (await analytics(`branchId=${tenant.main.id}&startDate=2024-05-02&endDate=2024-05-03`)).json();
    expect(may2to3.data).toEqual({
      grossRevenue: 184, // 84.00 + 100.00
      grossTransactions: 2,
      grossSubtotal: 191,
      grossTax: 4,
      grossDiscounts: 11,
      grossItemsSold: 3,
      averageTransactionValue: 92,
      totalReturns: 1, // R1 was made on 05-03, for a sale of 05-01
      totalReturnedValue: 105,
      totalItemsReturned: 1,
      netRevenue: 79,
      netSubtotal: 91,
      netItemsSold: 2,
      returnRate: 50,
      refundRate: 57.1, // 105 / 184 = 57.07 %
      period: { startDate: '2024-05-02', endDate: '2024-05-03', timezone: 'Asia/Karachi' },
    });

    const may1 = (await analytics(`branchId=${tenant.main.id}&startDate=2024-05-01&endDate=2024-05-01`)).json();
    expect(may1.data).toMatchObject({
      ...ZERO,
      grossRevenue: 270.05,
      grossTransactions: 1,
      grossSubtotal: 245.5,
      grossTax: 24.55,
      grossItemsSold: 3,
      averageTransactionValue: 270.05,
      netRevenue: 270.05,
      netSubtotal: 245.5,
      netItemsSold: 3,
    });

    const fromMay3 = (await analytics(`branchId=${tenant.main.id}&startDate=2024-05-03`)).json();
    expect(fromMay3.data).toMatchObject({
      grossTransactions: 1,
      grossRevenue: 100,
      totalReturns: 1,
      netRevenue: -5,
      returnRate: 100,
      refundRate: 105,
    });
  });

  it('answers zeros, not nulls or NaN, for a period without sales', async () => {
    const empty = (await analytics(`branchId=${tenant.main.id}&startDate=2023-01-01&endDate=2023-01-31`)).json();
    expect(empty.data).toEqual({
      ...ZERO,
      period: { startDate: '2023-01-01', endDate: '2023-01-31', timezone: 'Asia/Karachi' },
    });
    // Returns without sales in the period: rates stay 0 rather than dividing by zero.
    const branch = await createBranch(db(), { companyId: tenant.company.id });
    const p = await createProduct(db(), { companyId: tenant.company.id, branchId: branch.id, price: '10.00' });
    const sold = await createSale(db(), {
      companyId: tenant.company.id,
      branchId: branch.id,
      cashierId: tenant.admin.id,
      lines: [{ product: p, quantity: 2 }],
      createdAt: mayNoon(1),
    });
    await createReturn(db(), {
      companyId: tenant.company.id,
      branchId: branch.id,
      saleId: sold.sale.id,
      processedBy: tenant.admin.id,
      items: [{ saleItemId: sold.items[0]?.id ?? '', quantity: 2 }],
      createdAt: mayNoon(9),
    });
    const onlyReturn = (await analytics(`branchId=${branch.id}&startDate=2024-05-09&endDate=2024-05-09`)).json();
    expect(onlyReturn.data).toMatchObject({
      ...ZERO,
      totalReturns: 1,
      totalReturnedValue: 20,
      totalItemsReturned: 2,
      netRevenue: -20,
      netSubtotal: -20,
      netItemsSold: -2,
    });
  });

  it('takes the day boundary in the branch time zone: 23:59 local is in, 00:01 the next day is out', async () => {
    const branch = await createBranch(db(), { companyId: tenant.company.id, timezone: 'America/New_York' });
    const p = await createProduct(db(), { companyId: tenant.company.id, branchId: branch.id, price: '10.00' });
    const base = { companyId: tenant.company.id, branchId: branch.id, cashierId: tenant.admin.id };
    // 2024-03-10 23:59 EDT = 03:59Z on the 11th; 2024-03-11 00:01 EDT = 04:01Z.
    await createSale(db(), {
      ...base,
      lines: [{ product: p, quantity: 1 }],
      createdAt: new Date('2024-03-11T03:59:00Z'),
    });
    await createSale(db(), {
      ...base,
      lines: [{ product: p, quantity: 2 }],
      createdAt: new Date('2024-03-11T04:01:00Z'),
    });
    const day10 = (await analytics(`branchId=${branch.id}&startDate=2024-03-10&endDate=2024-03-10`)).json();
    expect(day10.data).toMatchObject({ grossTransactions: 1, grossRevenue: 10, grossItemsSold: 1 });
    const day11 = (await analytics(`branchId=${branch.id}&startDate=2024-03-11&endDate=2024-03-11`)).json();
    expect(day11.data).toMatchObject({ grossTransactions: 1, grossRevenue: 20, grossItemsSold: 2 });
  });

  it('follows a sale through POST /transactions and a change of status', async () => {
    const branch = await createBranch(db(), { companyId: tenant.company.id });
    const p = await createProduct(db(), { companyId: tenant.company.id, branchId: branch.id, price: '80.00' });
    // A cash sale needs an open shift of the seller at the branch.
    await openTestShift(db(), { companyId: tenant.company.id, branchId: branch.id, userId: tenant.admin.id });
    const res = await request(ctx.app, tokens.admin, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: branch.id,
        items: [{ product_id: p.id, quantity: 3, price: 80 }],
        subtotal: 240,
        tax: 12,
        tax_rate: 5,
        discount_type: 'percentage',
        discount_value: 0,
        discount_amount: 0,
        total: 252,
        payment_method: 'cash',
        amount_paid: 300,
        change: 48,
      },
    });
    expect(res.statusCode).toBe(201);
    const after = (await analytics(`branchId=${branch.id}`)).json();
    expect(after.data).toMatchObject({
      grossTransactions: 1,
      grossRevenue: 252,
      grossSubtotal: 240,
      grossTax: 12,
      grossItemsSold: 3,
      averageTransactionValue: 252,
    });

    // The voided S4 of the main branch counts once its status is completed, and stops counting again.
    await db().update(sales).set({ status: 'completed' }).where(eq(sales.id, voidedId));
    const withS4 = (await analytics(`branchId=${tenant.main.id}`)).json();
    expect(withS4.data).toMatchObject({ grossTransactions: 4, grossRevenue: 954.05, grossItemsSold: 11 });
    await db().update(sales).set({ status: 'voided' }).where(eq(sales.id, voidedId));
    const without = (await analytics(`branchId=${tenant.main.id}`)).json();
    expect(without.data).toMatchObject({ grossTransactions: 3, grossRevenue: 454.05, grossItemsSold: 6 });
  });

  it('keeps the daily totals equal to sums over sales and returns after updates and deletes', async () => {
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    // A line's quantity changes, a pending return completes, then a whole sale goes away.
    const [line] = await db()
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.companyId, companyId), eq(saleItems.saleId, voidedId)));
    await db().update(sales).set({ status: 'completed' }).where(eq(sales.id, voidedId));
    // A line changes with its sale's row held, as every writer of lines does (pos_sales_rollup_queued): the sale
    // completed just above waits in the roll-up queue, and a roll-up running meanwhile must not read the line
    // before this change while the change, seeing the sale still queued, leaves the totals to it.
    await db().transaction(async (tx) => {
      await tx
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.companyId, companyId), eq(sales.id, voidedId)))
        .for('update');
      await tx
        .update(saleItems)
        .set({ quantity: 7 })
        .where(and(eq(saleItems.companyId, companyId), eq(saleItems.id, line?.id ?? '')));
    });
    await db().update(returns).set({ status: 'completed' }).where(eq(returns.status, 'pending'));
    const grown = (await analytics(`branchId=${branchId}`)).json().data;
    expect(grown).toMatchObject({
      grossTransactions: 4,
      grossItemsSold: 13, // 6 + 7
      totalReturns: 2,
      totalReturnedValue: 147, // 105.00 + R2's 42.00 (B's 45.50 less its 5.50 share of the 11.00 off, plus 2.00 tax)
      totalItemsReturned: 2,
    });

    // Its lines and then the sale go, with the sale's row held as above: a roll-up of the sale, still queued by the
    // line change, must not read its lines before they go while their delete leaves the totals to it.
    await db().transaction(async (tx) => {
      await tx
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.companyId, companyId), eq(sales.id, voidedId)))
        .for('update');
      await tx.delete(saleItems).where(and(eq(saleItems.companyId, companyId), eq(saleItems.saleId, voidedId)));
      await tx.delete(sales).where(and(eq(sales.companyId, companyId), eq(sales.id, voidedId)));
    });
    const [row] = await queryRows<{ tx: string | number; revenue: string; items: string | number; refunded: string }>(
      db(),
      sql`
      select
        (select count(*) from sales where company_id = ${companyId} and branch_id = ${branchId} and status = 'completed') as tx,
        (select coalesce(sum(total), 0) from sales where company_id = ${companyId} and branch_id = ${branchId} and status = 'completed') as revenue,
        (select coalesce(sum(si.quantity), 0) from sale_items si join sales s on s.company_id = si.company_id and s.id = si.sale_id
          where s.company_id = ${companyId} and s.branch_id = ${branchId} and s.status = 'completed') as items,
        (select coalesce(sum(refund_amount), 0) from returns where company_id = ${companyId} and branch_id = ${branchId} and status = 'completed') as refunded
    `,
    );
    if (!row) throw new Error('no row');
    const figures = (await analytics(`branchId=${branchId}`)).json().data;
    expect(figures.grossTransactions).toBe(Number(row.tx));
    expect(figures.grossRevenue).toBe(Number(row.revenue));
    expect(figures.grossItemsSold).toBe(Number(row.items));
    expect(figures.totalReturnedValue).toBe(Number(row.refunded));
    expect(figures).toMatchObject({ grossTransactions: 3, grossRevenue: 454.05, grossItemsSold: 6 });

    // Rebuilding from the rows (what a time-zone change calls) gives the same figures.
    await db().execute(sql`select pos_rebuild_daily_totals(${companyId}::uuid, ${branchId}::uuid)`);
    expect((await analytics(`branchId=${branchId}`)).json().data).toEqual(figures);
  });

  it('is for Super Admins and Managers: a cashier gets 403 for every branch, other companies 404', async () => {
    expect((await analytics(`branchId=${tenant.main.id}`, tokens.manager)).statusCode).toBe(200);
    expect((await analytics(`branchId=${tenant.second.id}`, tokens.manager)).statusCode).toBe(200);
    const cashier = await analytics(`branchId=${tenant.main.id}`, tokens.cashier);
    expect(cashier.statusCode).toBe(403);
    expect(cashier.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Insufficient permissions' });
    // The permission comes first: 403 whatever the branch, which tells the cashier nothing about it.
    expect((await analytics(`branchId=${tenant.second.id}`, tokens.cashier)).statusCode).toBe(403);
    const foreign = await analytics(`branchId=${tenant.main.id}`, tokens.otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Branch not found');
    expect(
      (await request(ctx.app, undefined, { url: `/api/transactions/analytics?branchId=${tenant.main.id}` })).statusCode,
    ).toBe(401);
  });

  it('answers bad input with 400, never 500', async () => {
    const b = `branchId=${tenant.main.id}`;
    const cases: [string, string][] = [
      ['', 'Invalid branch'],
      ['branchId=not-a-uuid', 'Invalid branch'],
      [`${b}&startDate=2024-13-01`, 'Invalid date (use yyyy-mm-dd)'],
      [`${b}&endDate=tomorrow`, 'Invalid date (use yyyy-mm-dd)'],
      [`${b}&startDate=2024-05-03&endDate=2024-05-02`, 'End date cannot be before start date'],
    ];
    for (const [query, message] of cases) {
      const res = await analytics(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    expect((await analytics(`${b}&startDate=&endDate=`)).statusCode).toBe(200);
    expect((await analytics(`${b}&startDate=1900-01-01&endDate=9999-12-31`)).statusCode).toBe(200);
  });
});
