import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { computeCartTotals, RETURNS_MSG } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditLogs, products, saleItems, stockMovements } from '../../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed/demo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  bearer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  login,
  openTestShift,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';
import { expectPagesEqualOffset } from '../helpers/pages';

type Product = { id: string; price: string };

describe(`returns API (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let managerToken: string;
  let cashierToken: string;
  let otherAdminToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db, { shifts: true });
    other = await createTenant(ctx.database.db, { shifts: true });
    managerToken = await login(ctx.app, tenant.manager.username);
    cashierToken = await login(ctx.app, tenant.cashier.username);
    otherAdminToken = await login(ctx.app, other.admin.username);
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });

  async function product(price = '100.00', stockQuantity = 20) {
    return createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity,
    });
  }

  /** A sale through POST /transactions (stock and movements as in production), tax 0. */
  async function sell(lines: { product: Product; quantity: number }[]) {
    const items = lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      price: Number(l.product.price),
    }));
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    const res = await call(cashierToken, 'POST', '/api/transactions', {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; receiptNumber: string; items: { id: string; productId: string }[] };
  }

  const itemOf = (sale: { items: { id: string; productId: string }[] }, productId: string) => {
    const item = sale.items.find((i) => i.productId === productId);
    if (!item) throw new Error('item');
    return item.id;
  };

  function returnPayload(
    saleId: string,
    items: { id: string; quantity: number; fee?: number; condition?: string; restockable?: boolean }[],
    extra: Record<string, unknown> = {},
  ) {
    return {
      originalTransactionId: saleId,
      branchId: tenant.main.id,
      items: items.map((i) => ({
        original_transaction_item_id: i.id,
        return_quantity: i.quantity,
        reason: 'defective',
        condition: i.condition ?? 'new',
        restocking_fee: i.fee ?? 0,
        ...(i.restockable !== undefined && { is_restockable: i.restockable }),
      })),
      refund_method: 'cash',
      reason: 'customer_change_mind',
      reason_description: 'Changed mind',
      notes: 'note',
      processed_by: 'ignored',
      ...extra,
    };
  }

  async function stockOf(productId: string) {
    const [row] = await ctx.database.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.companyId, tenant.company.id), eq(products.id, productId)));
    return row?.stock;
  }

  async function ledgerAgrees(productId: string) {
    const [row] = await ctx.database.db
      .select({
        signed: sql<string>`coalesce(sum(case when ${stockMovements.direction} = 'in' then ${stockMovements.quantity} else -${stockMovements.quantity} end), 0)`,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, tenant.company.id), eq(stockMovements.productId, productId)));
    return Number(row?.signed) === (await stockOf(productId));
  }

  const returnMovements = (productId: string) =>
    ctx.database.db
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.companyId, tenant.company.id),
          eq(stockMovements.productId, productId),
          eq(stockMovements.movementType, 'return'),
        ),
      );

  async function returnedOf(saleItemId: string) {
    const [row] = await ctx.database.db
      .select({ returned: saleItems.returnedQuantity, sold: saleItems.quantity })
      .from(saleItems)
      .where(and(eq(saleItems.companyId, tenant.company.id), eq(saleItems.id, saleItemId)));
    return row;
  }

  it('processes a return: refund recomputed, stock back with one return movement, numbers, audit, read back', async () => {
    const a = await product('120.50', 10);
    const b = await product('40.00', 10);
    const sale = await sell([
      { product: a, quantity: 3 },
      { product: b, quantity: 2 },
    ]);
    expect(await stockOf(a.id)).toBe(7);
    const res = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [
        { id: itemOf(sale, a.id), quantity: 2, fee: 10.25 },
        { id: itemOf(sale, b.id), quantity: 0 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(RETURNS_MSG.processed);
    const ret = body.data;
    expect(ret.returnNumber).toMatch(/^RET-\d{6}$/);
    expect(ret.status).toBe('completed');
    expect(ret.refundAmount).toBe(230.75);
    expect(ret.refundMethod).toBe('cash');
    expect(ret.originalTransaction).toEqual({ id: sale.id, receiptNumber: sale.receiptNumber });
    expect(ret.processedByName).toBe(tenant.manager.name);
    expect(ret.reasonDescription).toBe('Changed mind');
    expect(ret.items).toHaveLength(1);
    expect(ret.items[0]).toMatchObject({ quantity: 2, unitPrice: 120.5, restockingFee: 10.25, totalAmount: 230.75 });
    expect(ret.items[0].isRestockable).toBe(true);

    expect(await stockOf(a.id)).toBe(9);
    const moves = await returnMovements(a.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      direction: 'in',
      quantity: 2,
      previousQuantity: 7,
      newQuantity: 9,
      referenceId: ret.id,
    });
    expect(await ledgerAgrees(a.id)).toBe(true);
    expect(await stockOf(b.id)).toBe(8);
    expect((await returnedOf(itemOf(sale, a.id)))?.returned).toBe(2);

    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, tenant.company.id), eq(auditLogs.entityId, ret.id)));
    expect(audit.map((r) => r.action)).toEqual(['return.create']);

    const got = await call(managerToken, 'GET', `/api/returns/${ret.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(ret);

    const second = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, b.id), quantity: 1 }]),
    );
    expect(second.statusCode).toBe(201);
    expect(Number(second.json().data.returnNumber.slice(4))).toBe(Number(ret.returnNumber.slice(4)) + 1);

    // The lookup of the Find Transaction tab sees the returned quantities.
    const lookup = await call(
      managerToken,
      'GET',
      `/api/transactions?branchId=${tenant.main.id}&status=completed&receiptNumber=${sale.receiptNumber}`,
    );
    expect(lookup.json().data[0].returnedQuantity).toBe(3);
  });

  it('two returns racing for the last returnable unit: exactly one succeeds, the other gets 409', async () => {
    const p = await product('50.00', 5);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const id = itemOf(sale, p.id);
    expect(
      (await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 1 }]))).statusCode,
    ).toBe(201);
    const results = await Promise.all([
      call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 1 }])),
      call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 1 }])),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const failed = results.find((r) => r.statusCode === 409);
    expect(failed?.json().message).toContain(p.name);
    expect((await returnedOf(id))?.returned).toBe(2);
    expect(await stockOf(p.id)).toBe(5);
    expect(await returnMovements(p.id)).toHaveLength(2);
    expect(await ledgerAgrees(p.id)).toBe(true);
  });

  it('repeated partial returns never exceed what was sold', async () => {
    const p = await product('10.00', 10);
    const sale = await sell([{ product: p, quantity: 5 }]);
    const id = itemOf(sale, p.id);
    for (const quantity of [2, 2]) {
      expect(
        (await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity }]))).statusCode,
      ).toBe(201);
    }
    const over = await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 2 }]));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Cannot return 2 of ${p.name}: only 1 remaining`);
    expect(
      (await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 1 }]))).statusCode,
    ).toBe(201);
    const done = await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 1 }]));
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(`${p.name} has already been fully returned`);
    expect(await returnedOf(id)).toEqual({ returned: 5, sold: 5 });
    expect(await stockOf(p.id)).toBe(10);
    expect(await ledgerAgrees(p.id)).toBe(true);
  });

  it('refunds a damaged item without restocking it (no movement, stock unchanged)', async () => {
    const p = await product('30.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const res = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1, condition: 'damaged', restockable: false }]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.refundAmount).toBe(30);
    expect(res.json().data.items[0]).toMatchObject({ condition: 'damaged', isRestockable: false });
    expect(await stockOf(p.id)).toBe(8);
    expect(await returnMovements(p.id)).toHaveLength(0);
    expect((await returnedOf(itemOf(sale, p.id)))?.returned).toBe(1);
    expect(await ledgerAgrees(p.id)).toBe(true);
  });

  it('defaults restockable from the condition when the flag is absent', async () => {
    const p = await product('30.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const res = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1, condition: 'defective' }]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.items[0].isRestockable).toBe(false);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('rejects a client refund that differs from the rule with 409 (nothing written); a matching one is accepted', async () => {
    const p = await product('25.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const id = itemOf(sale, p.id);
    const res = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id, quantity: 2, fee: 5 }], { refund_amount: 50 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The refund does not match: expected 45.00');
    expect((await returnedOf(id))?.returned).toBe(0);
    expect(await stockOf(p.id)).toBe(8);
    const okRes = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id, quantity: 2, fee: 5 }], { refund_amount: 45 }),
    );
    expect(okRes.statusCode).toBe(201);
    expect(okRes.json().data.refundAmount).toBe(45);
  });

  it('rejects a restocking fee above the value returned', async () => {
    const p = await product('25.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const res = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1, fee: 25.01 }]),
    );
    expect(res.statusCode).toBe(400);
  });

  it('answers validation errors with 400, never 500', async () => {
    const p = await product('25.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const id = itemOf(sale, p.id);
    const bad: unknown[] = [
      {},
      { ...returnPayload(sale.id, [{ id, quantity: 1 }]), items: [] },
      { ...returnPayload(sale.id, [{ id, quantity: 1 }]), reason: '' },
      { ...returnPayload(sale.id, [{ id, quantity: 1 }]), reason: undefined },
      returnPayload(sale.id, [{ id, quantity: -1 }]),
      returnPayload(sale.id, [{ id, quantity: 1.5 }]),
      returnPayload(sale.id, [{ id, quantity: 1, fee: -1 }]),
      returnPayload(sale.id, [{ id, quantity: 0 }]),
      returnPayload(sale.id, [
        { id, quantity: 1 },
        { id, quantity: 1 },
      ]),
      returnPayload(sale.id, [{ id: 'nope', quantity: 1 }]),
      { ...returnPayload(sale.id, [{ id, quantity: 1 }]), refund_method: 'bitcoin' },
      { ...returnPayload(sale.id, [{ id, quantity: 1 }]), originalTransactionId: 'x' },
      {
        ...returnPayload(sale.id, [{ id, quantity: 1 }]),
        items: [{ original_transaction_item_id: id, return_quantity: 1, condition: 'broken' }],
      },
    ];
    for (const payload of bad) {
      const res = await call(managerToken, 'POST', '/api/returns', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noQty = await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 0 }]));
    expect(noQty.json().message).toBe(RETURNS_MSG.noQuantities);
    const noReason = await call(managerToken, 'POST', '/api/returns', {
      ...returnPayload(sale.id, [{ id, quantity: 1 }]),
      reason: undefined,
    });
    expect(noReason.json().message).toContain(RETURNS_MSG.noReason);
    for (const url of [
      '/api/returns',
      '/api/returns?branchId=x',
      `/api/returns?branchId=${tenant.main.id}&status=bogus`,
      `/api/returns?branchId=${tenant.main.id}&startDate=2024-02-30`,
      `/api/returns?branchId=${tenant.main.id}&page=0`,
      '/api/returns/analytics',
      '/api/returns/not-a-uuid',
    ]) {
      expect((await call(managerToken, 'GET', url)).statusCode, url).toBe(400);
    }
    expect((await returnedOf(id))?.returned).toBe(0);
  });

  it('404 for an unknown sale or item, a sale of another branch; 409 for a sale not completed', async () => {
    const p = await product('25.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const id = itemOf(sale, p.id);
    expect(
      (await call(managerToken, 'POST', '/api/returns', returnPayload(randomUUID(), [{ id, quantity: 1 }]))).statusCode,
    ).toBe(404);
    expect(
      (await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id: randomUUID(), quantity: 1 }])))
        .statusCode,
    ).toBe(404);
    const adminToken = await login(ctx.app, tenant.admin.username);
    expect(
      (
        await call(adminToken, 'POST', '/api/returns', {
          ...returnPayload(sale.id, [{ id, quantity: 1 }]),
          branchId: tenant.second.id,
        })
      ).statusCode,
    ).toBe(404);
    await ctx.database.db.execute(sql`update sales set status = 'refunded' where id = ${sale.id}`);
    expect(
      (await call(managerToken, 'POST', '/api/returns', returnPayload(sale.id, [{ id, quantity: 1 }]))).statusCode,
    ).toBe(409);
  });

  it('a cashier gets 403 on every returns endpoint', async () => {
    const p = await product('25.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const post = await call(
      cashierToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1 }]),
    );
    expect(post.statusCode).toBe(403);
    expect((await call(cashierToken, 'GET', `/api/returns?branchId=${tenant.main.id}`)).statusCode).toBe(403);
    expect((await call(cashierToken, 'GET', `/api/returns/analytics?branchId=${tenant.main.id}`)).statusCode).toBe(403);
    expect((await returnedOf(itemOf(sale, p.id)))?.returned).toBe(0);
  });

  it('another company gets 404 for the branch, the return and the sale', async () => {
    const p = await product('25.00', 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const created = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1 }]),
    );
    const retId = created.json().data.id;
    expect((await call(otherAdminToken, 'GET', `/api/returns/${retId}`)).statusCode).toBe(404);
    expect((await call(otherAdminToken, 'GET', `/api/returns?branchId=${tenant.main.id}`)).statusCode).toBe(404);
    expect((await call(otherAdminToken, 'GET', `/api/returns/analytics?branchId=${tenant.main.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          otherAdminToken,
          'POST',
          '/api/returns',
          returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1 }]),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(otherAdminToken, 'POST', '/api/returns', {
          ...returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1 }]),
          branchId: other.main.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists newest first, 10 per page, filtered by status and date; analytics counts and sums', async () => {
    const list = await call(managerToken, 'GET', `/api/returns?branchId=${tenant.main.id}`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.length).toBeLessThanOrEqual(10);
    expect(body.meta.limit).toBe(10);
    expect(body.meta.total).toBeGreaterThan(10);
    const dates = body.data.map((r: { returnDate: string }) => r.returnDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await call(managerToken, 'GET', `/api/returns?branchId=${tenant.main.id}&page=2`);
    expect(page2.json().data[0].id).not.toBe(body.data[0].id);
    expect(
      (await call(managerToken, 'GET', `/api/returns?branchId=${tenant.main.id}&status=rejected`)).json().meta.total,
    ).toBe(0);
    expect(
      (await call(managerToken, 'GET', `/api/returns?branchId=${tenant.main.id}&status=completed`)).json().meta.total,
    ).toBe(body.meta.total);
    expect(
      (await call(managerToken, 'GET', `/api/returns?branchId=${tenant.main.id}&endDate=2000-01-01`)).json().meta.total,
    ).toBe(0);

    const analytics = (await call(managerToken, 'GET', `/api/returns/analytics?branchId=${tenant.main.id}`)).json()
      .data;
    expect(analytics.totalReturns).toBe(body.meta.total);
    expect(analytics.statusBreakdown).toEqual([{ status: 'completed', count: body.meta.total }]);
    expect(analytics.todayReturns).toBe(body.meta.total);
    expect(analytics.monthReturns).toBe(body.meta.total);
    const [sum] = await queryRows<{ s: string }>(
      ctx.database.db,
      sql`select coalesce(sum(refund_amount), 0)::text as s from returns where branch_id = ${tenant.main.id}`,
    );
    expect(analytics.totalRefundAmount).toBe(Number(sum?.s));
  });

  it('GET /transactions/analytics reflects a return: netRevenue drops by the refund', async () => {
    const url = `/api/transactions/analytics?branchId=${tenant.main.id}`;
    const before = (await call(managerToken, 'GET', url)).json().data;
    const p = await product('60.00', 10);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const mid = (await call(managerToken, 'GET', url)).json().data;
    expect(mid.netRevenue).toBeCloseTo(before.netRevenue + 180, 2);
    const res = await call(
      managerToken,
      'POST',
      '/api/returns',
      returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 2, fee: 7.5 }]),
    );
    expect(res.statusCode).toBe(201);
    const after = (await call(managerToken, 'GET', url)).json().data;
    expect(after.totalReturns).toBe(mid.totalReturns + 1);
    expect(after.totalItemsReturned).toBe(mid.totalItemsReturned + 2);
    expect(after.netRevenue).toBeCloseTo(mid.netRevenue - 112.5, 2);
    expect(after.grossRevenue).toBeCloseTo(mid.grossRevenue, 2);
  });

  it('the data invariants hold at the end (stock ledger, sale and refund totals, receipts, daily totals)', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});

/**
 * The returns list counts per local day (completed returns from returns_daily, the others from their
 * partial index; lib/keyset.repo.ts): totals equal count(*) and every page from either end equals
 * OFFSET's page, across days, with returns of other statuses and ties at one instant.
 */
describe(`returns list deep pages (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    tenant = await createTenant(db);
    token = await login(ctx.app, tenant.manager.username);
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const product = await createProduct(db, { companyId, branchId, price: '10.00', stockQuantity: 100 });
    const { sale, items } = await createSale(db, {
      companyId,
      branchId,
      cashierId: tenant.cashier.id,
      lines: [{ product, quantity: 40 }],
      createdAt: new Date(Date.UTC(2024, 5, 1, 6)),
    });
    const item = items[0];
    if (!item) throw new Error('fixture');
    for (let i = 0; i < 23; i += 1) {
      await createReturn(db, {
        companyId,
        branchId,
        saleId: sale.id,
        processedBy: tenant.manager.id,
        items: [{ saleItemId: item.id, quantity: 1 }],
        // Karachi (UTC+5): two returns to an instant, one every 9 hours, so days hold 2-4 returns.
        createdAt: new Date(Date.UTC(2024, 5, 2, 17) + Math.floor(i / 2) * 9 * 3_600_000),
        status: i % 6 === 5 ? 'pending' : i % 11 === 3 ? 'rejected' : 'completed',
      });
    }
  });
  afterAll(() => ctx.close());

  it("every total equals count(*) and every page equals OFFSET's page, from either end, with each filter", async () => {
    const base = sql`company_id = ${tenant.company.id} and branch_id = ${tenant.main.id}`;
    const local = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Karachi'`;
    const cases = [
      { query: '', where: base, least: 20 },
      { query: '&status=completed', where: sql`${base} and status = 'completed'`, least: 15 },
      { query: '&status=pending', where: sql`${base} and status = 'pending'`, least: 3 },
      {
        query: '&startDate=2024-06-04&endDate=2024-06-06',
        where: sql`${base} and created_at >= ${local('2024-06-04')} and created_at < ${local('2024-06-07')}`,
        least: 5,
      },
    ];
    for (const c of cases) {
      for (const limit of [2, 3]) {
        const total = await expectPagesEqualOffset({
          app: ctx.app,
          db: ctx.database.db,
          token,
          url: `/api/returns?branchId=${tenant.main.id}${c.query}`,
          table: 'returns',
          where: c.where,
          order: 'created_at desc, return_number desc',
          limit,
        });
        expect(total, c.query).toBeGreaterThanOrEqual(c.least);
      }
    }
  });
});

describe(`returns on demo data (${engineName()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.database.db, { timezone: 'Asia/Karachi' });
  });
  afterAll(() => ctx.close());

  it('numbers a new return after the demo returns of its branch', async () => {
    const token = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const [mine] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select coalesce(u.branch_id, (select b.id from branches b where b.company_id = u.company_id and b.is_main limit 1)) as id
          from users u where u.username = 'manager'`,
    );
    const branchId = mine?.id ?? '';
    // A cash refund needs an open shift of the manager at the branch (docs/architecture/shifts.md).
    const [who] = await queryRows<{ id: string; company_id: string }>(
      ctx.database.db,
      sql`select id, company_id from users where username = 'manager'`,
    );
    await openTestShift(ctx.database.db, { companyId: who?.company_id ?? '', branchId, userId: who?.id ?? '' });
    const [latest] = await queryRows<{ n: string | null; c: number }>(
      ctx.database.db,
      sql`select max(return_number) as n, count(*)::int as c from returns where branch_id = ${branchId}`,
    );
    expect(latest?.c).toBeGreaterThan(0);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/transactions?branchId=${branchId}&status=completed&limit=50`,
      headers: bearer(token),
    });
    const sales = list.json().data as { id: string; receiptNumber: string; returnedQuantity: number }[];
    const candidate = sales.find((s) => s.returnedQuantity === 0);
    if (!candidate) throw new Error('no unreturned demo sale');
    const lookup = await ctx.app.inject({
      method: 'GET',
      url: `/api/transactions?branchId=${branchId}&status=completed&receiptNumber=${candidate.receiptNumber}`,
      headers: bearer(token),
    });
    const item = lookup.json().data[0].items[0];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/returns',
      headers: bearer(token),
      payload: {
        originalTransactionId: candidate.id,
        branchId,
        items: [{ original_transaction_item_id: item.id, return_quantity: 1, condition: 'new', restocking_fee: 0 }],
        refund_method: 'cash',
        reason: 'other',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.returnNumber).toBe(`RET-${String(Number(latest?.n?.slice(4)) + 1).padStart(6, '0')}`);
  });
});

describe(`migration 0006 on existing returns (${engineName()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('continues each branch sequence after its highest RET- number (other numbers ignored)', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db, { shifts: true });
    const p = await createProduct(db, { companyId: tenant.company.id, branchId: tenant.main.id });
    const { sale, items } = await createSale(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      cashierId: tenant.cashier.id,
      lines: [{ product: p, quantity: 5 }],
    });
    const item = items[0];
    if (!item) throw new Error('item');
    for (const number of ['RET-000041', 'RET-000007', 'legacy-9']) {
      const made = await createReturn(db, {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        saleId: sale.id,
        processedBy: tenant.manager.id,
        items: [{ saleItemId: item.id, quantity: 1 }],
      });
      await db.execute(sql`update returns set return_number = ${number} where id = ${made.return.id}`);
    }
    // The migration's last statement (the loop over existing branches), run again on this data.
    const migration = readFileSync(new URL('../../drizzle/0006_return_sequences.sql', import.meta.url), 'utf8');
    const loop = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(loop).toContain('setval');
    await db.execute(sql.raw(loop));
    const next = async (id: string) =>
      (await queryRows<{ n: number }>(db, sql`select nextval(pos_return_sequence(${id}::uuid))::int as n`))[0]?.n;
    expect(await next(tenant.main.id)).toBe(42);
    expect(await next(tenant.second.id)).toBe(1);
  });
});
