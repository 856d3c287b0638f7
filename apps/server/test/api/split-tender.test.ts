import { computeCartTotals, RETURNS_MSG, refundByTenders, SALES_MSG, SHIFT_MSG, TENDER_MSG } from '@pos/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { type DeviceKey, enrolDevice, uploadSigned } from '../helpers/device';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Split tender: one sale paid by cash and card. The sale keeps a tender line per method (cash less the
 * change), payment_method 'mixed'; change comes only from cash; the shift's expected cash counts the cash
 * part only and its report lists each tender.
 */
describe(`split tender (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let cashier: string;
  let registerId: string;
  let shiftId: string;
  let device: DeviceKey;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    cashier = await login(ctx.app, tenant.cashier.username);
    const enrolled = await enrolDevice(ctx.app, { token: cashier, branchId: tenant.main.id });
    registerId = enrolled.register.id;
    device = enrolled.key;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    request(ctx.app, cashier, { method, url, payload });

  const product = (price: string) =>
    createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price,
      stockQuantity: 100,
    });

  /** A sale of one line at 0 % tax with the given payment fields. */
  async function cart(price: string, payment: Record<string, unknown>) {
    const p = await product(price);
    const items = [{ product_id: p.id, quantity: 1, price: Number(price) }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    return {
      branchId: tenant.main.id,
      register_id: registerId,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
      amount_paid: 0,
      change: 0,
      ...payment,
    };
  }

  const sell = (payload: unknown) => call('POST', '/api/transactions', payload);

  it('refuses a mixed payment with no open shift: it takes cash', async () => {
    const res = await sell(
      await cart('85.00', {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 30 },
          { method: 'cash', amount: 60 },
        ],
        amount_paid: 90,
        change: 5,
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SHIFT_MSG.noShiftForCash);
  });

  it('records card 30 + cash 60 on 85.00 as card 30, cash 55, change 5; reading it back answers the same', async () => {
    const opened = await call('POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 100,
      denominations: { '10000': 1 },
    });
    expect(opened.statusCode).toBe(201);
    shiftId = opened.json().data.id;

    const res = await sell(
      await cart('85.00', {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 30 },
          { method: 'cash', amount: 60 },
        ],
        amount_paid: 90,
        change: 5,
      }),
    );
    expect(res.statusCode).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({
      paymentMethod: 'mixed',
      total: 85,
      amountPaid: 90,
      changeAmount: 5,
      shift_id: shiftId,
    });
    expect(sale.tenders).toEqual([
      { method: 'card', amount: 30 },
      { method: 'cash', amount: 55 },
    ]);
    const read = await call('GET', `/api/transactions/${sale.id}`);
    expect(read.statusCode).toBe(200);
    // A read adds the sale's fiscal report (none: the branch does not report).
    expect(read.json().data).toEqual({ ...sale, fiscal: null });

    // The spec's single tender still answers one line.
    const card = await sell(await cart('12.50', { payment_method: 'card', amount_paid: 12.5 }));
    expect(card.statusCode).toBe(201);
    expect(card.json().data.tenders).toEqual([{ method: 'card', amount: 12.5 }]);
    const cash = await sell(await cart('7.25', { payment_method: 'cash', amount_paid: 10, change: 2.75 }));
    expect(cash.statusCode).toBe(201);
    expect(cash.json().data).toMatchObject({ changeAmount: 2.75, tenders: [{ method: 'cash', amount: 7.25 }] });

    const list = await call('GET', `/api/transactions?branchId=${tenant.main.id}&paymentMethod=mixed`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([sale.id]);
    // The export says what each tender paid.
    const exported = await call('GET', `/api/transactions/export.csv?branchId=${tenant.main.id}&paymentMethod=mixed`);
    expect(exported.statusCode).toBe(200);
    const [row] = parse(exported.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      'Payment method': 'mixed',
      Total: '85.00',
      'Paid by cash': '55.00',
      'Paid by card': '30.00',
    });
  });

  it('lists each tender in the X report and counts only the cash part into the drawer', async () => {
    const report = (await call('GET', `/api/shifts/${shiftId}/report`)).json().data;
    // float 100 + cash 55 (60 less 5 change) + cash 7.25; card 30 + 12.50 never reach the drawer.
    expect(report.expectedCash).toBe(162.25);
    expect(report.sales).toMatchObject({ count: 3, total: 104.75, change: 7.75 });
    expect(report.sales.byMethod).toEqual([
      { method: 'card', count: 2, total: 42.5 },
      { method: 'cash', count: 2, total: 62.25 },
    ]);
  });

  it('reports sales by tender, filters the list and its export by tender, and counts them from the kept totals', async () => {
    const manager = await login(ctx.app, tenant.manager.username);
    const get = async (url: string) => {
      const res = await request(ctx.app, manager, { url: `/api${url}` });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const byTender = (await get(`/reports/sales-by-payment-method?branchId=${tenant.main.id}`)).json().data;
    // The sales: card 30 + cash 55 (split), card 12.50, cash 7.25. No 'Mixed' row: its tenders.
    expect(byTender.rows.map((r: Record<string, unknown>) => [r.key, r.transactions, r.revenue, r.quantity])).toEqual(
      expect.arrayContaining([
        ['card', 2, 42.5, null],
        ['cash', 2, 62.25, null],
      ]),
    );
    expect(byTender.rows).toHaveLength(2);
    expect(byTender.totals.revenue).toBe(104.75);
    const day = (await get(`/reports/sales-by-day?branchId=${tenant.main.id}`)).json().data;
    expect(byTender.totals.netRevenue).toBe(day.totals.netRevenue);

    const list = async (query: string) => (await get(`/transactions?branchId=${tenant.main.id}&${query}`)).json();
    expect((await list('tender=card')).meta.total).toBe(2);
    // Card paid part of the split sale and all of the 12.50 one.
    const card = (await list('tender=card')).data.map((s: { paymentMethod: string; total: number }) => [
      s.paymentMethod,
      s.total,
    ]);
    expect(card).toEqual([
      ['card', 12.5],
      ['mixed', 85],
    ]);
    expect((await list('paymentMethod=card')).meta.total).toBe(1);
    expect((await list('tender=store_credit')).meta.total).toBe(0);
    expect((await list('tender=cash&paymentMethod=mixed')).meta.total).toBe(1);
    expect((await list('tender=cash&status=completed')).meta.total).toBe(2);
    const csv = (await get(`/transactions/export.csv?branchId=${tenant.main.id}&tender=card`)).body;
    expect(parse(csv, { columns: true })).toHaveLength(2);
    const bad = await request(ctx.app, manager, { url: `/api/transactions?branchId=${tenant.main.id}&tender=bitcoin` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SALES_MSG.invalidTender);
  });

  it.each([
    [
      'a card above the amount due',
      {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 90 },
          { method: 'cash', amount: 10 },
        ],
      },
      TENDER_MSG.onlyCashOver,
    ],
    [
      'tenders short of the total',
      {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 30 },
          { method: 'cash', amount: 50 },
        ],
      },
      TENDER_MSG.short,
    ],
    [
      'a tender of nothing',
      {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 85 },
          { method: 'cash', amount: 0 },
        ],
      },
      TENDER_MSG.amountAboveZero,
    ],
    [
      'cash that all comes back as change',
      {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 85 },
          { method: 'cash', amount: 5 },
        ],
      },
      TENDER_MSG.cashNotNeeded,
    ],
    [
      'the same tender twice',
      {
        payment_method: 'mixed',
        tenders: [
          { method: 'cash', amount: 50 },
          { method: 'cash', amount: 40 },
        ],
      },
      TENDER_MSG.once,
    ],
    ['mixed without its tenders', { payment_method: 'mixed', amount_paid: 85 }, SALES_MSG.mixedNeedsTenders],
    [
      'a method that does not name its tenders',
      {
        payment_method: 'card',
        tenders: [
          { method: 'card', amount: 30 },
          { method: 'cash', amount: 60 },
        ],
      },
      SALES_MSG.methodOfTenders,
    ],
    [
      'a tender the counter does not take',
      { payment_method: 'mixed', tenders: [{ method: 'cheque', amount: 85 }] },
      'Invalid option: expected one of "cash"|"card"|"store_credit"|"account"|"voucher"',
    ],
  ])('refuses %s (400, nothing written)', async (_, payment, message) => {
    const before = await call('GET', `/api/shifts/${shiftId}/report`);
    const res = await sell(await cart('85.00', payment));
    expect(res.statusCode).toBe(400);
    expect([res.json().message, ...Object.values(res.json().errors ?? {})]).toContain(message);
    const after = await call('GET', `/api/shifts/${shiftId}/report`);
    expect(after.json().data.sales).toEqual(before.json().data.sales);
  });

  it('takes a split tender in an offline upload, into the shift it names', async () => {
    const id = crypto.randomUUID();
    const payload = await cart('40.00', {
      id,
      payment_method: 'mixed',
      tenders: [
        { method: 'cash', amount: 20 },
        { method: 'card', amount: 20 },
      ],
      amount_paid: 40,
      shift_id: shiftId,
      offline: true,
      sold_at: new Date().toISOString(),
    });
    const res = await uploadSigned(ctx.app, {
      token: cashier,
      branchId: tenant.main.id,
      key: device,
      sales: [{ sale: payload }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results[0].status, res.body).toBe(201);
    const read = await call('GET', `/api/transactions/${id}`);
    expect(read.json().data).toMatchObject({
      paymentMethod: 'mixed',
      tenders: [
        { method: 'card', amount: 20 },
        { method: 'cash', amount: 20 },
      ],
    });
  });

  it('gives back to the card only what the card paid; the rest goes back another way', async () => {
    const p = await product('50.00');
    const items = [{ product_id: p.id, quantity: 2, price: 50 }];
    const sale = await sell({
      branchId: tenant.main.id,
      register_id: registerId,
      items,
      subtotal: 100,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: 100,
      payment_method: 'mixed',
      tenders: [
        { method: 'card', amount: 60 },
        { method: 'cash', amount: 40 },
      ],
      amount_paid: 100,
      change: 0,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const [line] = sale.json().data.items;
    const manager = await login(ctx.app, tenant.manager.username);
    const refund = (method: string) =>
      request(ctx.app, manager, {
        method: 'POST',
        url: '/api/returns',
        payload: {
          originalTransactionId: sale.json().data.id,
          branchId: tenant.main.id,
          register_id: registerId,
          items: [{ original_transaction_item_id: line.id, return_quantity: 1, condition: 'new' }],
          reason: 'customer_change_mind',
          refund_method: method,
        },
      });
    // 50.00 back to the card (of its 60.00), then another 50.00 would be 40.00 more than the card paid.
    expect((await refund('card_refund')).statusCode).toBe(201);
    const over = await refund('card_refund');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(RETURNS_MSG.cardRefundOver('10.00'));
    expect((await refund('cash')).statusCode).toBe(201);
  });

  it('gives a split sale back the way it was paid: the card its part, the drawer the cash part', async () => {
    const res = await sell(
      await cart('85.00', {
        payment_method: 'mixed',
        tenders: [
          { method: 'card', amount: 30 },
          { method: 'cash', amount: 55 },
        ],
        amount_paid: 85,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    const minor = (lines: { method: string; amount: number }[]) =>
      lines.map((l) => ({ method: l.method, amount: Math.round(l.amount * 100) }));
    // The shared rule the register offers by default: pro rata over what each tender paid.
    const asPaid = refundByTenders(8500, minor(sale.tenders), []).map((l) => ({
      method: l.method,
      amount: l.amount / 100,
    }));
    expect(asPaid).toEqual([
      { method: 'card_refund', amount: 30 },
      { method: 'cash', amount: 55 },
    ]);
    const manager = await login(ctx.app, tenant.manager.username);
    const refund = (fields: Record<string, unknown>) =>
      request(ctx.app, manager, {
        method: 'POST',
        url: '/api/returns',
        payload: {
          originalTransactionId: sale.id,
          branchId: tenant.main.id,
          register_id: registerId,
          items: [{ original_transaction_item_id: sale.items[0].id, return_quantity: 1, condition: 'new' }],
          reason: 'customer_change_mind',
          ...fields,
        },
      });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ refund_method: 'mixed' }, 400, RETURNS_MSG.mixedNeedsRefunds],
      [{ refund_method: 'cash', refunds: asPaid }, 400, RETURNS_MSG.methodOfRefunds],
      [
        {
          refund_method: 'mixed',
          refunds: [
            { method: 'cash', amount: 40 },
            { method: 'cash', amount: 45 },
          ],
        },
        400,
        RETURNS_MSG.refundOnce,
      ],
      [
        {
          refund_method: 'mixed',
          refunds: [
            { method: 'card_refund', amount: 30 },
            { method: 'cash', amount: 54.99 },
          ],
        },
        409,
        RETURNS_MSG.refundsDoNotAddUp('85.00'),
      ],
      [
        {
          refund_method: 'mixed',
          refunds: [
            { method: 'card_refund', amount: 40 },
            { method: 'cash', amount: 45 },
          ],
        },
        409,
        RETURNS_MSG.cardRefundOver('30.00'),
      ],
      [
        {
          refund_method: 'mixed',
          refunds: [
            { method: 'store_credit', amount: 30 },
            { method: 'cash', amount: 55 },
          ],
        },
        400,
        RETURNS_MSG.storeCreditNeedsCustomer,
      ],
    ];
    for (const [fields, status, message] of refusals) {
      const refused = await refund(fields);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json().message).toBe(message);
    }

    const before = (await call('GET', `/api/shifts/${shiftId}/report`)).json().data;
    const made = await refund({ refund_method: 'mixed', refunds: asPaid });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ refundMethod: 'mixed', refundAmount: 85, refunds: asPaid });
    const read = await request(ctx.app, manager, { url: `/api/returns/${made.json().data.id}` });
    expect(read.json().data.refunds).toEqual(asPaid);
    const after = (await call('GET', `/api/shifts/${shiftId}/report`)).json().data;
    // The drawer paid out the cash part only; the X report lists each way back, and counts one return.
    expect(Math.round((before.expectedCash - after.expectedCash) * 100)).toBe(5500);
    expect(after.refunds.count - before.refunds.count).toBe(1);
    const byMethod = (report: { refunds: { byMethod: { method: string; total: number }[] } }, method: string) =>
      Math.round((report.refunds.byMethod.find((m) => m.method === method)?.total ?? 0) * 100);
    expect(byMethod(after, 'card_refund') - byMethod(before, 'card_refund')).toBe(3000);
    expect(byMethod(after, 'cash') - byMethod(before, 'cash')).toBe(5500);
  });

  it('takes cash for a sale of nothing to pay and hands all of it back: no tender line, the change from cash', async () => {
    const res = await sell(await cart('0.00', { payment_method: 'cash', amount_paid: 10, change: 10 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: 0, amountPaid: 10, changeAmount: 10, tenders: [] });
  });

  it('keeps the invariants (tenders sum to each total, change only from cash)', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
