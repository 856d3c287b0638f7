import { CUSTOMER_MSG, computeCartTotals, RETURNS_MSG, SALES_MSG } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadSigned } from '../helpers/device';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Store credit is a balance (docs/architecture/returns.md, 'Store credit'): a return refunded as store
 * credit credits the sale's customer; a manager gives or takes back credit with a reason; the balance is
 * the sum of the customer's append-only ledger and never goes below 0, even when two take it at once.
 */
describe(`store credit (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let manager: string;
  let otherManager: string;

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    [tenant, other] = await Promise.all([createTenant(ctx.database.db), createTenant(ctx.database.db)]);
    [cashier, manager, otherManager] = await Promise.all([
      login(ctx.app, tenant.cashier.username),
      login(ctx.app, tenant.manager.username),
      login(ctx.app, other.manager.username),
    ]);
  });
  afterAll(() => ctx.close());

  /** A card sale of one unit at `price` (0 % tax), to the customer of `phone` when given. */
  async function sell(price: string, phone?: string) {
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity: 10,
    });
    const items = [{ product_id: product.id, quantity: 1, price: Number(price) }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    const res = await call(cashier, 'POST', '/api/transactions', {
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
      ...(phone && { customer: { name: 'Bilal Ahmed', phone } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; items: { id: string }[]; customer: { id: string } | null };
  }

  const returnAll = (sale: { id: string; items: { id: string }[] }, refundMethod: string) =>
    call(manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      items: sale.items.map((i) => ({ original_transaction_item_id: i.id, return_quantity: 1, condition: 'new' })),
      reason: 'customer_change_mind',
      refund_method: refundMethod,
    });

  const balanceOf = async (customerId: string) =>
    (await call(manager, 'GET', `/api/customers/${customerId}`)).json().data.creditBalance as number;

  let customerId: string;

  it("a return refunded as store credit credits the sale's customer; the ledger names the return", async () => {
    const sale = await sell('45.50', '03211234567');
    customerId = sale.customer?.id ?? '';
    expect(await balanceOf(customerId)).toBe(0);
    const returned = await returnAll(sale, 'store_credit');
    expect(returned.statusCode, returned.body).toBe(201);
    expect(await balanceOf(customerId)).toBe(45.5);

    const ledger = await call(cashier, 'GET', `/api/customers/${customerId}/credit`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data).toMatchObject([
      { amount: 45.5, kind: 'return', reference: { id: returned.json().data.id } },
    ]);
    expect(ledger.json().data[0].reference.number).toMatch(/^RET-/);
    // The register's phone look-up shows what the customer may spend.
    const contact = await call(cashier, 'GET', `/api/customers/branch/${tenant.main.id}/phone/03211234567`);
    expect(contact.json().data.creditBalance).toBe(45.5);
    // So does the customer sync an offline register spends by.
    const synced = await call(cashier, 'GET', `/api/sync/customers?branchId=${tenant.main.id}`);
    expect(synced.json().data.customers).toContainEqual(
      expect.objectContaining({ id: customerId, creditBalance: 45.5 }),
    );
  });

  it('refuses store credit for a sale without a customer (400), and writes nothing', async () => {
    const sale = await sell('12.00');
    const res = await returnAll(sale, 'store_credit');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RETURNS_MSG.storeCreditNeedsCustomer);
    const again = await returnAll(sale, 'cash_refund_not_a_method');
    expect(again.statusCode).toBe(400);
    expect((await returnAll(sale, 'card_refund')).statusCode).toBe(201);
  });

  it('a manager gives and takes back credit with a reason (audited); never below 0; a cashier may not', async () => {
    const given = await call(manager, 'POST', `/api/customers/${customerId}/credit`, {
      amount: 10,
      reason: 'Late delivery',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data).toMatchObject({
      balance: 55.5,
      entry: { amount: 10, kind: 'adjustment', note: 'Late delivery', reference: null },
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.credit_adjust'), eq(auditLogs.entityId, customerId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ amount: 10, reason: 'Late delivery', balance: 55.5 });

    const tooMuch = await call(manager, 'POST', `/api/customers/${customerId}/credit`, {
      amount: -55.51,
      reason: 'Correction',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(CUSTOMER_MSG.creditShort);
    expect(await balanceOf(customerId)).toBe(55.5);

    for (const [payload, message] of [
      [{ amount: 5 }, CUSTOMER_MSG.creditReasonRequired],
      [{ amount: 5, reason: '   ' }, CUSTOMER_MSG.creditReasonRequired],
      [{ amount: 0, reason: 'Zero' }, CUSTOMER_MSG.creditAmountNonZero],
      [{ amount: 1.005, reason: 'Fraction' }, 'Amount must have at most 2 decimals'],
    ] as const) {
      const res = await call(manager, 'POST', `/api/customers/${customerId}/credit`, payload);
      expect(res.statusCode).toBe(400);
      expect([res.json().message, ...Object.values(res.json().errors ?? {})]).toContain(message);
    }
    const byCashier = await call(cashier, 'POST', `/api/customers/${customerId}/credit`, { amount: 5, reason: 'Me' });
    expect(byCashier.statusCode).toBe(403);
    // Another company's manager does not reach the customer.
    const outside = await call(otherManager, 'POST', `/api/customers/${customerId}/credit`, { amount: 5, reason: 'X' });
    expect(outside.statusCode).toBe(404);
    expect((await call(otherManager, 'GET', `/api/customers/${customerId}/credit`)).statusCode).toBe(404);
  });

  it('two takes of the whole balance at once: one passes, the other is refused, the balance is 0', async () => {
    const balance = await balanceOf(customerId);
    const take = () =>
      call(manager, 'POST', `/api/customers/${customerId}/credit`, { amount: -balance, reason: 'Paid out' });
    const results = await Promise.all([take(), take()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceOf(customerId)).toBe(0);
  });

  it('keeps the ledger append-only: the database refuses to change or remove an entry', async () => {
    await expect(ctx.database.db.execute(sql`update customer_credit_entries set amount = 1000`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from customer_credit_entries`)).rejects.toThrow();
    const ledger = await call(manager, 'GET', `/api/customers/${customerId}/credit?limit=2`);
    expect(ledger.json().meta).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(ledger.json().data.map((e: { amount: number }) => e.amount)).toHaveLength(2);
  });

  describe('spent at the register', () => {
    let spender: string;
    const phone = '03337654321';

    /** A sale of one unit at `price` to the customer of `phone`, paid as `payment` says. */
    async function pay(price: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}) {
      const product = await createProduct(ctx.database.db, {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        price,
        stockQuantity: 10,
      });
      const items = [{ product_id: product.id, quantity: 1, price: Number(price) }];
      const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
      return call(cashier, 'POST', '/api/transactions', {
        branchId: tenant.main.id,
        items,
        subtotal: totals.subtotal,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: totals.total,
        amount_paid: totals.total,
        change: 0,
        customer: { name: 'Sana Iqbal', phone },
        ...payment,
        ...extra,
      });
    }

    beforeAll(async () => {
      const sale = await sell('40.00', phone);
      spender = sale.customer?.id ?? '';
      expect((await returnAll(sale, 'store_credit')).statusCode).toBe(201);
      expect(await balanceOf(spender)).toBe(40);
    });

    it('pays part of a sale with store credit and the rest by card, with no shift open (no cash taken)', async () => {
      const res = await pay('30.00', {
        payment_method: 'mixed',
        tenders: [
          { method: 'store_credit', amount: 20 },
          { method: 'card', amount: 10 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        paymentMethod: 'mixed',
        shift_id: null,
        tenders: [
          { method: 'card', amount: 10 },
          { method: 'store_credit', amount: 20 },
        ],
      });
      expect(await balanceOf(spender)).toBe(20);
      const ledger = (await call(manager, 'GET', `/api/customers/${spender}/credit`)).json().data;
      expect(ledger[0]).toMatchObject({
        amount: -20,
        kind: 'sale',
        reference: { id: res.json().data.id, number: res.json().data.receiptNumber },
      });
    });

    it('refuses more than the balance (409) and a store credit tender without a customer (400)', async () => {
      const over = await pay('20.01', { payment_method: 'store_credit' });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(CUSTOMER_MSG.creditShort);
      const anonymous = await pay('5.00', { payment_method: 'store_credit' }, { customer: undefined });
      expect(anonymous.statusCode).toBe(400);
      expect(anonymous.json().message).toBe(SALES_MSG.storeCreditNeedsCustomer);
      expect(await balanceOf(spender)).toBe(20);
    });

    it('two registers spending the whole balance at once: one sale passes, the other is refused', async () => {
      const results = await Promise.all([
        pay('20.00', { payment_method: 'store_credit' }),
        pay('20.00', { payment_method: 'store_credit' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await balanceOf(spender)).toBe(0);
    });

    it('takes an offline spend the register made past the balance, and flags the sale credit_overdrawn', async () => {
      const { register, key } = await enrolDevice(ctx.app, { token: cashier, branchId: tenant.main.id });
      const product = await createProduct(ctx.database.db, {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        price: '15.00',
        stockQuantity: 10,
      });
      const id = crypto.randomUUID();
      const sale = {
        id,
        branchId: tenant.main.id,
        items: [{ product_id: product.id, quantity: 1, price: 15 }],
        subtotal: 15,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 15,
        payment_method: 'store_credit',
        amount_paid: 15,
        change: 0,
        customer: { name: 'Sana Iqbal', phone },
        register_id: register.id,
        offline: true,
        sold_at: new Date().toISOString(),
      };
      const res = await uploadSigned(ctx.app, { token: cashier, branchId: tenant.main.id, key, sales: [{ sale }] });
      expect(res.json().data.results[0].status, res.body).toBe(201);
      const read = await call(manager, 'GET', `/api/transactions/${id}`);
      expect(read.json().data.flags).toContain('credit_overdrawn');
      expect(await balanceOf(spender)).toBe(-15);
    });
  });

  it('keeps the invariants: every balance is the sum of its ledger', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
