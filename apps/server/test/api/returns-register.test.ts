import { APPROVAL_MSG, computeCartTotals, RETURNS_MSG, SHIFT_MSG } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, returns, saleItems } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createRegister, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Returns at the register (docs/architecture/returns.md): a cash
 * refund comes out of the open shift of the register it names; a cashier takes a return only at a
 * register, with a manager's one-time grant for that return unless the branch's register rules let
 * cashiers take returns; every refund method is listed by method in the shift's X / Z figures.
 */
describe(`returns at the register (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let manager: string;
  let registerId: string;
  let shiftId: string;
  const PIN = '7391';

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    [tenant, other] = await Promise.all([createTenant(ctx.database.db), createTenant(ctx.database.db)]);
    [cashier, manager] = await Promise.all([
      login(ctx.app, tenant.cashier.username),
      login(ctx.app, tenant.manager.username),
    ]);
    expect((await call(manager, 'PUT', '/api/auth/pin', { pin: PIN })).statusCode).toBe(200);
    const enrolled = await call(cashier, 'POST', '/api/registers', { branchId: tenant.main.id, deviceId: 'till-r' });
    registerId = enrolled.json().data.id;
    const opened = await call(cashier, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 100,
    });
    expect(opened.statusCode).toBe(201);
    shiftId = opened.json().data.id;
  });
  afterAll(() => ctx.close());

  type Sale = { id: string; total: number; items: { id: string }[]; customer: { id: string } | null };

  /** A sale of `quantity` units of a new product at `price`, 0 % tax, at the register (cash: paid 100). */
  async function sell(
    price: string,
    quantity: number,
    method: 'cash' | 'card' = 'cash',
    customer?: { name: string; phone: string },
  ): Promise<Sale> {
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity: 50,
    });
    const items = [{ product_id: product.id, quantity, price: Number(price) }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    const paid = method === 'cash' ? 100 : totals.total;
    const res = await call(cashier, 'POST', '/api/transactions', {
      branchId: tenant.main.id,
      register_id: registerId,
      items,
      subtotal: totals.subtotal,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
      payment_method: method,
      amount_paid: paid,
      change: Math.round((paid - totals.total) * 100) / 100,
      ...(customer && { customer }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const returnOf = (sale: Sale, quantity: number, extra: Record<string, unknown> = {}) => ({
    originalTransactionId: sale.id,
    branchId: tenant.main.id,
    items: [{ original_transaction_item_id: sale.items[0]?.id, return_quantity: quantity, condition: 'new' }],
    refund_method: 'cash',
    reason: 'customer_change_mind',
    ...extra,
  });

  /** POST /approvals/grants for a return at the register, asked by the cashier. */
  const returnGrant = (
    sale: Sale,
    {
      quantity,
      refund,
      method = 'cash',
      username = tenant.manager.username,
      pin = PIN,
      register = registerId,
    }: {
      quantity: number;
      refund: number;
      method?: string;
      username?: string;
      pin?: string;
      register?: string;
    },
  ) =>
    call(cashier, 'POST', '/api/approvals/grants', {
      purpose: 'return',
      branchId: tenant.main.id,
      register_id: register,
      username,
      pin,
      originalTransactionId: sale.id,
      items: [{ original_transaction_item_id: sale.items[0]?.id, return_quantity: quantity }],
      refund_method: method,
      refund_amount: refund,
    });

  const report = async () => {
    const res = await call(cashier, 'GET', `/api/shifts/${shiftId}/report`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  async function returnedOf(saleItemId: string | undefined) {
    const [row] = await ctx.database.db
      .select({ returned: saleItems.returnedQuantity })
      .from(saleItems)
      .where(and(eq(saleItems.companyId, tenant.company.id), eq(saleItems.id, saleItemId ?? '')));
    return row?.returned;
  }

  it("a cashier's cash return at the register needs a manager's grant for that return; the refund comes out of the register's open shift", async () => {
    const sale = await sell('12.35', 3);
    const before = await report();
    // Float 100.00 + this sale's 37.05 in cash.
    expect(before.expectedCash).toBe(137.05);

    // Without an approval: 403 APPROVAL_REQUIRED, nothing written.
    const unapproved = await call(cashier, 'POST', '/api/returns', returnOf(sale, 1, { register_id: registerId }));
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.json().code).toBe('APPROVAL_REQUIRED');
    expect(unapproved.json().errors.approval).toBe(RETURNS_MSG.needsManager);
    expect(await returnedOf(sale.items[0]?.id)).toBe(0);

    // A grant for 2 units does not take back 1; a wrong PIN gets no grant.
    const wrongPin = await returnGrant(sale, { quantity: 1, refund: 12.35, pin: '0000' });
    expect(wrongPin.statusCode).toBe(403);
    const forTwo = await returnGrant(sale, { quantity: 2, refund: 24.7 });
    expect(forTwo.statusCode, forTwo.body).toBe(201);
    const mismatch = await call(
      cashier,
      'POST',
      '/api/returns',
      returnOf(sale, 1, { register_id: registerId, approval_grant_id: forTwo.json().data.grant_id }),
    );
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().message).toBe(APPROVAL_MSG.grantOtherReturn);
    // A grant for a refund other than the server's (the client's arithmetic) does not fit either.
    const otherAmount = await returnGrant(sale, { quantity: 1, refund: 12.3 });
    const wrongAmount = await call(
      cashier,
      'POST',
      '/api/returns',
      returnOf(sale, 1, { register_id: registerId, approval_grant_id: otherAmount.json().data.grant_id }),
    );
    expect(wrongAmount.statusCode).toBe(403);
    expect(wrongAmount.json().message).toBe(APPROVAL_MSG.grantOtherReturn);

    const grant = await returnGrant(sale, { quantity: 1, refund: 12.35 });
    expect(grant.statusCode).toBe(201);
    const grantId = grant.json().data.grant_id;
    const returned = await call(
      cashier,
      'POST',
      '/api/returns',
      returnOf(sale, 1, { register_id: registerId, approval_grant_id: grantId }),
    );
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json().data).toMatchObject({ refundAmount: 12.35, refundMethod: 'cash', status: 'completed' });
    const returnId = returned.json().data.id;
    const [row] = await ctx.database.db
      .select({ shiftId: returns.shiftId, registerId: returns.registerId })
      .from(returns)
      .where(and(eq(returns.companyId, tenant.company.id), eq(returns.id, returnId)));
    expect(row).toEqual({ shiftId, registerId });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'return.create'), eq(auditLogs.entityId, returnId)));
    expect(audit).toMatchObject({ userId: tenant.cashier.id, approvedById: tenant.manager.id, registerId });

    // The grant is spent.
    const again = await call(
      cashier,
      'POST',
      '/api/returns',
      returnOf(sale, 1, { register_id: registerId, approval_grant_id: grantId }),
    );
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(APPROVAL_MSG.grantUsed);

    // The drawer's expected cash dropped by the refund, to the cent; the refund is listed by method.
    const after = await report();
    expect(after.expectedCash).toBe(124.7);
    expect(after.refunds).toEqual({
      count: 1,
      total: 12.35,
      taxByRate: [{ rate: 0, included: false, taxable: 12.35, tax: 0 }],
      byMethod: [{ method: 'cash', count: 1, total: 12.35 }],
    });
  });

  it('a grant is for one register and one branch sale; nobody approves their own return', async () => {
    const sale = await sell('5.00', 2);
    const till = await createRegister(ctx.database.db, { companyId: tenant.company.id, branchId: tenant.main.id });
    const elsewhere = await returnGrant(sale, { quantity: 1, refund: 5, register: till.id });
    expect(elsewhere.statusCode).toBe(201);
    const used = await call(
      cashier,
      'POST',
      '/api/returns',
      returnOf(sale, 1, { register_id: registerId, approval_grant_id: elsewhere.json().data.grant_id }),
    );
    expect(used.statusCode).toBe(403);
    expect(used.json().message).toBe(APPROVAL_MSG.grantOtherRegister);
    // Another company's sale is not found at this branch; the manager cannot approve their own request.
    const own = await call(manager, 'POST', '/api/approvals/grants', {
      purpose: 'return',
      branchId: tenant.main.id,
      register_id: registerId,
      username: tenant.manager.username,
      pin: PIN,
      originalTransactionId: sale.id,
      items: [{ original_transaction_item_id: sale.items[0]?.id, return_quantity: 1 }],
      refund_method: 'cash',
      refund_amount: 5,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(APPROVAL_MSG.ownReturn);
    const foreignRegister = await createRegister(ctx.database.db, {
      companyId: other.company.id,
      branchId: other.main.id,
    });
    const foreign = await returnGrant(sale, { quantity: 1, refund: 5, register: foreignRegister.id });
    expect(foreign.statusCode).toBe(404);
  });

  it("with the branch's rule 'Cashiers may take returns' a cashier needs no approval; without a register never", async () => {
    const sale = await sell('8.40', 2);
    const rulesUrl = `/api/branches/${tenant.main.id}/register-rules`;
    const rules = (await call(manager, 'GET', rulesUrl)).json().data;
    expect(rules.cashierMayTakeReturns).toBe(false);
    const { branchId: _omit, ...editable } = rules;
    const on = await call(manager, 'PUT', rulesUrl, { ...editable, cashierMayTakeReturns: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.cashierMayTakeReturns).toBe(true);
    // A client that does not send the rule leaves it as it is.
    const { cashierMayTakeReturns: _rule, ...withoutRule } = editable;
    expect((await call(manager, 'PUT', rulesUrl, withoutRule)).json().data.cashierMayTakeReturns).toBe(true);
    try {
      const noRegister = await call(cashier, 'POST', '/api/returns', returnOf(sale, 1));
      expect(noRegister.statusCode).toBe(403);
      expect(noRegister.json().message).toBe(RETURNS_MSG.atRegisterOnly);
      const atRegister = await call(cashier, 'POST', '/api/returns', returnOf(sale, 1, { register_id: registerId }));
      expect(atRegister.statusCode, atRegister.body).toBe(201);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'return.create'), eq(auditLogs.entityId, atRegister.json().data.id)));
      expect(audit).toMatchObject({ userId: tenant.cashier.id, approvedById: null, registerId });
    } finally {
      await call(manager, 'PUT', rulesUrl, { ...editable, cashierMayTakeReturns: false });
    }
    // The rule off again: approval needed again.
    const off = await call(cashier, 'POST', '/api/returns', returnOf(sale, 1, { register_id: registerId }));
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('APPROVAL_REQUIRED');
  });

  it('a refund naming a register outside the branch is 404; a cash refund at a register without an open shift is 409', async () => {
    const sale = await sell('3.00', 4);
    const secondBranch = await createRegister(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.second.id,
    });
    const foreign = await createRegister(ctx.database.db, { companyId: other.company.id, branchId: other.main.id });
    for (const register of [secondBranch.id, foreign.id]) {
      const res = await call(manager, 'POST', '/api/returns', returnOf(sale, 1, { register_id: register }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SHIFT_MSG.registerNotFound);
    }
    const idle = await createRegister(ctx.database.db, { companyId: tenant.company.id, branchId: tenant.main.id });
    const cash = await call(manager, 'POST', '/api/returns', returnOf(sale, 1, { register_id: idle.id }));
    expect(cash.statusCode).toBe(409);
    expect(cash.json().message).toBe(SHIFT_MSG.noShiftForCash);
    expect(await returnedOf(sale.items[0]?.id)).toBe(0);
  });

  it('a back-office refund names the register whose drawer pays it; card and store credit refunds are listed by method in the Z figures without moving the drawer', async () => {
    const cashSale = await sell('20.00', 2);
    const cardSale = await sell('9.99', 3, 'card', { name: 'Ayesha Khan', phone: '03001112233' });
    const start = await report();

    // The manager refunds cash from the Returns screen, naming the register: the cashier's open shift pays.
    const cash = await call(manager, 'POST', '/api/returns', returnOf(cashSale, 1, { register_id: registerId }));
    expect(cash.statusCode, cash.body).toBe(201);
    for (const method of ['card_refund', 'store_credit']) {
      const res = await call(
        manager,
        'POST',
        '/api/returns',
        returnOf(cardSale, 1, { register_id: registerId, refund_method: method }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const after = await report();
    // Before: the cash refunds of 12.35 (approved) and 8.40 (by the rule) above. Each line by method.
    const cents = (n: number) => Math.round(n * 100);
    expect(start.refunds.byMethod).toEqual([{ method: 'cash', count: 2, total: 20.75 }]);
    expect(after.refunds.byMethod).toEqual([
      { method: 'card_refund', count: 1, total: 9.99 },
      { method: 'cash', count: 3, total: 40.75 },
      { method: 'store_credit', count: 1, total: 9.99 },
    ]);
    expect(cents(after.refunds.total)).toBe(cents(20.75) + cents(20) + 2 * cents(9.99));
    // Only the cash refund moved the drawer; the store credit is the sale's customer's balance.
    expect(cents(start.expectedCash) - cents(after.expectedCash)).toBe(cents(20));
    const customer = await call(manager, 'GET', `/api/customers/${cardSale.customer?.id ?? 'none'}`);
    expect(customer.statusCode).toBe(200);
    expect(customer.json().data.creditBalance).toBe(9.99);

    // The Z report after the close lists the same, and its expected cash is what the X said.
    const counted = after.expectedCash;
    const closed = await call(cashier, 'POST', `/api/shifts/${shiftId}/close`, { counted });
    expect(closed.statusCode, closed.body).toBe(200);
    const z = closed.json().data;
    expect(z.expectedCash).toBe(after.expectedCash);
    expect(z.refunds).toEqual(after.refunds);
    expect(z.shift).toMatchObject({ status: 'closed', overShort: 0 });
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
