import { ACCOUNT_MSG, APPROVAL_REQUIRED, computeCartTotals } from '@pos/shared';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, products } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadSigned } from '../helpers/device';
import { createProduct, createRegister, createTenant, login, openTestShift, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Customer accounts (docs/architecture/returns.md, 'Customer accounts'): a sale paid on account charges the
 * customer's account; online it may go past the credit limit only with a manager's approval (a cashier's:
 * a grant for the cart, then an audit row); payments take it down (cash at a register into the shift's
 * drawer); refunds go back to the account only as far as it paid; the statement runs its balance, and the
 * ageing list pays the oldest sales first. What a customer owes is always the sum of their entries.
 */
describe(`customer accounts (${engineName()})`, () => {
  const PIN = '4826';
  const phone = '03001112233';
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let manager: string;
  let otherManager: string;
  let registerId: string;
  let customerId: string;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    [tenant, other] = await Promise.all([createTenant(ctx.database.db), createTenant(ctx.database.db)]);
    [cashier, manager, otherManager] = await Promise.all([
      login(ctx.app, tenant.cashier.username),
      login(ctx.app, tenant.manager.username),
      login(ctx.app, other.manager.username),
    ]);
    expect((await call(manager, 'PUT', '/api/auth/pin', { pin: PIN })).statusCode).toBe(200);
    registerId = (await createRegister(ctx.database.db, { companyId: tenant.company.id, branchId: tenant.main.id })).id;
  });
  afterAll(async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
    await ctx.close();
  });

  /** A sale of one unit at `price` (0 % tax) to the customer of `phone`, paid as `payment` says. */
  async function saleOf(price: string, payment: Record<string, unknown> = { payment_method: 'account' }) {
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity: 10,
    });
    const items = [{ product_id: product.id, quantity: 1, price: Number(price) }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    return {
      product,
      payload: {
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
        amount_paid: totals.total,
        change: 0,
        customer: { name: 'Rashid Khan', phone },
        ...payment,
      } as Record<string, unknown>,
    };
  }

  const sell = async (token: string, price: string, payment?: Record<string, unknown>) =>
    call(token, 'POST', '/api/transactions', (await saleOf(price, payment)).payload);

  const account = async () => (await call(cashier, 'GET', `/api/customers/${customerId}/account`)).json().data;

  it("a manager's sale on account creates the customer's account; the statement names the sale", async () => {
    const res = await sell(manager, '60.00');
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({ paymentMethod: 'account', tenders: [{ method: 'account', amount: 60 }] });
    customerId = sale.customer.id;
    // A manager's own sale past the limit of 0 is their approval: its audit row says so.
    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sale.account_over_limit'), eq(auditLogs.entityId, sale.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.approvedById).toBe(tenant.manager.id);

    expect(await account()).toMatchObject({ balance: 60, creditLimit: 0, available: 0 });
    const statement = await call(cashier, 'GET', `/api/customers/${customerId}/account/entries`);
    expect(statement.statusCode).toBe(200);
    expect(statement.json().data).toMatchObject([
      {
        amount: 60,
        kind: 'sale',
        method: null,
        balance: 60,
        reference: { id: sale.id, number: sale.receiptNumber },
        approvedByName: tenant.manager.name,
      },
    ]);
    const contact = await call(cashier, 'GET', `/api/customers/branch/${tenant.main.id}/phone/${phone}`);
    expect(contact.json().data).toMatchObject({ accountBalance: 60, creditLimit: 0 });
  });

  it('a manager sets the credit limit with a reason (audited); a cashier may not; bad input is a 400', async () => {
    const set = await call(manager, 'PUT', `/api/customers/${customerId}/account`, {
      creditLimit: 100,
      reason: 'Regular since 2019',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: ACCOUNT_MSG.limitUpdated,
      data: { balance: 60, creditLimit: 100, available: 40 },
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.credit_limit'), eq(auditLogs.entityId, customerId)));
    expect(audit).toMatchObject({
      before: { creditLimit: 0 },
      after: { creditLimit: 100, reason: 'Regular since 2019' },
    });

    expect(
      (await call(cashier, 'PUT', `/api/customers/${customerId}/account`, { creditLimit: 9999, reason: 'Me' }))
        .statusCode,
    ).toBe(403);
    for (const [payload, message] of [
      [{ creditLimit: -1, reason: 'x' }, ACCOUNT_MSG.limitInvalid],
      [{ creditLimit: 10 }, ACCOUNT_MSG.reasonRequired],
      [{ creditLimit: 10.005, reason: 'x' }, ACCOUNT_MSG.amountDecimals],
    ] as const) {
      const res = await call(manager, 'PUT', `/api/customers/${customerId}/account`, payload);
      expect(res.statusCode).toBe(400);
      expect([res.json().message, ...Object.values(res.json().errors ?? {})]).toContain(message);
    }
    expect((await account()).creditLimit).toBe(100);
    // The limit and what is owed reach the registers' customer sync (an offline register's limit).
    const synced = await call(cashier, 'GET', `/api/sync/customers?branchId=${tenant.main.id}`);
    expect(synced.json().data.customers).toContainEqual(
      expect.objectContaining({ id: customerId, accountBalance: 60, creditLimit: 100 }),
    );
  });

  it("a cashier's sale within the limit passes; past it, 403 APPROVAL_REQUIRED and nothing written", async () => {
    const within = await sell(cashier, '40.00');
    expect(within.statusCode, within.body).toBe(201);
    expect((await account()).balance).toBe(100);
    // Within the limit nobody approved anything: the entry names no approver (a manager's sale neither).
    const [entry] = (await call(cashier, 'GET', `/api/customers/${customerId}/account/entries`)).json().data;
    expect(entry).toMatchObject({ amount: 40, approvedByName: null });

    const { product, payload } = await saleOf('0.01');
    const over = await call(cashier, 'POST', '/api/transactions', payload);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: APPROVAL_REQUIRED, message: ACCOUNT_MSG.overLimit });
    expect((await account()).balance).toBe(100);
    const [stock] = await ctx.database.db
      .select({ quantity: products.stockQuantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(Number(stock?.quantity)).toBe(10);
  });

  it("with a manager's grant for the cart the sale passes past the limit, approved and audited", async () => {
    const { payload } = await saleOf('25.00');
    const grant = await call(cashier, 'POST', '/api/approvals/grants', {
      purpose: 'sale',
      branchId: tenant.main.id,
      register_id: registerId,
      username: tenant.manager.username,
      pin: PIN,
      items: payload.items,
      discount_type: payload.discount_type,
      discount_value: payload.discount_value,
      tax_rate: payload.tax_rate,
      total: payload.total,
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const res = await call(cashier, 'POST', '/api/transactions', {
      ...payload,
      approval_grant_id: grant.json().data.grant_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await account()).toMatchObject({ balance: 125, creditLimit: 100, available: 0 });
    const [entry] = (await call(manager, 'GET', `/api/customers/${customerId}/account/entries`)).json().data;
    expect(entry).toMatchObject({ amount: 25, balance: 125, approvedByName: tenant.manager.name });
    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sale.account_over_limit'), eq(auditLogs.entityId, res.json().data.id)));
    expect(audit.map((a) => [a.userId, a.approvedById])).toEqual([[tenant.cashier.id, tenant.manager.id]]);
  });

  it('refuses an account tender without a customer (400)', async () => {
    const { payload } = await saleOf('5.00');
    const res = await call(cashier, 'POST', '/api/transactions', { ...payload, customer: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MSG.needsCustomer);
  });

  it('two registers selling the last of the limit at once: one passes, the other needs approval', async () => {
    await call(manager, 'PUT', `/api/customers/${customerId}/account`, { creditLimit: 150, reason: 'Raise' });
    const results = await Promise.all([sell(cashier, '20.00'), sell(cashier, '20.00')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect((await account()).balance).toBe(145);
  });

  it("a cashier's cash payment at the register goes into the shift's drawer; a card one does not", async () => {
    const shift = await openTestShift(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      userId: tenant.cashier.id,
    });
    const before = (await call(cashier, 'GET', `/api/shifts/${shift.id}/report`)).json().data;
    const noShift = await call(cashier, 'POST', `/api/customers/${customerId}/account/payments`, {
      amount: 10,
      method: 'cash',
    });
    expect(noShift.statusCode).toBe(400);
    expect(noShift.json().message).toBe(ACCOUNT_MSG.paymentNeedsShift);

    const id = crypto.randomUUID();
    const payment = { id, amount: 45.5, method: 'cash', shift_id: shift.id, note: 'November' };
    const paid = await call(cashier, 'POST', `/api/customers/${customerId}/account/payments`, payment);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({
      entry: { id, amount: -45.5, kind: 'payment', method: 'cash', note: 'November', balance: 99.5 },
      account: { balance: 99.5 },
    });
    const after = (await call(cashier, 'GET', `/api/shifts/${shift.id}/report`)).json().data;
    expect(after.paidIn - before.paidIn).toBe(45.5);
    expect(after.expectedCash - before.expectedCash).toBe(45.5);
    // The same payment again (a lost answer) answers the first; the id for another payment is a 422.
    const again = await call(cashier, 'POST', `/api/customers/${customerId}/account/payments`, payment);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.entry.id).toBe(id);
    expect((await account()).balance).toBe(99.5);
    const reused = await call(cashier, 'POST', `/api/customers/${customerId}/account/payments`, {
      ...payment,
      amount: 1,
    });
    expect(reused.statusCode).toBe(422);

    const card = await call(manager, 'POST', `/api/customers/${customerId}/account/payments`, {
      amount: 9.5,
      method: 'card',
    });
    expect(card.statusCode, card.body).toBe(201);
    expect((await account()).balance).toBe(90);
    const unchanged = (await call(cashier, 'GET', `/api/shifts/${shift.id}/report`)).json().data;
    expect(unchanged.expectedCash).toBe(after.expectedCash);
    for (const payload of [
      { amount: 0, method: 'card' },
      { amount: 1e-7, method: 'card' },
      { amount: 5, method: 'cheque' },
    ]) {
      expect((await call(manager, 'POST', `/api/customers/${customerId}/account/payments`, payload)).statusCode).toBe(
        400,
      );
    }
  });

  it('a refund goes back to the account only as far as it paid the sale', async () => {
    const res = await sell(manager, '30.00', {
      payment_method: 'mixed',
      tenders: [
        { method: 'account', amount: 20 },
        { method: 'card', amount: 10 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect((await account()).balance).toBe(110);
    const returnAll = (refunds: unknown) =>
      call(manager, 'POST', '/api/returns', {
        originalTransactionId: sale.id,
        branchId: tenant.main.id,
        items: [{ original_transaction_item_id: sale.items[0].id, return_quantity: 1, condition: 'new' }],
        reason: 'customer_change_mind',
        refund_method: 'mixed',
        refunds,
      });
    const tooMuch = await returnAll([
      { method: 'account', amount: 25 },
      { method: 'card_refund', amount: 5 },
    ]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(ACCOUNT_MSG.refundOver('20.00'));
    const asPaid = await returnAll([
      { method: 'account', amount: 20 },
      { method: 'card_refund', amount: 10 },
    ]);
    expect(asPaid.statusCode, asPaid.body).toBe(201);
    expect((await account()).balance).toBe(90);
    const [entry] = (await call(manager, 'GET', `/api/customers/${customerId}/account/entries`)).json().data;
    expect(entry).toMatchObject({ amount: -20, kind: 'return', reference: { id: asPaid.json().data.id } });
  });

  it('takes an offline sale on account past the limit and flags it account_over_limit', async () => {
    const { register, key } = await enrolDevice(ctx.app, { token: cashier, branchId: tenant.main.id });
    const { payload } = await saleOf('200.00');
    const id = crypto.randomUUID();
    const sale = { ...payload, id, register_id: register.id, offline: true, sold_at: new Date().toISOString() };
    const res = await uploadSigned(ctx.app, { token: cashier, branchId: tenant.main.id, key, sales: [{ sale }] });
    expect(res.json().data.results[0].status, res.body).toBe(201);
    expect((await call(manager, 'GET', `/api/transactions/${id}`)).json().data.flags).toContain('account_over_limit');
    expect((await account()).balance).toBe(290);
  });

  it('ages what is owed by the oldest unpaid sales first, and exports the list', async () => {
    // Back-date the entries of the account: a ledger is append-only, so the test moves time, not the entries.
    await ctx.database.db.execute(
      sql`alter table customer_account_entries disable trigger customer_account_entries_append_only`,
    );
    try {
      await ctx.database.db.execute(sql`
        update customer_account_entries e set created_at = now() - (d.days || ' days')::interval
        from (select id, row_number() over (order by created_at, id) as n from customer_account_entries
              where customer_id = ${customerId}) o
        join (values (1, 120), (2, 95), (3, 61), (4, 40)) as d(n, days) on d.n = o.n
        where e.id = o.id`);
    } finally {
      await ctx.database.db.execute(
        sql`alter table customer_account_entries enable trigger customer_account_entries_append_only`,
      );
    }
    // Sales of 60 (120 days ago), 40 (95), 25 (61), 20 (40), and now 20 and the offline 200; payments of
    // 45.50 and 9.50 and a refund of 20 paid the oldest: 290 owed is the newest sales' 220 (current), 20 (40
    // days), 25 (61 days) and 25 of the 40 (95 days); the 60 of 120 days is paid.
    const statement = (await call(manager, 'GET', `/api/customers/${customerId}/account/entries?limit=100`)).json();
    expect(statement.meta.total).toBe(9);
    expect((await account()).ageing).toEqual({ current: 220, days30: 20, days60: 25, days90: 25 });

    const list = await call(manager, 'GET', `/api/accounts/ageing?branchId=${tenant.main.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ customerId, balance: 290, current: 220, days30: 20, days60: 25, days90: 25 }),
    ]);
    expect((await call(cashier, 'GET', `/api/accounts/ageing?branchId=${tenant.main.id}`)).statusCode).toBe(403);
    expect((await call(otherManager, 'GET', `/api/accounts/ageing?branchId=${tenant.main.id}`)).statusCode).toBe(404);

    const csv = await call(manager, 'GET', `/api/accounts/ageing/export.csv?branchId=${tenant.main.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Customer',
      'Phone',
      'Balance',
      'Credit limit',
      'Current (0-29 days)',
      '30-59 days',
      '60-89 days',
      '90+ days',
      'Oldest unpaid',
    ]);
    expect(rows[1]?.slice(0, 8)).toEqual([
      'Rashid Khan',
      phone,
      '290.00',
      '150.00',
      '220.00',
      '20.00',
      '25.00',
      '25.00',
    ]);
  });

  it('keeps other companies out (404) and the ledger append-only', async () => {
    for (const url of [`/api/customers/${customerId}/account`, `/api/customers/${customerId}/account/entries`]) {
      expect((await call(otherManager, 'GET', url)).statusCode).toBe(404);
    }
    const pay = await call(otherManager, 'POST', `/api/customers/${customerId}/account/payments`, {
      amount: 1,
      method: 'card',
    });
    expect(pay.statusCode).toBe(404);
    await expect(ctx.database.db.execute(sql`update customer_account_entries set amount = 1`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from customer_account_entries`)).rejects.toThrow();
  });
});
