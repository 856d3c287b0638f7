import { randomUUID } from 'node:crypto';
import { computeCartTotals, type FbrInvoice, fromMinor, SALES_MSG, toMinor } from '@pos/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, sales } from '../../src/db/schema';
import { drainFiscalOutbox } from '../../src/features/fiscal/fiscal-outbox';
import { type FbrSimulator, startFbrSimulator } from '../../src/fiscal-sim/fbr-simulator';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadSigned } from '../helpers/device';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * FBR's PKR 1 POS service fee (SRO 1279(I)/2021; docs/architecture/fiscal.md): a branch that reports to FBR with the
 * fee on charges it on every sale, on top of the goods and their tax. The server decides it, not the register: an
 * online sale without it (or with it where the branch charges none) is refused; an offline one is kept as the
 * register charged it and flagged. The invoice carries it as a line, so FBR's total is what the customer paid; a
 * return never gives it back.
 */
describe(`FBR's POS service fee (${engineName()})`, () => {
  const POS = 7100;
  let ctx: TestContext;
  let sim: FbrSimulator;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let manager: string;
  let soap: { id: string; price: string };

  beforeAll(async () => {
    sim = await startFbrSimulator({});
    ctx = await createTestContext({}, { fiscalOutbox: false });
    const db = ctx.database.db;
    tenant = await createTenant(db);
    await db.update(branches).set({ taxRate: '17.00' }).where(eq(branches.id, tenant.main.id));
    manager = await login(ctx.app, tenant.manager.username);
    soap = await createProduct(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Soap Bar',
      sku: 'SOAP-1',
      price: '99.99',
      stockQuantity: 50,
    });
  });
  afterAll(async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
    await ctx.close();
    await sim.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });
  const setFee = async (serviceFee: boolean) => {
    const admin = await login(ctx.app, tenant.admin.username);
    const res = await call(admin, 'PUT', '/api/fiscal/settings', {
      branchId: tenant.main.id,
      provider: 'fbr',
      environment: 'simulator',
      baseUrl: sim.url,
      posId: POS,
      token: 'office-token',
      defaultPctCode: '3401.1100',
      serviceFee,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const syncedFee = async () =>
    (await call(manager, 'GET', `/api/sync/catalogue?branchId=${tenant.main.id}&limit=1`)).json().data.branch
      .serviceFee;

  /** 3 soaps at 99.99, 10 % off, taxed at 17 %, paid by card, with `serviceFee` on top. */
  function payload(serviceFee: number) {
    const totals = computeCartTotals({
      items: [{ price: 99.99, quantity: 3 }],
      taxRate: 17,
      discountType: 'percentage',
      discountValue: 10,
      serviceFee,
    });
    return {
      totals,
      sale: {
        branchId: tenant.main.id,
        items: [{ product_id: soap.id, quantity: 3, price: 99.99 }],
        subtotal: totals.subtotal,
        tax: totals.tax,
        tax_rate: 17,
        discount_type: 'percentage',
        discount_value: 10,
        discount_amount: totals.discountAmount,
        ...(serviceFee > 0 && { service_fee: serviceFee }),
        total: totals.total,
        payment_method: 'card',
        amount_paid: totals.total,
        change: 0,
      },
    };
  }

  it('is charged, checked by the server, reported as a line of its own and never refunded', async () => {
    // Reporting without the fee: a register that adds it is refused, as one that leaves it out is below.
    await setFee(false);
    expect(await syncedFee()).toBe(0);
    const unasked = await call(manager, 'POST', '/api/transactions', payload(1).sale);
    expect(unasked.statusCode, unasked.body).toBe(409);
    expect(unasked.json().message).toBe(SALES_MSG.serviceFeeChanged);

    await setFee(true);
    expect(await syncedFee()).toBe(1);
    const stale = await call(manager, 'POST', '/api/transactions', payload(0).sale);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(SALES_MSG.serviceFeeChanged);
    expect(stale.json().errors).toEqual({ service_fee: SALES_MSG.serviceFeeChanged });

    const { sale: body, totals } = payload(1);
    // Goods 299.97, 10 % off 30.00, tax 17 % of 269.97 = 45.89, the fee 1.00: 316.86.
    expect(totals).toMatchObject({ subtotal: 299.97, discountAmount: 30, tax: 45.89, serviceFee: 1, total: 316.86 });
    const made = await call(manager, 'POST', '/api/transactions', body);
    expect(made.statusCode, made.body).toBe(201);
    const sale = made.json().data;
    expect(sale).toMatchObject({ serviceFee: 1, total: 316.86, taxAmount: 45.89, amountPaid: 316.86 });
    expect(sale.tenders).toEqual([{ method: 'card', amount: 316.86 }]);

    // The invoice: the goods' line and the fee's, untaxed; FBR's total is the sale's.
    expect(await drainFiscalOutbox(ctx.database.db, ctx.app.fiscal)).toBe(1);
    const invoice = sim.invoices().find((i) => i.usin === sale.receiptNumber)?.invoice as FbrInvoice;
    expect(invoice).toMatchObject({ TotalBillAmount: 316.86, TotalTaxCharged: 45.89, TotalSaleValue: 270.97 });
    expect(invoice.Items).toEqual([
      expect.objectContaining({ ItemCode: 'SOAP-1', SaleValue: 269.97, TaxCharged: 45.89, TotalAmount: 315.86 }),
      expect.objectContaining({
        ItemCode: 'POS-FEE',
        Quantity: 1,
        PCTCode: '3401.1100',
        TaxRate: 0,
        SaleValue: 1,
        TaxCharged: 0,
        TotalAmount: 1,
      }),
    ]);
    const read = (await call(manager, 'GET', `/api/transactions/${sale.id}`)).json().data;
    expect(read).toMatchObject({ serviceFee: 1, total: 316.86, fiscal: { status: 'sent' } });

    // Everything back: the goods and their tax, not the fee.
    const returned = await call(manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: sale.items[0].id, return_quantity: 3, condition: 'new' }],
      refund_method: 'card_refund',
      reason: 'defective',
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json().data.refundAmount).toBe(fromMinor(toMinor(316.86) - 100));
  });

  it("an exchange's new sale is an invoice of its own: it charges the fee, and the returned goods never pay it back", async () => {
    await setFee(true);
    const cart = (fee: number) => {
      const totals = computeCartTotals({
        items: [{ price: 99.99, quantity: 1 }],
        taxRate: 17,
        discountType: 'amount',
        discountValue: 0,
        serviceFee: fee,
      });
      return {
        totals,
        sale: {
          items: [{ product_id: soap.id, quantity: 1, price: 99.99 }],
          subtotal: totals.subtotal,
          tax: totals.tax,
          tax_rate: 17,
          discount_type: 'amount',
          discount_value: 0,
          discount_amount: totals.discountAmount,
          ...(fee > 0 && { service_fee: fee }),
          total: totals.total,
        },
      };
    };
    const first = await call(manager, 'POST', '/api/transactions', {
      branchId: tenant.main.id,
      ...cart(1).sale,
      payment_method: 'card',
      amount_paid: cart(1).totals.total,
      change: 0,
    });
    expect(first.statusCode, first.body).toBe(201);
    const original = first.json().data;
    const exchange = (fee: number, tenders: { method: string; amount: number }[]) =>
      call(manager, 'POST', '/api/exchanges', {
        branchId: tenant.main.id,
        originalTransactionId: original.id,
        items: [{ original_transaction_item_id: original.items[0].id, return_quantity: 1, condition: 'new' }],
        reason: 'wrong_item',
        sale: cart(fee).sale,
        tenders,
      });
    // Without the fee the branch charges, the new sale is refused and nothing is written.
    const stale = await exchange(0, []);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(SALES_MSG.serviceFeeChanged);
    // The same soap again: the returned one pays its 116.99 (99.99 and 17.00 tax, not the fee); the card the fee.
    const made = await exchange(1, [{ method: 'card', amount: 1 }]);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ credit: 116.99, applied: 116.99, paid: 1, back: 0 });
    expect(made.json().data.sale).toMatchObject({ serviceFee: 1, total: 117.99 });
  });

  it('offline, the fee the register charged is kept and a different one flagged', async () => {
    await setFee(true);
    const cashier = await login(ctx.app, tenant.cashier.username);
    const { register, key } = await enrolDevice(ctx.app, { token: cashier, branchId: tenant.main.id });
    const offline = (fee: number) => ({
      ...payload(fee).sale,
      id: randomUUID(),
      register_id: register.id,
      offline: true,
      sold_at: new Date().toISOString(),
    });
    const charged = offline(1);
    const stale = offline(0);
    const res = await uploadSigned(ctx.app, {
      token: cashier,
      branchId: tenant.main.id,
      key,
      sales: [{ sale: charged }, { sale: stale }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db
      .select({ id: sales.id, serviceFee: sales.serviceFee, total: sales.total, flags: sales.flags })
      .from(sales)
      .where(eq(sales.registerId, register.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(charged.id)).toMatchObject({ serviceFee: '1.00', total: '316.86' });
    expect(byId.get(charged.id)?.flags).not.toContain('service_fee_differs');
    expect(byId.get(stale.id)).toMatchObject({ serviceFee: '0.00', total: '315.86' });
    expect(byId.get(stale.id)?.flags).toContain('service_fee_differs');
  });
});
