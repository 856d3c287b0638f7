import { computeCartTotals, MSG, RATE_MSG, toMinor } from '@pos/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, createProduct, createTenant, login } from '../helpers/factories';

/**
 * Money on the real server's paths: one rule for rates (a percent 0-100 with at most
 * 2 decimals, the rate stored is the rate applied), refunds of what the customer paid (the line's
 * share of the sale's discount and tax), an underpaid cash sale.
 */
describe(`money paths (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db, { shifts: true });
    [cashier, manager, admin] = await Promise.all([
      login(ctx.app, tenant.cashier.username),
      login(ctx.app, tenant.manager.username),
      login(ctx.app, tenant.admin.username),
    ]);
    // Any discount and tax 0 without a manager's approval: the money is what is tested here.
    await ctx.database.db
      .update(branches)
      .set({ cashierMaxDiscountPercent: '100', cashierMayZeroTax: true })
      .where(eq(branches.id, tenant.main.id));
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });

  const product = (price: string, stockQuantity = 100) =>
    createProduct(ctx.database.db, { companyId: tenant.company.id, branchId: tenant.main.id, price, stockQuantity });

  type Line = { product: { id: string; price: string }; quantity: number };

  /** A sale payload whose totals are the shared money module's (what the register sends). */
  function salePayload({
    lines,
    taxRate = 0,
    discountType = 'amount',
    discountValue = 0,
    paymentMethod = 'card',
    customer,
  }: {
    lines: Line[];
    taxRate?: number;
    discountType?: 'amount' | 'percentage';
    discountValue?: number;
    paymentMethod?: 'cash' | 'card';
    customer?: { name: string; phone: string };
  }) {
    const items = lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      price: Number(l.product.price),
    }));
    const totals = computeCartTotals({ items, taxRate, discountType, discountValue });
    return {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: taxRate,
      discount_type: discountType,
      discount_value: discountValue,
      discount_amount: totals.discountAmount,
      total: totals.total,
      payment_method: paymentMethod,
      amount_paid: totals.total,
      change: 0,
      ...(customer && { customer }),
    };
  }

  type SaleBody = {
    id: string;
    total: number;
    subtotal: number;
    discountAmount: number;
    taxAmount: number;
    taxRate: number;
    discountValue: number;
    customer: { id: string } | null;
    items: { id: string; productId: string; quantity: number }[];
  };

  async function sell(payload: ReturnType<typeof salePayload>): Promise<SaleBody> {
    const res = await call(cashier, 'POST', '/api/transactions', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const itemOf = (sale: SaleBody, productId: string) => {
    const item = sale.items.find((i) => i.productId === productId);
    if (!item) throw new Error('item');
    return item.id;
  };

  function returnPayload(saleId: string, items: { id: string; quantity: number; fee?: number }[], extra = {}) {
    return {
      originalTransactionId: saleId,
      branchId: tenant.main.id,
      items: items.map((i) => ({
        original_transaction_item_id: i.id,
        return_quantity: i.quantity,
        condition: 'new',
        restocking_fee: i.fee ?? 0,
      })),
      refund_method: 'cash',
      reason: 'customer_change_mind',
      ...extra,
    };
  }

  describe('rates: a percent 0-100 with at most 2 decimals, refused otherwise (findings 1 and 2)', () => {
    it.each([1.005, 17.555, 2.675])('tax_rate %s is a 400 with the message, nothing sold', async (rate) => {
      const p = await product('1000.00', 5);
      const payload = { ...salePayload({ lines: [{ product: p, quantity: 1 }] }), tax_rate: rate };
      const res = await call(cashier, 'POST', '/api/transactions', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: RATE_MSG.taxDecimals,
        errors: { tax_rate: RATE_MSG.taxDecimals },
      });
      const stock = await call(manager, 'GET', `/api/products/${p.id}`);
      expect(stock.json().data.stockQuantity).toBe(5);
    });

    it.each([1.005, 17.555, 2.675])('a percentage discount_value of %s is a 400 with the message', async (value) => {
      const p = await product('1000.00');
      const payload = salePayload({ lines: [{ product: p, quantity: 1 }], discountType: 'percentage' });
      const res = await call(cashier, 'POST', '/api/transactions', { ...payload, discount_value: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: RATE_MSG.discountPercentDecimals,
        errors: { discount_value: RATE_MSG.discountPercentDecimals },
      });
    });

    it('a percentage discount of 150 and a tax rate of 150 are 400s; an amount of 150 stays money', async () => {
      const p = await product('1000.00');
      const percent = salePayload({ lines: [{ product: p, quantity: 1 }], discountType: 'percentage' });
      const over = await call(cashier, 'POST', '/api/transactions', { ...percent, discount_value: 150 });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        message: RATE_MSG.discountPercentMax,
        errors: { discount_value: RATE_MSG.discountPercentMax },
      });
      const tax = await call(cashier, 'POST', '/api/transactions', { ...percent, tax_rate: 150 });
      expect(tax.statusCode).toBe(400);
      expect(tax.json().errors).toEqual({ tax_rate: MSG.taxMax });
      const amount = await call(
        cashier,
        'POST',
        '/api/transactions',
        salePayload({ lines: [{ product: p, quantity: 1 }], discountType: 'amount', discountValue: 150 }),
      );
      expect(amount.statusCode).toBe(201);
      expect(amount.json().data).toMatchObject({ discountAmount: 150, total: 850 });
      const amountDecimals = await call(cashier, 'POST', '/api/transactions', {
        ...salePayload({ lines: [{ product: p, quantity: 1 }], discountType: 'amount', discountValue: 2.67 }),
        discount_value: 2.675,
      });
      expect(amountDecimals.statusCode).toBe(400);
      expect(amountDecimals.json().message).toBe(RATE_MSG.discountAmountDecimals);
    });

    it.each([
      [17.555, RATE_MSG.taxDecimals],
      [1.005, RATE_MSG.taxDecimals],
      [150, MSG.taxMax],
    ])('POST /settings/tax with %s is a 400 (%s) and keeps the rate', async (taxRate, message) => {
      expect(
        (await call(admin, 'POST', '/api/settings/tax', { branchId: tenant.main.id, taxRate: 7.25 })).statusCode,
      ).toBe(200);
      const res = await call(admin, 'POST', '/api/settings/tax', { branchId: tenant.main.id, taxRate });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { taxRate: message } });
      const now = await call(admin, 'GET', `/api/settings/tax?branchId=${tenant.main.id}`);
      expect(now.json().data.taxRate).toBe(7.25);
    });

    it('a 2-decimal rate is stored and applied exactly, on the sale, its read-back and the analytics', async () => {
      const url = `/api/transactions/analytics?branchId=${tenant.main.id}`;
      const before = (await call(manager, 'GET', url)).json().data;
      const p = await product('1000.00');
      // 1,000.00 less 2.67 % (26.70) = 973.30; 17.55 % of it = 170.81415 -> 170.81; total 1,144.11.
      const sale = await sell(
        salePayload({
          lines: [{ product: p, quantity: 1 }],
          taxRate: 17.55,
          discountType: 'percentage',
          discountValue: 2.67,
        }),
      );
      const expected = { taxRate: 17.55, discountValue: 2.67, discountAmount: 26.7, taxAmount: 170.81, total: 1144.11 };
      expect(sale).toMatchObject(expected);
      const again = await call(manager, 'GET', `/api/transactions/${sale.id}`);
      expect(again.json().data).toMatchObject(expected);
      const after = (await call(manager, 'GET', url)).json().data;
      expect(toMinor(after.grossTax) - toMinor(before.grossTax)).toBe(17_081);
      expect(toMinor(after.grossDiscounts) - toMinor(before.grossDiscounts)).toBe(2670);
      expect(toMinor(after.grossRevenue) - toMinor(before.grossRevenue)).toBe(114_411);
    });
  });

  it('a cash sale paid below its total is a 400 with its message, and nothing is sold (finding 9)', async () => {
    const p = await product('100.00', 4);
    const payload = salePayload({ lines: [{ product: p, quantity: 2 }], taxRate: 5, paymentMethod: 'cash' });
    expect(payload.total).toBe(210);
    const res = await call(cashier, 'POST', '/api/transactions', { ...payload, amount_paid: 209.99 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Amount received is less than the total',
      errors: { amount_paid: 'Amount received is less than the total' },
    });
    const stock = await call(manager, 'GET', `/api/products/${p.id}`);
    expect(stock.json().data.stockQuantity).toBe(4);
    const exact = await call(cashier, 'POST', '/api/transactions', { ...payload, amount_paid: 210 });
    expect(exact.statusCode).toBe(201);
  });

  describe('refunds: what the customer paid for the returned units (finding 7)', () => {
    it("the issue's example: 180.00 of 940.00 with 50.00 off and 5 % tax refunds 178.95; the figures follow", async () => {
      const a = await product('180.00');
      const b = await product('380.00');
      const phone = `0300${Date.now().toString().slice(-7)}`;
      const sale = await sell(
        salePayload({
          lines: [
            { product: a, quantity: 1 },
            { product: b, quantity: 2 },
          ],
          taxRate: 5,
          discountValue: 50,
          customer: { name: 'Refund Test', phone },
        }),
      );
      expect(sale).toMatchObject({ subtotal: 940, discountAmount: 50, taxAmount: 44.5, total: 934.5 });
      const customerId = sale.customer?.id;
      if (!customerId) throw new Error('customer');

      const figures = async () => ({
        analytics: (await call(manager, 'GET', `/api/transactions/analytics?branchId=${tenant.main.id}`)).json().data,
        returns: (await call(manager, 'GET', `/api/returns/analytics?branchId=${tenant.main.id}`)).json().data,
        dashboard: (await call(manager, 'GET', `/api/dashboard/returns-summary?branchId=${tenant.main.id}`)).json()
          .data,
        customer: (await call(manager, 'GET', `/api/customers/${customerId}/analytics`)).json().data,
      });
      const before = await figures();

      // The old rule's 180.00 is refused: the books record what was paid.
      const wrong = await call(
        manager,
        'POST',
        '/api/returns',
        returnPayload(sale.id, [{ id: itemOf(sale, a.id), quantity: 1 }], { refund_amount: 180 }),
      );
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().message).toBe('The refund does not match: expected 178.95');

      const res = await call(
        manager,
        'POST',
        '/api/returns',
        returnPayload(sale.id, [{ id: itemOf(sale, a.id), quantity: 1 }], { refund_amount: 178.95 }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const ret = res.json().data;
      expect(ret.refundAmount).toBe(178.95);
      // 50 x 180 / 940 = 9.57 off; 5 % of 170.43 = 8.52 tax.
      expect(ret.items[0]).toMatchObject({
        quantity: 1,
        unitPrice: 180,
        discountAmount: 9.57,
        taxAmount: 8.52,
        restockingFee: 0,
        totalAmount: 178.95,
      });
      const read = await call(manager, 'GET', `/api/returns/${ret.id}`);
      expect(read.json().data).toEqual(ret);

      const after = await figures();
      const delta = (x: number, y: number) => toMinor(x) - toMinor(y);
      expect(delta(after.analytics.totalReturnedValue, before.analytics.totalReturnedValue)).toBe(17_895);
      expect(delta(before.analytics.netRevenue, after.analytics.netRevenue)).toBe(17_895);
      expect(delta(after.returns.totalRefundAmount, before.returns.totalRefundAmount)).toBe(17_895);
      expect(delta(after.dashboard.todayAmount, before.dashboard.todayAmount)).toBe(17_895);
      expect(after.customer.totalSpent).toBe(934.5);
      expect(after.customer.netSpent).toBe(934.5 - 178.95);

      // The two units of the other line, one at a time, with a fee on the last: the last unit takes
      // the rounding remainder and everything together is the sale's total less the fee.
      const first = await call(
        manager,
        'POST',
        '/api/returns',
        returnPayload(sale.id, [{ id: itemOf(sale, b.id), quantity: 1 }]),
      );
      expect(first.json().data.refundAmount).toBe(377.77);
      const second = await call(
        manager,
        'POST',
        '/api/returns',
        returnPayload(sale.id, [{ id: itemOf(sale, b.id), quantity: 1, fee: 7.5 }]),
      );
      expect(second.json().data.refundAmount).toBe(370.28);
      expect(toMinor(178.95) + toMinor(377.77) + toMinor(370.28) + toMinor(7.5)).toBe(toMinor(sale.total));
      const final = await figures();
      expect(final.customer.netSpent).toBe(7.5);
    });

    it('a restocking fee above what the customer paid for the units is a 400', async () => {
      const p = await product('100.00');
      const sale = await sell(
        salePayload({ lines: [{ product: p, quantity: 1 }], discountType: 'percentage', discountValue: 10 }),
      );
      const over = await call(
        manager,
        'POST',
        '/api/returns',
        returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1, fee: 90.01 }]),
      );
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toContain('cannot exceed 90.00');
      const all = await call(
        manager,
        'POST',
        '/api/returns',
        returnPayload(sale.id, [{ id: itemOf(sale, p.id), quantity: 1, fee: 90 }]),
      );
      expect(all.statusCode).toBe(201);
      expect(all.json().data.refundAmount).toBe(0);
    });

    it('property: random sales on the real server, returned in random pieces, refund exactly their totals', async () => {
      const lineArb = fc.record({
        price: fc.integer({ min: 1, max: 250_000 }).map((m) => (m / 100).toFixed(2)),
        quantity: fc.integer({ min: 1, max: 5 }),
      });
      const saleArb = fc.record({
        lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
        taxRate: fc.integer({ min: 0, max: 2500 }).map((bp) => bp / 100),
        discountType: fc.constantFrom('percentage' as const, 'amount' as const),
        discountPercent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
        discountShare: fc.integer({ min: 0, max: 100 }),
        dice: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
      });
      await fc.assert(
        fc.asyncProperty(saleArb, async ({ lines, taxRate, discountType, discountPercent, discountShare, dice }) => {
          const made = await Promise.all(lines.map((l) => product(l.price, 50)));
          const cart = made.map((p, i) => ({ product: p, quantity: lines[i]?.quantity ?? 1 }));
          const subtotal = cart.reduce((n, l) => n + toMinor(Number(l.product.price)) * l.quantity, 0);
          const discountValue =
            discountType === 'percentage' ? discountPercent : Math.floor((subtotal * discountShare) / 100) / 100;
          const sale = await sell(salePayload({ lines: cart, taxRate, discountType, discountValue }));
          const left = new Map(sale.items.map((i) => [i.id, i.quantity]));
          let roll = 0;
          const next = () => dice[roll++ % dice.length] ?? 0;
          let refunded = 0;
          while ([...left.values()].some((n) => n > 0)) {
            const open = [...left].filter(([, n]) => n > 0);
            const picked = open.filter((_, i) => i === 0 || next() % 2 === 0);
            const items = picked.map(([id, n]) => ({ id, quantity: 1 + (next() % n) }));
            const res = await call(manager, 'POST', '/api/returns', returnPayload(sale.id, items));
            expect(res.statusCode, res.body).toBe(201);
            refunded += toMinor(res.json().data.refundAmount);
            for (const i of items) left.set(i.id, (left.get(i.id) ?? 0) - i.quantity);
          }
          expect(refunded).toBe(toMinor(sale.total));
        }),
        { numRuns: 6, seed: 20261122 },
      );
    }, 120_000);
  });
});
