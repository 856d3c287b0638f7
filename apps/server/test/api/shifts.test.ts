import { computeCartTotals, SHIFT_MSG } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, createUser, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Shifts and the cash drawer: expected cash = float + cash sales (net of change) - cash
 * refunds + paid in - paid out; counted - expected = over/short; a cash sale needs an open shift; a
 * closed shift takes no sale; over/short past the branch threshold needs a manager's approval.
 */
describe(`shifts (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let manager: string;
  let registerId: string;
  const PIN = '4826';

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    [cashier, manager] = await Promise.all([
      login(ctx.app, tenant.cashier.username),
      login(ctx.app, tenant.manager.username),
    ]);
    const enrolled = await call(cashier, 'POST', '/api/registers', { branchId: tenant.main.id, deviceId: 'till-1' });
    registerId = enrolled.json().data.id;
    expect((await call(manager, 'PUT', '/api/auth/pin', { pin: PIN })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  /** POST /approvals/grants for closing `shiftId` with `counted`, asked by `token`'s user. */
  const closeGrant = (
    token: string,
    { shiftId, counted, username, pin }: { shiftId: string; counted: number; username: string; pin: string },
  ) =>
    call(token, 'POST', '/api/approvals/grants', {
      purpose: 'shift_close',
      branchId: tenant.main.id,
      shift_id: shiftId,
      counted_cash: counted,
      username,
      pin,
    });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  const product = (price: string) =>
    createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity: 100,
    });

  /** A sale of the lines at 0 % tax; cash paid `paid` (change = paid - total). */
  function sale(
    lines: { product: { id: string; price: string }; quantity: number }[],
    payment: { method: 'cash'; paid: number } | { method: 'card' },
    extra: Record<string, unknown> = {},
  ) {
    const items = lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      price: Number(l.product.price),
    }));
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    const paid = payment.method === 'cash' ? payment.paid : totals.total;
    return {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
      payment_method: payment.method,
      amount_paid: paid,
      change: Math.round((paid - totals.total) * 100) / 100,
      ...extra,
    };
  }

  const sell = (token: string, payload: unknown) => call(token, 'POST', '/api/transactions', payload);

  async function auditRows(action: string, entityId: string) {
    return ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));
  }

  it('refuses a cash sale without an open shift (409, clear message); a card sale passes', async () => {
    const p = await product('10.00');
    const cash = await sell(cashier, sale([{ product: p, quantity: 1 }], { method: 'cash', paid: 10 }));
    expect(cash.statusCode).toBe(409);
    expect(cash.json().message).toBe(SHIFT_MSG.noShiftForCash);
    const withRegister = await sell(
      cashier,
      sale([{ product: p, quantity: 1 }], { method: 'cash', paid: 10 }, { register_id: registerId }),
    );
    expect(withRegister.statusCode).toBe(409);
    const card = await sell(cashier, sale([{ product: p, quantity: 1 }], { method: 'card' }));
    expect(card.statusCode).toBe(201);
    expect(card.json().data.shift_id).toBeNull();
  });

  it('keeps the arithmetic: float + cash sales (net of change) - cash refunds + paid in - paid out', async () => {
    const current = await call(cashier, 'GET', `/api/shifts/current?registerId=${registerId}`);
    expect(current.statusCode).toBe(200);
    expect(current.json().data.shift).toBeNull();
    expect(current.json().data.denominations).toContain(100000);

    // Float 150.00 counted as one 100 note and one 50 note (PKR, minor units).
    const bad = await call(cashier, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 150,
      denominations: { '100000': 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SHIFT_MSG.denominationsMismatch);
    const opened = await call(cashier, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 150,
      denominations: { '10000': 1, '5000': 1 },
    });
    expect(opened.statusCode).toBe(201);
    const shift = opened.json().data;
    expect(shift).toMatchObject({
      status: 'open',
      openingFloat: 150,
      registerCode: 'R1',
      cashierId: tenant.cashier.id,
    });
    expect(await auditRows('shift.open', shift.id)).toHaveLength(1);
    const again = await call(manager, 'POST', '/api/shifts', { branchId: tenant.main.id, registerId, openingFloat: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIFT_MSG.alreadyOpen);

    // Three cash sales, each paid with more than the total (change given), one card sale.
    const a = await product('12.35');
    const b = await product('7.10');
    const s1 = await sell(
      cashier,
      sale([{ product: a, quantity: 2 }], { method: 'cash', paid: 50 }, { register_id: registerId }),
    );
    const s2 = await sell(cashier, sale([{ product: b, quantity: 3 }], { method: 'cash', paid: 25 }));
    const s3 = await sell(
      cashier,
      sale(
        [
          { product: a, quantity: 1 },
          { product: b, quantity: 1 },
        ],
        { method: 'cash', paid: 20 },
        { register_id: registerId, shift_id: shift.id },
      ),
    );
    const card = await sell(
      cashier,
      sale([{ product: a, quantity: 4 }], { method: 'card' }, { register_id: registerId }),
    );
    for (const res of [s1, s2, s3, card]) expect(res.statusCode).toBe(201);
    for (const res of [s1, s2, s3, card]) expect(res.json().data.shift_id).toBe(shift.id);
    // 24.70 + 21.30 + 19.45 = 65.45 in cash (change 25.30 + 3.70 + 0.55 handed back), 49.40 by card.
    expect(s1.json().data.changeAmount).toBe(25.3);

    // A cash refund of one unit of the first sale (12.35) and a card refund of the card sale (12.35).
    const s1Line = s1.json().data.items[0].id;
    // A manager processes refunds at the register: its open shift (the cashier's) takes them.
    const refund = await call(manager, 'POST', '/api/returns', {
      originalTransactionId: s1.json().data.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: s1Line, return_quantity: 1, condition: 'new' }],
      refund_method: 'cash',
      reason: 'defective',
      register_id: registerId,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const cardRefund = await call(manager, 'POST', '/api/returns', {
      originalTransactionId: card.json().data.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: card.json().data.items[0].id, return_quantity: 1, condition: 'new' }],
      refund_method: 'card_refund',
      reason: 'defective',
      register_id: registerId,
    });
    expect(cardRefund.statusCode, cardRefund.body).toBe(201);

    // Paid in 20.00 (change brought in), paid out 33.50 (supplier paid from the till).
    const paidIn = await call(cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      kind: 'paid_in',
      amount: 20,
      reason: 'Change brought in',
    });
    expect(paidIn.statusCode).toBe(201);
    expect(await auditRows('shift.cash_movement', shift.id)).toHaveLength(1);
    const paidOut = await call(cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      kind: 'paid_out',
      amount: 33.5,
      reason: 'Milk supplier',
    });
    expect(paidOut.statusCode).toBe(201);
    const zero = await call(cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      kind: 'paid_out',
      amount: 0,
      reason: 'Nothing',
    });
    expect(zero.statusCode).toBe(400);

    const x = await call(cashier, 'GET', `/api/shifts/${shift.id}/report`);
    expect(x.statusCode).toBe(200);
    const report = x.json().data;
    // 150.00 + 65.45 - 12.35 + 20.00 - 33.50 = 189.60
    expect(report.expectedCash).toBe(189.6);
    expect(report.sales).toMatchObject({ count: 4, total: 114.85, change: 29.55 });
    // Every line at the branch's 0 %: one rate, its taxable the sales' goods less their discounts.
    expect(report.sales.taxByRate).toEqual([{ rate: 0, included: false, taxable: 114.85, tax: 0 }]);
    expect(report.sales.byMethod).toEqual([
      { method: 'card', count: 1, total: 49.4 },
      { method: 'cash', count: 3, total: 65.45 },
    ]);
    expect(report.refunds.count).toBe(2);
    expect(report.refunds.byMethod).toEqual([
      { method: 'card_refund', count: 1, total: 12.35 },
      { method: 'cash', count: 1, total: 12.35 },
    ]);
    expect(report).toMatchObject({ paidIn: 20, paidOut: 33.5 });
    expect(report.cashMovements.map((m: { reason: string }) => m.reason)).toEqual([
      'Change brought in',
      'Milk supplier',
    ]);

    // Close by blind count: unsynced sales first refuse the close.
    const pending = await call(cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 183.6, pendingSales: 2 });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(SHIFT_MSG.pendingSales);
    // 6.00 short is past the branch's 5.00: a manager must approve.
    const unapproved = await call(cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 183.6 });
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.json().message).toBe(SHIFT_MSG.approvalNeeded);
    const approver = { shiftId: shift.id, username: tenant.manager.username };
    const wrongPin = await closeGrant(cashier, { ...approver, counted: 183.6, pin: '0000' });
    expect(wrongPin.statusCode).toBe(403);
    // A grant is for one count: approved for 180.00, it does not close with 183.60.
    const other = await closeGrant(cashier, { ...approver, counted: 180, pin: PIN });
    expect(other.statusCode).toBe(201);
    const otherCount = await call(cashier, 'POST', `/api/shifts/${shift.id}/close`, {
      counted: 183.6,
      approval_grant_id: other.json().data.grant_id,
    });
    expect(otherCount.statusCode).toBe(403);
    expect(otherCount.json().code).toBe('APPROVAL_INVALID');
    const grant = await closeGrant(cashier, { ...approver, counted: 183.6, pin: PIN });
    expect(grant.statusCode).toBe(201);
    const closed = await call(cashier, 'POST', `/api/shifts/${shift.id}/close`, {
      counted: 183.6,
      approval_grant_id: grant.json().data.grant_id,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const z = closed.json().data;
    expect(z.expectedCash).toBe(189.6);
    expect(z.shift).toMatchObject({
      status: 'closed',
      counted: 183.6,
      expected: 189.6,
      overShort: -6,
      zNumber: 1,
      approvedByName: tenant.manager.name,
    });
    const [audit] = await auditRows('shift.close', shift.id);
    expect(audit?.approvedById).toBe(tenant.manager.id);
    expect(audit?.registerId).toBe(registerId);
    expect(audit?.after).toMatchObject({ counted: 183.6, expected: 189.6, overShort: -6 });

    // The Z report reads the same afterwards; the closed shift takes nothing more.
    const reprint = await call(manager, 'GET', `/api/shifts/${shift.id}/report`);
    expect(reprint.json().data).toEqual(z);
    const intoClosed = await sell(
      cashier,
      sale(
        [{ product: a, quantity: 1 }],
        { method: 'cash', paid: 20 },
        { register_id: registerId, shift_id: shift.id },
      ),
    );
    expect(intoClosed.statusCode).toBe(409);
    expect(intoClosed.json().message).toBe(SHIFT_MSG.shiftClosed);
    const cardIntoClosed = await sell(
      cashier,
      sale([{ product: a, quantity: 1 }], { method: 'card' }, { register_id: registerId, shift_id: shift.id }),
    );
    expect(cardIntoClosed.statusCode).toBe(409);
    const afterClose = await sell(
      cashier,
      sale([{ product: a, quantity: 1 }], { method: 'cash', paid: 20 }, { register_id: registerId }),
    );
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().message).toBe(SHIFT_MSG.noShiftForCash);
    const moveClosed = await call(cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      kind: 'paid_in',
      amount: 1,
      reason: 'Late',
    });
    expect(moveClosed.statusCode).toBe(409);
    const closeAgain = await call(cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 0 });
    expect(closeAgain.statusCode).toBe(409);
    const refundClosed = await call(manager, 'POST', '/api/returns', {
      originalTransactionId: s2.json().data.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: s2.json().data.items[0].id, return_quantity: 1, condition: 'new' }],
      refund_method: 'cash',
      reason: 'defective',
      register_id: registerId,
    });
    expect(refundClosed.statusCode).toBe(409);
    expect(refundClosed.json().message).toBe(SHIFT_MSG.noShiftForCash);

    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });

  it("refuses a cashier's PIN, another branch's manager and the shift's own manager as approvers; within the threshold needs none", async () => {
    const till = (
      await call(manager, 'POST', '/api/registers', { branchId: tenant.main.id, deviceId: 'till-2' })
    ).json().data.id;
    const open = await call(manager, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId: till,
      openingFloat: 50,
    });
    const id = open.json().data.id;
    const elsewhere = await createUser(ctx.database.db, {
      roleId: 2,
      companyId: tenant.company.id,
      branchId: tenant.second.id,
    });
    const otherManager = await login(ctx.app, elsewhere.username);
    expect((await call(otherManager, 'PUT', '/api/auth/pin', { pin: '1357' })).statusCode).toBe(200);
    const refused = await closeGrant(manager, { shiftId: id, counted: 40, username: elsewhere.username, pin: '1357' });
    expect(refused.statusCode).toBe(403);
    const cashierPin = await closeGrant(manager, {
      shiftId: id,
      counted: 40,
      username: tenant.cashier.username,
      pin: '1357',
    });
    expect(cashierPin.statusCode).toBe(403);
    // The Manager closing their own shift cannot approve it.
    const own = await closeGrant(manager, { shiftId: id, counted: 40, username: tenant.manager.username, pin: PIN });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('APPROVAL_INVALID');
    // 5.00 over is within the threshold (beyond means more than it).
    const closed = await call(manager, 'POST', `/api/shifts/${id}/close`, { counted: 55 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.shift).toMatchObject({ overShort: 5, approvedByName: null, zNumber: 2 });
  });

  it('lists the branch shifts to managers with filters and paging, not to cashiers', async () => {
    const all = await call(manager, 'GET', `/api/shifts?branchId=${tenant.main.id}&limit=1`);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toMatchObject({ total: 2, limit: 1, totalPages: 2 });
    const closed = await call(
      manager,
      'GET',
      `/api/shifts?branchId=${tenant.main.id}&status=closed&registerId=${registerId}`,
    );
    expect(closed.json().data).toHaveLength(1);
    const open = await call(manager, 'GET', `/api/shifts?branchId=${tenant.main.id}&status=open`);
    expect(open.json().meta.total).toBe(0);
    expect((await call(cashier, 'GET', `/api/shifts?branchId=${tenant.main.id}`)).statusCode).toBe(403);
    // The dashboard: no shift open now; two closed today, 6.00 short and 5.00 over.
    const dashboard = await call(manager, 'GET', `/api/dashboard/shifts-summary?branchId=${tenant.main.id}`);
    expect(dashboard.json().data).toEqual({ openShifts: 0, closedToday: 2, overShortToday: -1 });
  });
});
