import {
  ACCOUNT_MSG,
  APPROVAL_REQUIRED,
  computeCartTotals,
  EXCHANGE_MSG,
  RETURNS_MSG,
  SHIFT_MSG,
  TENDER_MSG,
  VOUCHER_MSG,
} from '@pos/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice } from '../helpers/device';
import { bearer, createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Exchanges (POST /exchanges): items of one sale come back and new ones are sold in one document. The
 * returned goods pay the new sale as far as they reach; the customer pays the rest in any tender, or gets
 * the rest back in cash, to the card or as store credit. Stock moves both ways; the drawer sees only cash;
 * net of the return and the sale, the exchange is the difference paid.
 */
describe(`exchanges (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let manager: string;
  let registerId: string;
  let shiftId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    manager = await login(ctx.app, tenant.manager.username);
    registerId = (await enrolDevice(ctx.app, { token: manager, branchId: tenant.main.id })).register.id;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(manager), ...headers },
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });

  const product = (price: string, stockQuantity = 10) =>
    createProduct(ctx.database.db, { companyId: tenant.company.id, branchId: tenant.main.id, price, stockQuantity });

  /** A cart of one line at 0 % tax, as the sale payload carries it. */
  function cartOf(p: { id: string }, price: string, quantity = 1) {
    const items = [{ product_id: p.id, quantity, price: Number(price) }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    return {
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 0,
      discount_type: 'amount' as const,
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
    };
  }

  /** A sale of one unit of a new product at `price`, paid by `payment`; answers the sale and the product. */
  async function sold(price: string, payment: Record<string, unknown>) {
    const p = await product(price);
    const res = await call('POST', '/api/transactions', {
      branchId: tenant.main.id,
      register_id: registerId,
      ...cartOf(p, price),
      amount_paid: Number(price),
      change: 0,
      ...payment,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { sale: res.json().data, product: p };
  }

  const stockOf = async (id: string) =>
    (await call('GET', `/api/products/${id}?branchId=${tenant.main.id}`)).json().data.stockQuantity;
  const report = async () => (await call('GET', `/api/shifts/${shiftId}/report`)).json().data;

  function exchange(original: { sale: { id: string; items: { id: string }[] } }, fresh: { id: string }, price: string) {
    return {
      branchId: tenant.main.id,
      register_id: registerId,
      originalTransactionId: original.sale.id,
      items: [{ original_transaction_item_id: original.sale.items[0]?.id, return_quantity: 1, condition: 'new' }],
      reason: 'wrong_item',
      sale: cartOf(fresh, price),
    };
  }

  it('refuses a cash difference back with no open shift, and writes nothing', async () => {
    const original = await sold('80.00', { payment_method: 'card' });
    const fresh = await product('50.00');
    const res = await call('POST', '/api/exchanges', { ...exchange(original, fresh, '50.00'), refund_method: 'cash' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(SHIFT_MSG.noShiftForCash);
    expect(await stockOf(original.product.id)).toBe(9);
    expect(await stockOf(fresh.id)).toBe(10);
  });

  it('takes a difference by card: the returned goods pay 50.00, the card 30.00; stock moves both ways', async () => {
    const opened = await call('POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 100,
      denominations: { '10000': 1 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    shiftId = opened.json().data.id;
    const original = await sold('50.00', { payment_method: 'cash', amount_paid: 50 });
    const fresh = await product('80.00');
    const before = (await call('GET', `/api/transactions/analytics?branchId=${tenant.main.id}`)).json().data;

    const res = await call('POST', '/api/exchanges', {
      ...exchange(original, fresh, '80.00'),
      tenders: [{ method: 'card', amount: 30 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ credit: 50, applied: 50, paid: 30, back: 0, backMethod: null });
    expect(made.sale).toMatchObject({ paymentMethod: 'mixed', total: 80, amountPaid: 80, changeAmount: 0 });
    expect(made.sale.tenders).toEqual([
      { method: 'card', amount: 30 },
      { method: 'exchange', amount: 50 },
    ]);
    const ret = (await call('GET', `/api/returns/${made.return.id}`)).json().data;
    expect(ret).toMatchObject({ returnNumber: made.return.returnNumber, refundMethod: 'exchange', refundAmount: 50 });
    expect(ret.originalTransaction.id).toBe(original.sale.id);
    expect(await stockOf(original.product.id)).toBe(10);
    expect(await stockOf(fresh.id)).toBe(9);

    // Net of the return and the new sale, the day gained what the card paid.
    const after = (await call('GET', `/api/transactions/analytics?branchId=${tenant.main.id}`)).json().data;
    expect(Math.round((after.netRevenue - before.netRevenue) * 100)).toBe(3000);
    // The export says what each tender paid, the returned goods too.
    const exported = await call('GET', `/api/transactions/export.csv?branchId=${tenant.main.id}&paymentMethod=mixed`);
    const [row] = parse(exported.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ Total: '80.00', 'Paid by card': '30.00', 'Paid by exchange': '50.00' });
    // The drawer saw the first sale's cash and nothing of the exchange.
    const x = await report();
    expect(x.expectedCash).toBe(150);
    expect(x.sales.byMethod).toEqual([
      { method: 'card', count: 1, total: 30 },
      { method: 'cash', count: 1, total: 50 },
      { method: 'exchange', count: 1, total: 50 },
    ]);
    expect(x.refunds).toMatchObject({ count: 1, total: 50, byMethod: [{ method: 'exchange', count: 1, total: 50 }] });
  });

  it('gives the rest back in cash from the drawer when the returned goods are worth more', async () => {
    const original = await sold('80.00', { payment_method: 'card' });
    const fresh = await product('50.00');
    const res = await call('POST', '/api/exchanges', { ...exchange(original, fresh, '50.00'), refund_method: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ credit: 80, applied: 50, paid: 0, back: 30, backMethod: 'cash' });
    expect(res.json().data.sale).toMatchObject({ paymentMethod: 'exchange', total: 50 });
    const x = await report();
    // 150 before, less the 30 handed back.
    expect(x.expectedCash).toBe(120);
    expect(x.refunds.count).toBe(2);
    expect(x.refunds.byMethod).toEqual([
      { method: 'cash', count: 1, total: 30 },
      { method: 'exchange', count: 2, total: 100 },
    ]);
  });

  it('gives the rest back to the card only as far as the card paid, and as store credit to the customer', async () => {
    const original = await sold('80.00', {
      payment_method: 'mixed',
      tenders: [
        { method: 'card', amount: 10 },
        { method: 'cash', amount: 70 },
      ],
      amount_paid: 80,
      customer: { name: 'Ayesha', phone: '03001234567' },
    });
    const fresh = await product('50.00');
    const over = await call('POST', '/api/exchanges', {
      ...exchange(original, fresh, '50.00'),
      refund_method: 'card_refund',
    });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(RETURNS_MSG.cardRefundOver('10.00'));

    const credited = await call('POST', '/api/exchanges', {
      ...exchange(original, fresh, '50.00'),
      refund_method: 'store_credit',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const customerId = original.sale.customer.id;
    const customer = (await call('GET', `/api/customers/${customerId}`)).json().data;
    expect(customer.creditBalance).toBe(30);
  });

  it('refuses store credit back for a sale without a customer, tenders when nothing is due, and the Returns route', async () => {
    const original = await sold('80.00', { payment_method: 'card' });
    const fresh = await product('50.00');
    const noCustomer = await call('POST', '/api/exchanges', {
      ...exchange(original, fresh, '50.00'),
      refund_method: 'store_credit',
    });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().message).toBe(RETURNS_MSG.storeCreditNeedsCustomer);

    const paying = await call('POST', '/api/exchanges', {
      ...exchange(original, fresh, '50.00'),
      tenders: [{ method: 'card', amount: 10 }],
    });
    expect(paying.statusCode).toBe(400);
    expect(paying.json().message).toBe(TENDER_MSG.onlyCashOver);

    const viaReturns = await call('POST', '/api/returns', {
      originalTransactionId: original.sale.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: original.sale.items[0].id, return_quantity: 1 }],
      refund_method: 'exchange',
      reason: 'wrong_item',
    });
    expect(viaReturns.statusCode).toBe(400);
    expect(viaReturns.json().message).toBe(EXCHANGE_MSG.atRegister);
    expect(await stockOf(original.product.id)).toBe(9);
  });

  it('refuses a new item out of stock with the reason, and returns nothing', async () => {
    const original = await sold('50.00', { payment_method: 'card' });
    const scarce = await product('80.00', 0);
    const res = await call('POST', '/api/exchanges', {
      ...exchange(original, scarce, '80.00'),
      tenders: [{ method: 'card', amount: 30 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/^Insufficient stock for .*: 0 available$/);
    const sale = (await call('GET', `/api/transactions/${original.sale.id}`)).json().data;
    expect(sale.items[0].returnedQuantity).toBe(0);
    expect(await stockOf(original.product.id)).toBe(9);
  });

  it('answers a retry under the same Idempotency-Key with the first exchange, and another body with 422', async () => {
    const original = await sold('50.00', { payment_method: 'card' });
    const fresh = await product('60.00');
    const body = { ...exchange(original, fresh, '60.00'), tenders: [{ method: 'cash', amount: 20 }] };
    const key = crypto.randomUUID();
    const first = await call('POST', '/api/exchanges', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.sale).toMatchObject({ amountPaid: 70, changeAmount: 10 });
    const again = await call('POST', '/api/exchanges', body, { 'idempotency-key': key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    const other = await call(
      'POST',
      '/api/exchanges',
      { ...body, tenders: [{ method: 'card', amount: 10 }] },
      {
        'idempotency-key': key,
      },
    );
    expect(other.statusCode).toBe(422);
    expect(await stockOf(fresh.id)).toBe(9);
    // A key a plain sale of the branch holds is another body too.
    const saleKey = crypto.randomUUID();
    const plain = await product('5.00');
    const sale = await call(
      'POST',
      '/api/transactions',
      { branchId: tenant.main.id, ...cartOf(plain, '5.00'), payment_method: 'card', amount_paid: 5, change: 0 },
      { 'idempotency-key': saleKey },
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const reused = await call(
      'POST',
      '/api/exchanges',
      exchange(await sold('50.00', { payment_method: 'card' }), fresh, '60.00'),
      {
        'idempotency-key': saleKey,
      },
    );
    expect(reused.statusCode, reused.body).toBe(422);
  });

  it('is a 404 for a sale of another company, and a 403 for a cashier away from a register', async () => {
    const other = await createTenant(ctx.database.db);
    const token = await login(ctx.app, other.manager.username);
    const p = await createProduct(ctx.database.db, {
      companyId: other.company.id,
      branchId: other.main.id,
      price: '10.00',
      stockQuantity: 5,
    });
    const theirs = await request(ctx.app, token, {
      method: 'POST',
      url: '/api/transactions',
      payload: { branchId: other.main.id, ...cartOf(p, '10.00'), payment_method: 'card', amount_paid: 10, change: 0 },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const fresh = await product('10.00');
    const res = await call('POST', '/api/exchanges', exchange({ sale: theirs.json().data }, fresh, '10.00'));
    expect(res.statusCode).toBe(404);

    const cashier = await login(ctx.app, tenant.cashier.username);
    const mine = await sold('10.00', { payment_method: 'card' });
    const away = await request(ctx.app, cashier, {
      method: 'POST',
      url: '/api/exchanges',
      payload: { ...exchange(mine, fresh, '10.00'), register_id: undefined },
    });
    expect(away.statusCode).toBe(403);
    expect(away.json().message).toBe(RETURNS_MSG.atRegisterOnly);
  });

  it('two registers exchanging the same unit at once: one passes, the other is told it is already returned', async () => {
    const original = await sold('50.00', { payment_method: 'card' });
    const [a, b] = await Promise.all([product('50.00'), product('50.00')]);
    const answers = await Promise.all([
      call('POST', '/api/exchanges', exchange(original, a, '50.00')),
      call('POST', '/api/exchanges', exchange(original, b, '50.00')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toMatch(/has already been fully returned$/);
    // One unit came back and one new item left.
    expect(await stockOf(original.product.id)).toBe(10);
    expect((await stockOf(a.id)) + (await stockOf(b.id))).toBe(19);
  });

  it('takes a difference by gift voucher: the sale names it by voucher_code and spends it', async () => {
    const voucher = await call('POST', '/api/gift-vouchers', { branchId: tenant.main.id, amount: 20, method: 'card' });
    expect(voucher.statusCode, voucher.body).toBe(201);
    const { code } = voucher.json().data;
    const original = await sold('50.00', { payment_method: 'card' });
    const fresh = await product('80.00');
    const body = (voucherCode?: string) => {
      const made = exchange(original, fresh, '80.00');
      return {
        ...made,
        sale: { ...made.sale, ...(voucherCode ? { voucher_code: voucherCode } : {}) },
        tenders: [
          { method: 'voucher', amount: 20 },
          { method: 'card', amount: 10 },
        ],
      };
    };
    const nameless = await call('POST', '/api/exchanges', body());
    expect(nameless.statusCode, nameless.body).toBe(400);
    expect(nameless.json().message).toBe(VOUCHER_MSG.needsCode);

    const res = await call('POST', '/api/exchanges', body(code));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.sale.tenders).toEqual([
      { method: 'card', amount: 10 },
      { method: 'exchange', amount: 50 },
      { method: 'voucher', amount: 20 },
    ]);
    const left = (await call('GET', `/api/gift-vouchers/code/${code}?branchId=${tenant.main.id}`)).json().data;
    expect(left.balance).toBe(0);
  });

  it("takes a difference on the customer's account: past the limit a cashier needs a manager's grant for the cart", async () => {
    const PIN = '4826';
    const pin = await request(ctx.app, manager, { method: 'PUT', url: '/api/auth/pin', payload: { pin: PIN } });
    expect(pin.statusCode, pin.body).toBe(200);
    const cashier = await login(ctx.app, tenant.cashier.username);
    const customer = { name: 'Bilal', phone: '03007654321' };
    const original = await sold('50.00', { payment_method: 'card', customer });
    const fresh = await product('80.00');
    const made = exchange(original, fresh, '80.00');
    const grantFor = async (payload: Record<string, unknown>) => {
      const res = await request(ctx.app, cashier, {
        method: 'POST',
        url: '/api/approvals/grants',
        payload: {
          branchId: tenant.main.id,
          register_id: registerId,
          username: tenant.manager.username,
          pin: PIN,
          ...payload,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.grant_id as string;
    };
    // A cashier's return at the register needs a manager: the return side's grant.
    const returnGrant = await grantFor({
      purpose: 'return',
      originalTransactionId: original.sale.id,
      items: made.items.map(({ condition: _, ...line }) => line),
      refund_method: 'exchange',
      refund_amount: 50,
    });
    const body = {
      ...made,
      approval_grant_id: returnGrant,
      sale: { ...made.sale, customer },
      tenders: [{ method: 'account', amount: 30 }],
    };
    const asCashier = (payload: unknown) =>
      request(ctx.app, cashier, { method: 'POST', url: '/api/exchanges', payload });

    // A limit of 0: past it, refused with the approval the register asks for, and nothing written.
    const refused = await asCashier(body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: APPROVAL_REQUIRED, message: ACCOUNT_MSG.overLimit });
    expect(await stockOf(original.product.id)).toBe(9);
    expect(await stockOf(fresh.id)).toBe(10);

    const saleGrant = await grantFor({
      purpose: 'sale',
      items: made.sale.items,
      discount_type: made.sale.discount_type,
      discount_value: made.sale.discount_value,
      tax_rate: made.sale.tax_rate,
      total: made.sale.total,
    });
    const res = await asCashier({ ...body, sale: { ...body.sale, approval_grant_id: saleGrant } });
    expect(res.statusCode, res.body).toBe(201);
    const customerId = res.json().data.sale.customer.id;
    const [entry] = (await call('GET', `/api/customers/${customerId}/account/entries`)).json().data;
    expect(entry).toMatchObject({ amount: 30, balance: 30, approvedByName: tenant.manager.name });
    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sale.account_over_limit'), eq(auditLogs.entityId, res.json().data.sale.id)));
    expect(audit.map((a) => [a.userId, a.approvedById])).toEqual([[tenant.cashier.id, tenant.manager.id]]);
  });

  it('keeps the invariants: tenders and refund lines sum to their totals, balances to their ledgers', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
