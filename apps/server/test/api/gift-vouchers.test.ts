import { computeCartTotals, VOUCHER_CODE_PATTERN, VOUCHER_MSG, VOUCHER_REFUSED } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadSigned } from '../helpers/device';
import { createProduct, createTenant, login, openTestShift, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Gift vouchers (docs/architecture/returns.md, 'Gift vouchers'): sold for cash into the register's drawer or by
 * card, a liability until spent; spent as a sale's `voucher` tender by its code, never past its balance or
 * after its expiry online (two registers spending the last of it: one is refused); a refund goes back onto
 * it as far as it paid; the list and the liability say what is still owed.
 */
describe(`gift vouchers (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let manager: string;
  let otherManager: string;
  let shiftId: string;

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
    shiftId = (
      await openTestShift(ctx.database.db, {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        userId: tenant.cashier.id,
      })
    ).id;
  });
  afterAll(async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
    await ctx.close();
  });

  const sellVoucher = (token: string, payload: Record<string, unknown>) =>
    call(token, 'POST', '/api/gift-vouchers', { branchId: tenant.main.id, ...payload });

  const report = async () => (await call(cashier, 'GET', `/api/shifts/${shiftId}/report`)).json().data;

  const balanceOf = async (code: string) =>
    (await call(cashier, 'GET', `/api/gift-vouchers/code/${code}?branchId=${tenant.main.id}`)).json().data
      .balance as number;

  /** A card-free sale of one unit at `price` paid as `payment` says (the cashier, at the shift's register). */
  async function sell(price: string, payment: Record<string, unknown>, token = cashier) {
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity: 10,
    });
    const items = [{ product_id: product.id, quantity: 1, price: Number(price) }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    return call(token, 'POST', '/api/transactions', {
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
      ...payment,
    });
  }

  let code: string;

  it("sells a voucher for cash into the shift's drawer, once for its id; a cashier's cash needs a shift", async () => {
    const before = await report();
    const id = crypto.randomUUID();
    const res = await sellVoucher(cashier, { id, amount: 100, method: 'cash', shift_id: shiftId });
    expect(res.statusCode, res.body).toBe(201);
    const voucher = res.json().data;
    expect(voucher).toMatchObject({ id, amount: 100, balance: 100, status: 'active', expiresOn: null });
    expect(voucher.code).toMatch(VOUCHER_CODE_PATTERN);
    code = voucher.code;
    const after = await report();
    expect(after.paidIn - before.paidIn).toBe(100);
    expect(after.expectedCash - before.expectedCash).toBe(100);
    // Not a sale: no revenue, no sale in the shift.
    expect(after.sales).toEqual(before.sales);
    expect(after.cashMovements.at(-1)).toMatchObject({ kind: 'paid_in', amount: 100, reason: `Gift voucher ${code}` });

    const again = await sellVoucher(cashier, { id, amount: 100, method: 'cash', shift_id: shiftId });
    expect(again.json().data.code).toBe(code);
    expect((await report()).paidIn).toBe(after.paidIn);
    expect((await sellVoucher(cashier, { id, amount: 50, method: 'card' })).statusCode).toBe(422);

    const noShift = await sellVoucher(cashier, { amount: 10, method: 'cash' });
    expect(noShift.statusCode).toBe(400);
    expect(noShift.json().message).toBe(VOUCHER_MSG.needsShift);
    for (const payload of [
      { amount: 0, method: 'card' },
      { amount: 10.005, method: 'card' },
      { amount: 10, method: 'cheque' },
      { amount: 10, method: 'card', expires_on: '2020-01-01' },
    ]) {
      expect((await sellVoucher(manager, payload)).statusCode).toBe(400);
    }
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'gift_voucher.sell'), eq(auditLogs.entityId, id)));
    expect(audit?.after).toMatchObject({ code, amount: 100, method: 'cash' });
  });

  it('checks a voucher by its code (any case); an unknown code is a 404, a malformed one a 400', async () => {
    const res = await call(cashier, 'GET', `/api/gift-vouchers/code/${code.toLowerCase()}?branchId=${tenant.main.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code, balance: 100, branchName: tenant.main.name });
    expect(
      (await call(cashier, 'GET', `/api/gift-vouchers/code/GV0000000000?branchId=${tenant.main.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(cashier, 'GET', `/api/gift-vouchers/code/NOT-A-CODE?branchId=${tenant.main.id}`)).statusCode,
    ).toBe(400);
    // Another company cannot read it, even with its code.
    expect(
      (await call(otherManager, 'GET', `/api/gift-vouchers/code/${code}?branchId=${other.main.id}`)).statusCode,
    ).toBe(404);
  });

  it('pays part of a sale by its code; never past its balance; needs a code; refuses an unknown one', async () => {
    const paid = await sell('70.00', {
      payment_method: 'mixed',
      tenders: [
        { method: 'voucher', amount: 60 },
        { method: 'card', amount: 10 },
      ],
      voucher_code: code,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.tenders).toEqual([
      { method: 'card', amount: 10 },
      { method: 'voucher', amount: 60 },
    ]);
    expect(await balanceOf(code)).toBe(40);

    const over = await sell('40.01', { payment_method: 'voucher', voucher_code: code });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: VOUCHER_REFUSED, message: VOUCHER_MSG.short });
    const noCode = await sell('5.00', { payment_method: 'voucher' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(VOUCHER_MSG.needsCode);
    const unknown = await sell('5.00', { payment_method: 'voucher', voucher_code: 'GV0000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(VOUCHER_MSG.unknown);
    expect(await balanceOf(code)).toBe(40);
  });

  it('two registers spending the rest of one voucher at once: one sale passes, the other is refused', async () => {
    const results = await Promise.all([
      sell('40.00', { payment_method: 'voucher', voucher_code: code }),
      sell('40.00', { payment_method: 'voucher', voucher_code: code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceOf(code)).toBe(0);
    const read = await call(cashier, 'GET', `/api/gift-vouchers/code/${code}?branchId=${tenant.main.id}`);
    expect(read.json().data.status).toBe('used');

    // A return of that sale goes back onto the voucher, as far as the voucher paid it.
    const sale = results.find((r) => r.statusCode === 201)?.json().data;
    const returnAll = (refunds: unknown) =>
      call(manager, 'POST', '/api/returns', {
        originalTransactionId: sale.id,
        branchId: tenant.main.id,
        items: [{ original_transaction_item_id: sale.items[0].id, return_quantity: 1, condition: 'new' }],
        reason: 'customer_change_mind',
        refund_method: 'voucher',
        ...(refunds ? { refunds } : {}),
      });
    const back = await returnAll(undefined);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data.refunds).toEqual([{ method: 'voucher', amount: 40 }]);
    expect(await balanceOf(code)).toBe(40);
  });

  it('refuses a refund to a voucher past what it paid (409), and one to a sale no voucher paid', async () => {
    const cardSale = (await sell('15.00', { payment_method: 'card' })).json().data;
    const res = await call(manager, 'POST', '/api/returns', {
      originalTransactionId: cardSale.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: cardSale.items[0].id, return_quantity: 1, condition: 'new' }],
      reason: 'customer_change_mind',
      refund_method: 'voucher',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VOUCHER_MSG.refundOver('0.00'));
  });

  it('refuses an expired voucher online (409); takes an offline spend past the balance and flags it', async () => {
    const expiring = (await sellVoucher(manager, { amount: 30, method: 'card', expires_on: '2999-12-31' })).json().data;
    await ctx.database.db.execute(
      sql`update gift_vouchers set expires_on = current_date - 2 where id = ${expiring.id}`,
    );
    const expired = await sell('5.00', { payment_method: 'voucher', voucher_code: expiring.code });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(VOUCHER_MSG.expired);

    const { register, key } = await enrolDevice(ctx.app, { token: cashier, branchId: tenant.main.id });
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '55.00',
      stockQuantity: 10,
    });
    const id = crypto.randomUUID();
    const sale = {
      id,
      branchId: tenant.main.id,
      items: [{ product_id: product.id, quantity: 1, price: 55 }],
      subtotal: 55,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: 55,
      payment_method: 'voucher',
      amount_paid: 55,
      change: 0,
      voucher_code: code,
      register_id: register.id,
      offline: true,
      sold_at: new Date().toISOString(),
    };
    const res = await uploadSigned(ctx.app, { token: cashier, branchId: tenant.main.id, key, sales: [{ sale }] });
    expect(res.json().data.results[0].status, res.body).toBe(201);
    expect((await call(manager, 'GET', `/api/transactions/${id}`)).json().data.flags).toContain('voucher_overdrawn');
    expect(await balanceOf(code)).toBe(-15);
  });

  it("lists the branch's vouchers by status and says what they still owe (managers)", async () => {
    const list = await call(manager, 'GET', `/api/gift-vouchers?branchId=${tenant.main.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(2);
    const expired = await call(manager, 'GET', `/api/gift-vouchers?branchId=${tenant.main.id}&status=expired`);
    expect(expired.json().data.map((v: { amount: number }) => v.amount)).toEqual([30]);
    const liability = await call(manager, 'GET', `/api/gift-vouchers/liability?branchId=${tenant.main.id}`);
    expect(liability.json().data).toEqual({ activeCount: 0, outstanding: 0, expiredCount: 1, expiredBalance: 30 });
    expect((await call(cashier, 'GET', `/api/gift-vouchers?branchId=${tenant.main.id}`)).statusCode).toBe(403);
    expect(
      (await call(otherManager, 'GET', `/api/gift-vouchers/liability?branchId=${tenant.main.id}`)).statusCode,
    ).toBe(404);
  });

  it('keeps the ledger append-only', async () => {
    await expect(ctx.database.db.execute(sql`update gift_voucher_entries set amount = 1000`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from gift_voucher_entries`)).rejects.toThrow();
  });
});
