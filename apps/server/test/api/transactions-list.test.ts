import { computeCartTotals, ROLE_IDS, SALES_MSG } from '@pos/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { sales, users } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBranch,
  createCustomer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';
import { expectPagesEqualOffset } from '../helpers/pages';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

describe(`GET /transactions (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { admin: string; manager: string; cashier: string; otherAdmin: string };
  let product: Awaited<ReturnType<typeof createProduct>>;
  let cheap: Awaited<ReturnType<typeof createProduct>>;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  /** Branch (main, Asia/Karachi, UTC+5) sales made through the fixtures, oldest first. */
  const made: { id: string; receiptNumber: string; createdAt: Date }[] = [];

  const db = () => ctx.database.db;
  const list = (query: string, token = tokens.admin) => request(ctx.app, token, { url: `/api/transactions?${query}` });

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
    product = await createProduct(db(), { companyId, branchId, price: '100.00', stockQuantity: 500 });
    cheap = await createProduct(db(), { companyId, branchId, price: '12.50', stockQuantity: 500 });
    alice = await createUser(db(), { roleId: ROLE_IDS.cashier, companyId, branchId });
    await db().update(users).set({ name: 'Alice Khan' }).where(eq(users.id, alice.id));
    await db().update(users).set({ name: 'Bob_Raza%' }).where(eq(users.id, tenant.cashier.id));
    customer = await createCustomer(db(), { companyId, branchId, name: 'Sara Ahmed', phone: '03001234567' });

    // Ten days of sales at 12:00 Karachi (07:00Z), 2024-01-01 ... 2024-01-10: even days cash by Alice,
    // odd days card by the branch cashier (Bob); the 5th for the customer.
    for (let day = 1; day <= 10; day++) {
      const { sale } = await createSale(db(), {
        companyId,
        branchId,
        cashierId: day % 2 === 0 ? alice.id : tenant.cashier.id,
        paymentMethod: day % 2 === 0 ? 'cash' : 'card',
        lines: [
          { product, quantity: 1 },
          { product: cheap, quantity: day },
        ],
        createdAt: new Date(Date.UTC(2024, 0, day, 7, 0)),
        customerId: day === 5 ? customer.id : null,
      });
      made.push(sale);
    }
  });
  afterAll(() => ctx.close());

  it('answers the newest sales first with the table fields and paging meta', async () => {
    const res = await list(`branchId=${tenant.main.id}&limit=3&endDate=2024-01-31`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.meta).toEqual({ total: 10, page: 1, limit: 3, totalPages: 4 });
    expect(body.data.map((r: { receiptNumber: string }) => r.receiptNumber)).toEqual(
      [made[9], made[8], made[7]].map((s) => s?.receiptNumber),
    );
    const totals = computeCartTotals({
      items: [
        { price: 100, quantity: 1 },
        { price: 12.5, quantity: 10 },
      ],
      taxRate: 0,
      discountType: 'amount',
      discountValue: 0,
    });
    expect(body.data[0]).toEqual({
      id: made[9]?.id,
      receiptNumber: made[9]?.receiptNumber,
      transactionDate: '2024-01-10T07:00:00.000Z',
      cashierName: 'Alice Khan',
      customer: null,
      paymentMethod: 'cash',
      status: 'completed',
      subtotal: 225,
      discountAmount: 0,
      taxAmount: 0,
      total: totals.total,
      itemCount: 2,
      totalQuantity: 11,
      returnedQuantity: 0,
    });
    expect(body.data[0].items).toBeUndefined();

    const last = (await list(`branchId=${tenant.main.id}&limit=3&page=4&endDate=2024-01-31`)).json();
    expect(last.meta).toEqual({ total: 10, page: 4, limit: 3, totalPages: 4 });
    expect(last.data.map((r: { receiptNumber: string }) => r.receiptNumber)).toEqual([made[0]?.receiptNumber]);

    const beyond = (await list(`branchId=${tenant.main.id}&limit=3&page=9&endDate=2024-01-31`)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(10);
  });

  it('defaults to page 1 and 10 rows, and shows the customer', async () => {
    const res = await list(`branchId=${tenant.main.id}&startDate=2024-01-05&endDate=2024-01-05`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 1, page: 1, limit: 10, totalPages: 1 });
    expect(body.data[0].customer).toEqual({ id: customer.id, name: 'Sara Ahmed', phone: '03001234567' });
  });

  it('filters by cashier name: case-insensitive substring, wildcards taken literally', async () => {
    const alices = (await list(`branchId=${tenant.main.id}&cashierName=aLiCe&limit=100`)).json();
    expect(alices.meta.total).toBe(5);
    expect(alices.data.every((r: { cashierName: string }) => r.cashierName === 'Alice Khan')).toBe(true);

    const khan = (await list(`branchId=${tenant.main.id}&cashierName=${encodeURIComponent(' khan ')}`)).json();
    expect(khan.meta.total).toBe(5);

    const literal = (await list(`branchId=${tenant.main.id}&cashierName=${encodeURIComponent('b_raza%')}`)).json();
    expect(literal.meta.total).toBe(5);
    expect(literal.data[0].cashierName).toBe('Bob_Raza%');
    const wildcard = (await list(`branchId=${tenant.main.id}&cashierName=${encodeURIComponent('%')}`)).json();
    expect(wildcard.meta.total).toBe(5);
    const underscore = (await list(`branchId=${tenant.main.id}&cashierName=A_ice`)).json();
    expect(underscore.meta.total).toBe(0);
    expect(underscore.data).toEqual([]);

    const none = (await list(`branchId=${tenant.main.id}&cashierName=nobody`)).json();
    expect(none.meta).toEqual({ total: 0, page: 1, limit: 10, totalPages: 1 });
  });

  it('filters by payment method; empty and "all" mean no filter', async () => {
    const card = (await list(`branchId=${tenant.main.id}&paymentMethod=card&limit=100`)).json();
    expect(card.meta.total).toBe(5);
    expect(card.data.every((r: { paymentMethod: string }) => r.paymentMethod === 'card')).toBe(true);
    const cashAlice = (await list(`branchId=${tenant.main.id}&paymentMethod=cash&cashierName=alice`)).json();
    expect(cashAlice.meta.total).toBe(5);
    const cardAlice = (await list(`branchId=${tenant.main.id}&paymentMethod=card&cashierName=alice`)).json();
    expect(cardAlice.meta.total).toBe(0);
    expect((await list(`branchId=${tenant.main.id}&paymentMethod=`)).json().meta.total).toBe(10);
    expect((await list(`branchId=${tenant.main.id}&paymentMethod=all`)).json().meta.total).toBe(10);
  });

  it('filters by dates in the branch time zone, end inclusive', async () => {
    const range = (await list(`branchId=${tenant.main.id}&startDate=2024-01-03&endDate=2024-01-06`)).json();
    expect(range.meta.total).toBe(4);
    expect(range.data.map((r: { transactionDate: string }) => r.transactionDate.slice(0, 10))).toEqual([
      '2024-01-06',
      '2024-01-05',
      '2024-01-04',
      '2024-01-03',
    ]);
    expect((await list(`branchId=${tenant.main.id}&startDate=2024-01-09`)).json().meta.total).toBe(2);
    expect((await list(`branchId=${tenant.main.id}&endDate=2024-01-02`)).json().meta.total).toBe(2);
  });

  it('a sale at 23:59 local is in that day, one at 00:01 the next day is not (Karachi and New York, DST day)', async () => {
    for (const [timezone, lateUtc, earlyUtc] of [
      // 2024-03-10 23:59 and 2024-03-11 00:01 local. Karachi is UTC+5.
      ['Asia/Karachi', Date.UTC(2024, 2, 10, 18, 59), Date.UTC(2024, 2, 10, 19, 1)],
      // New York moves to EDT (UTC-4) on 2024-03-10 at 02:00, a 23-hour day.
      ['America/New_York', Date.UTC(2024, 2, 11, 3, 59), Date.UTC(2024, 2, 11, 4, 1)],
    ] as const) {
      const branch = await createBranch(db(), { companyId: tenant.company.id, timezone });
      const p = await createProduct(db(), { companyId: tenant.company.id, branchId: branch.id, price: '10.00' });
      const base = { companyId: tenant.company.id, branchId: branch.id, cashierId: tenant.admin.id };
      // Midnight at the start of the day (00:00 local) is in the day too.
      const startUtc = timezone === 'Asia/Karachi' ? Date.UTC(2024, 2, 9, 19, 0) : Date.UTC(2024, 2, 10, 5, 0);
      const first = await createSale(db(), {
        ...base,
        lines: [{ product: p, quantity: 1 }],
        createdAt: new Date(startUtc),
      });
      const late = await createSale(db(), {
        ...base,
        lines: [{ product: p, quantity: 1 }],
        createdAt: new Date(lateUtc),
      });
      const early = await createSale(db(), {
        ...base,
        lines: [{ product: p, quantity: 1 }],
        createdAt: new Date(earlyUtc),
      });
      const before = await createSale(db(), {
        ...base,
        lines: [{ product: p, quantity: 1 }],
        createdAt: new Date(startUtc - 60_000),
      });

      const day10 = (await list(`branchId=${branch.id}&startDate=2024-03-10&endDate=2024-03-10`)).json();
      expect(day10.meta.total, timezone).toBe(2);
      expect(day10.data.map((r: { id: string }) => r.id)).toEqual([late.sale.id, first.sale.id]);
      const day11 = (await list(`branchId=${branch.id}&startDate=2024-03-11`)).json();
      expect(day11.data.map((r: { id: string }) => r.id)).toEqual([early.sale.id]);
      const upTo9 = (await list(`branchId=${branch.id}&endDate=2024-03-09`)).json();
      expect(upTo9.data.map((r: { id: string }) => r.id)).toEqual([before.sale.id]);
    }
  });

  it('finds a sale by receipt number (exact, prefix, digits alone) with its items and returned quantities', async () => {
    const { items } = await createSale(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      cashierId: alice.id,
      lines: [
        { product, quantity: 2 },
        { product: cheap, quantity: 3 },
      ],
      createdAt: new Date(Date.UTC(2024, 1, 1, 7, 0)),
    });
    const saleId = items[0]?.saleId ?? '';
    const cheapLine = items.find((i) => i.productId === cheap.id);
    if (!cheapLine) throw new Error('fixture');
    await createReturn(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      saleId,
      processedBy: tenant.manager.id,
      items: [{ saleItemId: cheapLine.id, quantity: 2 }],
    });
    const [sold] = await db().select({ receiptNumber: sales.receiptNumber }).from(sales).where(eq(sales.id, saleId));
    const receipt = sold?.receiptNumber ?? '';

    const exact = await list(`branchId=${tenant.main.id}&receiptNumber=${receipt}&status=completed`, tokens.cashier);
    expect(exact.statusCode).toBe(200);
    const body = exact.json();
    expect(body.meta.total).toBe(1);
    const row = body.data[0];
    expect(row).toMatchObject({
      id: saleId,
      receiptNumber: receipt,
      itemCount: 2,
      totalQuantity: 5,
      returnedQuantity: 2,
    });
    expect(row.items).toHaveLength(2);
    expect(row.items.find((i: { productId: string }) => i.productId === cheap.id)).toEqual({
      id: cheapLine.id,
      productId: cheap.id,
      productName: cheap.name,
      productSku: cheap.sku,
      unit: 'piece',
      quantity: 3,
      unitPrice: 12.5,
      subtotal: 37.5,
      taxRate: 0,
      taxIncluded: false,
      returnedQuantity: 2,
      flags: [],
    });

    const lower = (await list(`branchId=${tenant.main.id}&receiptNumber=${receipt.toLowerCase()}`)).json();
    expect(lower.data.map((r: { id: string }) => r.id)).toEqual([saleId]);
    const digits = (await list(`branchId=${tenant.main.id}&receiptNumber=${Number(receipt.slice(4))}`)).json();
    expect(digits.data.map((r: { id: string }) => r.id)).toEqual([saleId]);

    // Receipts RCP-000001 ... RCP-000011 exist in the branch (the time-zone test's branches have their own counters).
    const prefix = (await list(`branchId=${tenant.main.id}&receiptNumber=RCP-00000&limit=100`)).json();
    expect(prefix.meta.total).toBe(9);
    expect(prefix.data.every((r: { receiptNumber: string }) => r.receiptNumber.startsWith('RCP-00000'))).toBe(true);
    expect(prefix.data.every((r: { items: unknown[] }) => Array.isArray(r.items))).toBe(true);
    const all = (await list(`branchId=${tenant.main.id}&receiptNumber=RCP&limit=100`)).json();
    expect(all.meta.total).toBe(11);
    expect((await list(`branchId=${tenant.main.id}&receiptNumber=RCP-999`)).json().data).toEqual([]);
    expect((await list(`branchId=${tenant.main.id}&receiptNumber=${encodeURIComponent('RCP%')}`)).json().data).toEqual(
      [],
    );
  });

  it('filters by status; meta.total always equals a count over sales', async () => {
    await createSale(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      cashierId: alice.id,
      status: 'voided',
      lines: [{ product, quantity: 1 }],
      createdAt: new Date(Date.UTC(2024, 0, 4, 9, 0)),
    });
    const voided = (await list(`branchId=${tenant.main.id}&status=voided`)).json();
    expect(voided.meta.total).toBe(1);
    expect(voided.data[0].status).toBe('voided');

    const queries = [
      '',
      'status=completed',
      'status=voided',
      'startDate=2024-01-04&endDate=2024-01-04',
      'startDate=2024-01-04&endDate=2024-01-04&status=completed',
      'cashierName=alice',
      'cashierName=alice&status=completed',
      'cashierName=alice&paymentMethod=cash&startDate=2024-01-02&endDate=2024-01-08',
      'paymentMethod=card&endDate=2024-01-05',
      'receiptNumber=RCP-00001',
    ];
    const [direct] = await db()
      .select({ n: count() })
      .from(sales)
      .where(and(eq(sales.companyId, tenant.company.id), eq(sales.branchId, tenant.main.id)));
    const totals: number[] = [];
    for (const q of queries) {
      const res = await list(`branchId=${tenant.main.id}&limit=100&${q}`);
      expect(res.statusCode, q).toBe(200);
      const body = res.json();
      expect(body.meta.total, q).toBe(body.data.length);
      totals.push(body.meta.total);
    }
    expect(totals[0]).toBe(direct?.n);
    expect(totals).toEqual([12, 11, 1, 2, 1, 7, 6, 5, 3, 3]);
  });

  it("every page equals OFFSET's page across days, from either end, with each filter (the page seeks its day from the daily totals)", async () => {
    const base = sql`company_id = ${tenant.company.id} and branch_id = ${tenant.main.id}`;
    const local = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Karachi'`;
    const cases = [
      { query: '', where: base },
      { query: '&paymentMethod=card', where: sql`${base} and payment_method = 'card'` },
      { query: '&status=completed', where: sql`${base} and status = 'completed'` },
      { query: '&status=voided', where: sql`${base} and status = 'voided'` },
      {
        query: '&cashierName=alice',
        where: sql`${base} and cashier_id in (select id from users where name ilike '%alice%')`,
      },
      {
        query: '&startDate=2024-01-03&endDate=2024-01-08&paymentMethod=cash',
        where: sql`${base} and sold_at >= ${local('2024-01-03')} and sold_at < ${local('2024-01-09')} and payment_method = 'cash'`,
      },
    ];
    for (const c of cases) {
      for (const limit of [2, 3]) {
        await expectPagesEqualOffset({
          app: ctx.app,
          db: db(),
          token: tokens.admin,
          url: `/api/transactions?branchId=${tenant.main.id}${c.query}`,
          table: 'sales',
          where: c.where,
          order: 'sold_at desc, receipt_number desc',
          limit,
        });
      }
    }
  });

  it('keeps every user to their scope: cashier own branch only, other companies 404', async () => {
    expect((await list(`branchId=${tenant.main.id}`, tokens.cashier)).statusCode).toBe(200);
    expect((await list(`branchId=${tenant.main.id}`, tokens.manager)).statusCode).toBe(200);
    const cashierOther = await list(`branchId=${tenant.second.id}`, tokens.cashier);
    expect(cashierOther.statusCode).toBe(404);
    expect(cashierOther.json().message).toBe('Branch not found');
    expect((await list(`branchId=${tenant.second.id}`, tokens.manager)).statusCode).toBe(200);
    const foreign = await list(`branchId=${tenant.main.id}`, tokens.otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await list(`branchId=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect(
      (await request(ctx.app, undefined, { url: `/api/transactions?branchId=${tenant.main.id}` })).statusCode,
    ).toBe(401);
  });

  it('answers bad input with 400 and a clear message, never 500', async () => {
    const b = `branchId=${tenant.main.id}`;
    const cases: [string, string | RegExp][] = [
      ['', 'Invalid branch'],
      ['branchId=abc', 'Invalid branch'],
      [`${b}&startDate=2024-02-30`, 'Invalid date (use yyyy-mm-dd)'],
      [`${b}&startDate=2024-1-5`, 'Invalid date (use yyyy-mm-dd)'],
      [`${b}&endDate=05/01/2024`, 'Invalid date (use yyyy-mm-dd)'],
      [`${b}&endDate=0000-01-01`, 'Dates must be between 1900-01-01 and 9999-12-31'],
      [`${b}&startDate=2024-01-05&endDate=2024-01-04`, 'End date cannot be before start date'],
      [`${b}&paymentMethod=bitcoin`, SALES_MSG.invalidPaymentMethod],
      [`${b}&status=${encodeURIComponent("x' or 1=1")}`, 'Invalid status'],
      [`${b}&limit=101`, /100/],
      [`${b}&limit=0`, /./],
      [`${b}&page=0`, /./],
      [`${b}&page=abc`, /./],
      [`${b}&receiptNumber=${'R'.repeat(40)}`, /./],
      [`${b}&cashierName=${'x'.repeat(101)}`, /./],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success, query).toBe(false);
      if (typeof message === 'string') expect(res.json().message, query).toBe(message);
      else expect(res.json().message, query).toMatch(message);
    }
    const weird = [
      `${b}&receiptNumber=${encodeURIComponent('\u0000')}`,
      `${b}&cashierName=${encodeURIComponent('\\')}`,
      `${b}&receiptNumber=${encodeURIComponent('\\%_')}`,
      `${b}&startDate=9999-12-31`,
      `${b}&startDate=1900-01-01&endDate=9999-12-31`,
      `${b}&branchId=${tenant.second.id}`,
      `${b}&receiptNumber=999999999`,
    ];
    for (const query of weird) {
      const res = await list(query);
      expect(res.statusCode, query).toBeLessThan(500);
    }
  });

  it('lists a sale made through POST /transactions at once (today, in the branch time zone)', async () => {
    const branch = await createBranch(db(), { companyId: tenant.company.id });
    const p = await createProduct(db(), { companyId: tenant.company.id, branchId: branch.id, price: '80.00' });
    const res = await request(ctx.app, tokens.admin, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: branch.id,
        items: [{ product_id: p.id, quantity: 2, price: 80 }],
        subtotal: 160,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 160,
        payment_method: 'card',
        amount_paid: 160,
        change: 0,
        customer: { name: 'Walk In', phone: '03119998877' },
      },
    });
    expect(res.statusCode).toBe(201);
    const [today] = await queryRows<{ d: string }>(
      db(),
      sql`select to_char(now() at time zone 'Asia/Karachi', 'YYYY-MM-DD') as d`,
    );
    const body = (await list(`branchId=${branch.id}&startDate=${today?.d}&endDate=${today?.d}`)).json();
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      receiptNumber: 'RCP-000001',
      total: 160,
      paymentMethod: 'card',
      customer: { name: 'Walk In', phone: '03119998877' },
      itemCount: 1,
      totalQuantity: 2,
    });
  });
});
