import { randomUUID } from 'node:crypto';
import { computeCartTotals } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, createProduct, createTenant, login } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Line = { product: { id: string; price: string }; quantity: number };

function salePayload({
  branchId,
  lines,
  taxRate = 5,
  discountType = 'amount' as const,
  discountValue = 0,
  paymentMethod = 'cash' as const,
  extra = {},
}: {
  branchId: string;
  lines: Line[];
  taxRate?: number;
  discountType?: 'amount' | 'percentage';
  discountValue?: number;
  paymentMethod?: 'cash' | 'card';
  extra?: Record<string, unknown>;
}) {
  const items = lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, price: Number(l.product.price) }));
  const totals = computeCartTotals({ items, taxRate, discountType, discountValue });
  const amountPaid = paymentMethod === 'cash' ? Math.ceil(totals.total / 100) * 100 : totals.total;
  return {
    branchId,
    items,
    subtotal: totals.subtotal,
    tax: totals.tax,
    tax_rate: taxRate,
    discount_type: discountType,
    discount_value: discountValue,
    discount_amount: totals.discountAmount,
    total: totals.total,
    payment_method: paymentMethod,
    amount_paid: amountPaid,
    change: Math.round((amountPaid - totals.total) * 100) / 100,
    ...extra,
  };
}

describe(`POST /transactions (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let cashierToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db, { shifts: true });
    cashierToken = await login(ctx.app, tenant.cashier.username);
  });
  afterAll(() => ctx.close());

  const sell = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { ...bearer(cashierToken), ...headers },
      payload: payload as object,
    });

  /** A product of the cashier's branch (Main), with its initial stock as an initial_stock movement. */
  const mainProduct = (fields: Omit<Parameters<typeof createProduct>[1], 'companyId' | 'branchId'>) =>
    createProduct(ctx.database.db, { companyId: tenant.company.id, branchId: tenant.main.id, ...fields });

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
    // createProduct writes the initial stock as an initial_stock movement, so the ledger alone must add up.
    return Number(row?.signed) === (await stockOf(productId));
  }

  it('records a sale: totals from the database, stock down with a sale movement, a receipt number', async () => {
    const a = await mainProduct({ price: '180.00', stockQuantity: 10 });
    const b = await mainProduct({ price: '70.25', stockQuantity: 10 });
    const payload = salePayload({
      branchId: tenant.main.id,
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 3 },
      ],
      discountType: 'percentage',
      discountValue: 10,
      taxRate: 10,
    });
    const res = await sell(payload, { 'idempotency-key': randomUUID() });
    expect(res.statusCode).toBe(201);
    const sale = res.json().data;
    expect(sale.receiptNumber).toMatch(/^RCP-\d{6}$/);
    expect(sale).toMatchObject({
      subtotal: 570.75,
      discountAmount: 57.08,
      taxAmount: 51.37,
      total: 565.04,
      status: 'completed',
    });
    expect(sale.items).toHaveLength(2);
    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(7);
    expect(await ledgerAgrees(a.id)).toBe(true);
    expect(await ledgerAgrees(b.id)).toBe(true);
  });

  it('numbers receipts sequentially per branch', async () => {
    const p = await mainProduct({ stockQuantity: 50 });
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }] }));
      expect(res.statusCode).toBe(201);
      numbers.push(Number(res.json().data.receiptNumber.slice(4)));
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
  });

  it('one sale of more than the stock gets 409 naming the product and what is available; nothing changes', async () => {
    const p = await mainProduct({ stockQuantity: 3 });
    const res = await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 4 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: `Insufficient stock for ${p.name}: 3 available` });
    expect(await stockOf(p.id)).toBe(3);
    expect(await ledgerAgrees(p.id)).toBe(true);
    const exact = await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 3 }] }));
    expect(exact.statusCode).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('32 concurrent sales racing for the last 10 units sell exactly 10 and stock ends at 0', async () => {
    const p = await mainProduct({ stockQuantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 32 }, () =>
        sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }] }), {
          'idempotency-key': randomUUID(),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(22);
    const refused = results.find((r) => r.statusCode === 409)?.json();
    expect(refused.message).toContain(p.name);
    expect(refused.message).toContain('0 available');
    expect(await stockOf(p.id)).toBe(0);
    expect(await ledgerAgrees(p.id)).toBe(true);
    const receipts = new Set(results.filter((r) => r.statusCode === 201).map((r) => r.json().data.receiptNumber));
    expect(receipts.size).toBe(10);
  });

  it('the same Idempotency-Key sent 10 times at once makes one sale and the same answer', async () => {
    const p = await mainProduct({ stockQuantity: 30 });
    const key = randomUUID();
    const payload = salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 2 }] });
    const results = await Promise.all(Array.from({ length: 10 }, () => sell(payload, { 'idempotency-key': key })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const bodies = results.map((r) => r.json().data);
    // One answer made the sale; the other nine replay it, and every answer is the same, to the byte.
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await stockOf(p.id)).toBe(28);
    expect(await ledgerAgrees(p.id)).toBe(true);
  });

  it('the same key with another body gets 422 and sells nothing', async () => {
    const p = await mainProduct({ stockQuantity: 30 });
    const key = randomUUID();
    expect(
      (
        await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }] }), {
          'idempotency-key': key,
        })
      ).statusCode,
    ).toBe(201);
    const other = await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 2 }] }), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(await stockOf(p.id)).toBe(29);
  });

  it('a tampered price gets 409 naming the product, and a wrong total gets 409', async () => {
    const p = await mainProduct({ price: '99.00', stockQuantity: 5 });
    const cheap = salePayload({
      branchId: tenant.main.id,
      lines: [{ product: { id: p.id, price: '1.00' }, quantity: 1 }],
    });
    const res = await sell(cheap);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(p.name);
    const wrongTotal = { ...salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }] }), total: 1 };
    expect((await sell(wrongTotal)).statusCode).toBe(409);
    expect(await stockOf(p.id)).toBe(5);
  });

  it('a retry with the same key answers the first sale even after the stock has run out', async () => {
    const p = await mainProduct({ stockQuantity: 2 });
    const key = randomUUID();
    const payload = salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 2 }] });
    const first = await sell(payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
    const retry = await sell(payload, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(first.json().data);
    // Without the key the same cart is a new sale, refused for stock.
    const again = await sell(payload, { 'idempotency-key': randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Insufficient stock for ${p.name}: 0 available`);
    expect(await ledgerAgrees(p.id)).toBe(true);
  });

  it('refuses a cart whose lines of one product carry different prices, and a deleted product', async () => {
    const p = await mainProduct({ price: '40.00', stockQuantity: 5 });
    const split = salePayload({
      branchId: tenant.main.id,
      lines: [
        { product: p, quantity: 1 },
        { product: { id: p.id, price: '4.00' }, quantity: 1 },
      ],
    });
    const res = await sell(split);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The price of ${p.name} has changed to 40.00. Please refresh the cart.`);
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.companyId, tenant.company.id), eq(products.id, p.id)));
    const gone = await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }] }));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('A product in the cart is no longer available');
    expect(await stockOf(p.id)).toBe(5);
  });

  it('a register-made sale id already used under another key gets 422 and sells nothing', async () => {
    const p = await mainProduct({ stockQuantity: 5 });
    const id = randomUUID();
    const payload = salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }], extra: { id } });
    expect((await sell(payload, { 'idempotency-key': randomUUID() })).statusCode).toBe(201);
    const reused = await sell(payload, { 'idempotency-key': randomUUID() });
    expect(reused.statusCode).toBe(422);
    // Without the header the sale id is the key: another body under it also gets 422.
    const byId = await sell(
      salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 2 }], extra: { id } }),
    );
    expect(byId.statusCode).toBe(422);
    expect(await stockOf(p.id)).toBe(4);
    expect(await ledgerAgrees(p.id)).toBe(true);
  });

  it('a new customer sold to by two registers at once is created once', async () => {
    const p = await mainProduct({ stockQuantity: 20 });
    const customer = { name: 'Both Tills', phone: '03001112223' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }], extra: { customer } }), {
          'idempotency-key': randomUUID(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.json().data.customer.id)).size).toBe(1);
    expect(results[0]?.json().data.customer).toMatchObject({ name: 'Both Tills', phone: '03001112223' });
  });

  it('finds or creates the customer by phone within the branch', async () => {
    const p = await mainProduct({ stockQuantity: 5 });
    const customer = { name: 'Walk In Wali', phone: '03009998887', email: 'wali@example.com' };
    const first = await sell(
      salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }], extra: { customer } }),
    );
    const second = await sell(
      salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }], extra: { customer } }),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().data.customer.id).toBe(second.json().data.customer.id);
  });

  it("answers 404 for another branch of a cashier and for another company's branch", async () => {
    const p = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.second.id,
      stockQuantity: 5,
    });
    expect(
      (await sell(salePayload({ branchId: tenant.second.id, lines: [{ product: p, quantity: 1 }] }))).statusCode,
    ).toBe(404);
    const other = await createTenant(ctx.database.db, { shifts: true });
    const q = await createProduct(ctx.database.db, {
      companyId: other.company.id,
      branchId: other.main.id,
      stockQuantity: 5,
    });
    expect(
      (await sell(salePayload({ branchId: other.main.id, lines: [{ product: q, quantity: 1 }] }))).statusCode,
    ).toBe(404);
    // A product of another company inside this branch's cart is not sold either: not found.
    const mixed = await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: q, quantity: 1 }] }));
    expect(mixed.statusCode).toBe(404);
  });

  it('rejects bad input with 400, never 500', async () => {
    for (const payload of [{}, { branchId: tenant.main.id, items: [] }, { branchId: 'nope' }, 'garbage']) {
      const res = await sell(payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('GET /transactions/{id} answers the sale in scope and 404 outside it', async () => {
    const p = await mainProduct({ stockQuantity: 5 });
    const sale = (await sell(salePayload({ branchId: tenant.main.id, lines: [{ product: p, quantity: 1 }] }))).json()
      .data;
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/transactions/${sale.id}`,
      headers: bearer(cashierToken),
    });
    expect(mine.json().data.receiptNumber).toBe(sale.receiptNumber);
    const other = await createTenant(ctx.database.db, { shifts: true });
    const otherToken = await login(ctx.app, other.manager.username);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/transactions/${sale.id}`,
      headers: bearer(otherToken),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('the data invariants hold at the end (stock ledger, sale and refund totals, receipts, daily totals)', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
