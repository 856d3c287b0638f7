import { computeCartTotals, FBR_PAYMENT_MODES, type FbrInvoice, FISCAL_MSG, fromMinor, toMinor } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, branches, fiscalAttempts, fiscalDocuments, fiscalSettings } from '../../src/db/schema';
import { fbrProvider } from '../../src/features/fiscal/fbr';
import { drainFiscalOutbox } from '../../src/features/fiscal/fiscal-outbox';
import { sourceOf } from '../../src/features/fiscal/fiscal-outbox.repo';
import { type FbrSimulator, startFbrSimulator } from '../../src/fiscal-sim/fbr-simulator';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice } from '../helpers/device';
import { createProduct, createTaxClass, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Fiscal reporting to FBR (docs/architecture/fiscal.md) against the simulator, which checks every field and
 * total with the same schema: a sale of mixed tax classes with a discount and split tender, and its return, are
 * numbered with the right fields to the cent; a refused invoice fails with FBR's reason while the queue goes
 * on, and a manager resends it; no answer retries later, in order; a USIN sent again is numbered once.
 */
describe(`fiscal reporting to FBR (${engineName()})`, () => {
  const OFFICE_POS = 7000;
  const REGISTER_POS = 7001;
  let ctx: TestContext;
  let sim: FbrSimulator;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { admin: string; manager: string; cashier: string };
  let registerId: string;
  let milk: { id: string; price: string; variantId: string };
  let soap: { id: string; price: string };

  beforeAll(async () => {
    sim = await startFbrSimulator({ tokens: { [OFFICE_POS]: 'office-token', [REGISTER_POS]: 'register-token' } });
    ctx = await createTestContext({}, { fiscalOutbox: false });
    const db = ctx.database.db;
    [tenant, other] = await Promise.all([createTenant(db), createTenant(db)]);
    await db.update(branches).set({ taxRate: '17.00' }).where(eq(branches.id, tenant.main.id));
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    registerId = (await enrolDevice(ctx.app, { token: tokens.manager, branchId: tenant.main.id })).register.id;
    const exempt = await createTaxClass(db, { companyId: tenant.company.id, pctCode: '0401.1000' });
    milk = await createProduct(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Fresh Milk',
      sku: 'MILK-1L',
      price: '240.00',
      stockQuantity: 50,
      taxClassId: exempt.id,
      taxRate: '0.00',
    });
    // The item carries the class its listing copies (the catalogue's invariant).
    await db.execute(sql`update items set tax_class_id = ${exempt.id}
                         where id = (select item_id from variants where id = ${milk.variantId}::uuid)`);
    soap = await createProduct(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Soap Bar',
      sku: 'SOAP-1',
      price: '100.00',
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
  const drain = () => drainFiscalOutbox(ctx.database.db, ctx.app.fiscal);
  const documentOf = async (documentId: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(fiscalDocuments)
      .where(eq(fiscalDocuments.documentId, documentId));
    return row;
  };
  const invoiceOf = (usin: string): FbrInvoice | undefined => sim.invoices().find((i) => i.usin === usin)?.invoice;

  /** 2 soaps (17 %) and 3 milks (exempt), 50.00 off, paid as `payment` says. */
  function cart(payment: Record<string, unknown>, withRegister = true) {
    const lines = [
      { product: soap, quantity: 2 },
      { product: milk, quantity: 3, taxRate: 0 },
    ];
    const totals = computeCartTotals({
      items: lines.map((l) => ({ price: Number(l.product.price), quantity: l.quantity, taxRate: l.taxRate })),
      taxRate: 17,
      discountType: 'amount',
      discountValue: 50,
    });
    return {
      totals,
      payload: {
        branchId: tenant.main.id,
        ...(withRegister && { register_id: registerId }),
        items: lines.map((l) => ({
          product_id: l.product.id,
          quantity: l.quantity,
          price: Number(l.product.price),
          ...(l.taxRate !== undefined && { tax_rate: l.taxRate }),
        })),
        subtotal: totals.subtotal,
        tax: totals.tax,
        tax_rate: 17,
        discount_type: 'amount',
        discount_value: 50,
        discount_amount: totals.discountAmount,
        total: totals.total,
        customer: { name: 'Ayesha Khan', phone: '03001234567' },
        amount_paid: totals.total,
        change: 0,
        ...payment,
      },
    };
  }

  async function sell(payment: Record<string, unknown> = { payment_method: 'card' }, withRegister = true) {
    const res = await call(tokens.manager, 'POST', '/api/transactions', cart(payment, withRegister).payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      id: string;
      receiptNumber: string;
      total: number;
      taxAmount: number;
      items: { id: string }[];
    };
  }

  it('a sale of a branch that does not report is queued for nobody', async () => {
    const sale = await sell();
    expect(await documentOf(sale.id)).toBeUndefined();
    expect((await call(tokens.manager, 'GET', `/api/transactions/${sale.id}`)).json().data.fiscal).toBeNull();
    // Its return neither: a read of it says so with null.
    const returned = await call(tokens.manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: sale.items[0]?.id, return_quantity: 1, condition: 'new' }],
      refund_method: 'card_refund',
      reason: 'defective',
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const returnId = returned.json().data.id;
    expect(await documentOf(returnId)).toBeUndefined();
    expect((await call(tokens.manager, 'GET', `/api/returns/${returnId}`)).json().data.fiscal).toBeNull();
  });

  it('the Super Admin sets the branch to FBR and the POS registrations; tokens are sealed and never answered', async () => {
    const settings = {
      branchId: tenant.main.id,
      provider: 'fbr',
      environment: 'simulator',
      baseUrl: sim.url,
      posId: OFFICE_POS,
      token: 'office-token',
      defaultPctCode: '3401.1100',
    };
    const reports = async () =>
      (await call(tokens.cashier, 'GET', `/api/sync/catalogue?branchId=${tenant.main.id}&limit=1`)).json().data.branch
        .fiscal;
    expect(await reports()).toBe(false);
    expect((await call(tokens.manager, 'PUT', '/api/fiscal/settings', settings)).statusCode).toBe(403);
    const bad = await call(tokens.admin, 'PUT', '/api/fiscal/settings', { ...settings, defaultPctCode: '34011100' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FISCAL_MSG.pctInvalid);
    const saved = await call(tokens.admin, 'PUT', '/api/fiscal/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ provider: 'fbr', posId: OFFICE_POS, hasToken: true });
    expect(saved.body).not.toContain('office-token');
    // The registers learn it with the catalogue: their receipts then carry FBR's number.
    expect(await reports()).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(fiscalSettings)
      .where(eq(fiscalSettings.branchId, tenant.main.id));
    expect(row?.tokenEncrypted).toBeTruthy();
    expect(row?.tokenEncrypted).not.toContain('office-token');

    const register = await call(tokens.admin, 'PUT', `/api/fiscal/registers/${registerId}`, {
      branchId: tenant.main.id,
      posId: REGISTER_POS,
      token: 'register-token',
    });
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json().data.registers).toContainEqual(
      expect.objectContaining({ registerId, posId: REGISTER_POS, hasToken: true }),
    );
    expect(register.body).not.toContain('register-token');
    // A register of another company is not found.
    const theirs = (
      await enrolDevice(ctx.app, { token: await login(ctx.app, other.manager.username), branchId: other.main.id })
    ).register.id;
    const elsewhere = await call(tokens.admin, 'PUT', `/api/fiscal/registers/${theirs}`, {
      branchId: tenant.main.id,
      posId: 9,
      token: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, tenant.company.id), eq(auditLogs.action, 'fiscal.settings')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('office-token');
  });

  it('a sale of mixed tax classes, a discount and split tender is numbered with its fields to the cent', async () => {
    const opened = await call(tokens.manager, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 0,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { totals } = cart({});
    const sale = await sell({
      payment_method: 'mixed',
      tenders: [
        { method: 'card', amount: 500 },
        { method: 'cash', amount: fromMinor(toMinor(totals.total) - 50_000) },
      ],
    });
    expect((await documentOf(sale.id))?.status).toBe('pending');
    expect(await drain()).toBe(1);

    const doc = await documentOf(sale.id);
    expect(doc).toMatchObject({ status: 'sent', usin: sale.receiptNumber, registerId });
    const invoice = invoiceOf(sale.receiptNumber);
    expect(doc?.fiscalNumber).toBe(sim.invoices().find((i) => i.usin === sale.receiptNumber)?.invoiceNumber);
    expect(invoice).toMatchObject({
      POSID: REGISTER_POS,
      USIN: sale.receiptNumber,
      InvoiceType: 1,
      PaymentMode: FBR_PAYMENT_MODES.mixed,
      BuyerName: 'Ayesha Khan',
      BuyerPhoneNumber: '03001234567',
      TotalBillAmount: sale.total,
      TotalTaxCharged: sale.taxAmount,
      Discount: 50,
      TotalQuantity: 5,
      RefUSIN: null,
    });
    // Goods 200 + 720 = 920; 50 off by goods: 10.87 and 39.13; tax 17 % of 189.13 = 32.15, 0 % of 680.87.
    const byCode = Object.fromEntries((invoice?.Items ?? []).map((i) => [i.ItemCode, i]));
    expect(byCode['SOAP-1']).toMatchObject({
      PCTCode: '3401.1100',
      TaxRate: 17,
      SaleValue: 189.13,
      Discount: 10.87,
      TaxCharged: 32.15,
      TotalAmount: 221.28,
    });
    expect(byCode['MILK-1L']).toMatchObject({
      PCTCode: '0401.1000',
      TaxRate: 0,
      SaleValue: 680.87,
      Discount: 39.13,
      TaxCharged: 0,
      TotalAmount: 680.87,
    });
    // A read of the sale says it, as the reprint and the transactions screen show it.
    const read = await call(tokens.manager, 'GET', `/api/transactions/${sale.id}`);
    expect(read.json().data.fiscal).toEqual({ status: 'sent', number: doc?.fiscalNumber });
  });

  it('a return is a debit note naming the sale (InvoiceType 3, RefUSIN), numbered on the back office POS', async () => {
    const sale = await sell({ payment_method: 'card' }, false);
    await drain();
    const soapLine = (await call(tokens.manager, 'GET', `/api/transactions/${sale.id}`))
      .json()
      .data.items.find((i: { productName: string }) => i.productName === 'Soap Bar');
    const res = await call(tokens.manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: soapLine.id, return_quantity: 1, condition: 'new' }],
      refund_method: 'card_refund',
      reason: 'defective',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ret = res.json().data;
    // Recorded, it waits in the outbox: its answer and a read of it say so.
    expect(ret.fiscal).toEqual({ status: 'pending', number: null });
    const readReturn = async () => (await call(tokens.manager, 'GET', `/api/returns/${ret.id}`)).json().data.fiscal;
    expect(await readReturn()).toEqual({ status: 'pending', number: null });
    expect(await drain()).toBe(1);
    const invoice = invoiceOf(ret.returnNumber);
    expect(invoice).toMatchObject({
      POSID: OFFICE_POS,
      InvoiceType: 3,
      RefUSIN: sale.receiptNumber,
      PaymentMode: FBR_PAYMENT_MODES.card,
      TotalQuantity: 1,
    });
    // One soap of the two: half its line, 94.56 after its share of the discount, 16.08 tax: the refund.
    expect(invoice?.Items).toEqual([
      expect.objectContaining({ ItemCode: 'SOAP-1', InvoiceType: 3, RefUSIN: sale.receiptNumber, TaxRate: 17 }),
    ]);
    expect(invoice?.TotalBillAmount).toBe(ret.refundAmount);
    expect((await documentOf(ret.id))?.status).toBe('sent');
    // A read of the return carries FBR's number for it, as the returns screen's details show it.
    const number = sim.invoices().find((i) => i.usin === ret.returnNumber)?.invoiceNumber;
    expect(number).toBeTruthy();
    expect((await documentOf(ret.id))?.fiscalNumber).toBe(number);
    expect(await readReturn()).toEqual({ status: 'sent', number });
  });

  it("a refused invoice fails with FBR's reason while the queue goes on; a manager resends it once fixed", async () => {
    const first = await sell();
    const second = await sell();
    sim.behave({ mode: 'refuse', code: '103', message: 'Invalid PCT code', usin: first.receiptNumber });
    await drain();
    expect(await documentOf(first.id)).toMatchObject({ status: 'failed', lastCode: '103' });
    expect((await documentOf(first.id))?.lastError).toContain('Invalid PCT code');
    expect((await documentOf(second.id))?.status).toBe('sent');

    const status = (await call(tokens.manager, 'GET', `/api/fiscal/status?branchId=${tenant.main.id}`)).json().data;
    expect(status).toMatchObject({ provider: 'fbr', failed: 1, pending: 0, overdue: false });
    const failed = await call(tokens.manager, 'GET', `/api/fiscal/documents?branchId=${tenant.main.id}&status=failed`);
    expect(failed.json().data).toEqual([
      expect.objectContaining({ usin: first.receiptNumber, registerCode: expect.any(String) }),
    ]);
    expect(failed.json().meta.total).toBe(1);

    const docId = (await documentOf(first.id))?.id;
    expect((await call(tokens.cashier, 'POST', `/api/fiscal/documents/${docId}/resend`)).statusCode).toBe(403);
    const otherManager = await login(ctx.app, other.manager.username);
    expect((await call(otherManager, 'POST', `/api/fiscal/documents/${docId}/resend`)).statusCode).toBe(404);
    sim.clear();
    const resent = await call(tokens.manager, 'POST', `/api/fiscal/documents/${docId}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.status).toBe('pending');
    expect((await call(tokens.manager, 'POST', `/api/fiscal/documents/${docId}/resend`)).statusCode).toBe(409);
    await drain();
    expect((await documentOf(first.id))?.status).toBe('sent');
    const audit = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'fiscal.resend'));
    expect(audit.map((a) => [a.userId, a.entityId])).toEqual([[tenant.manager.id, docId]]);
  });

  it("no answer (5xx) is tried again later, and the register's later invoice waits behind it", async () => {
    const first = await sell();
    const second = await sell();
    sim.behave({ mode: 'error', times: 1 });
    await drain();
    const waiting = await documentOf(first.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await documentOf(second.id))?.status).toBe('pending');
    const attempts = await ctx.database.db
      .select()
      .from(fiscalAttempts)
      .where(eq(fiscalAttempts.fiscalDocumentId, waiting?.id ?? ''));
    expect(attempts.map((a) => [a.outcome, a.httpStatus])).toEqual([['error', 503]]);

    // Its backoff over: both go, in order.
    await ctx.database.db
      .update(fiscalDocuments)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(fiscalDocuments.id, waiting?.id ?? ''));
    await drain();
    const [a, b] = [await documentOf(first.id), await documentOf(second.id)];
    expect([a?.status, b?.status]).toEqual(['sent', 'sent']);
    expect((a?.sentAt?.getTime() ?? 0) <= (b?.sentAt?.getTime() ?? 0)).toBe(true);
  });

  it('a USIN sent again after a lost answer is numbered once: the same number is recorded', async () => {
    const sale = await sell();
    const doc = await documentOf(sale.id);
    if (!doc) throw new Error('not queued');
    // The first send reached FBR, but its answer was lost (the process died before recording it).
    const source = await sourceOf(
      ctx.database.db,
      {
        ...doc,
        company_id: doc.companyId,
        branch_id: doc.branchId,
        register_id: doc.registerId,
        kind: 'sale',
        document_id: doc.documentId,
      },
      '3401.1100',
    );
    if (!source) throw new Error('no source');
    const lost = await fbrProvider.send(source, {
      url: `${sim.url}/PostData`,
      posId: REGISTER_POS,
      token: 'register-token',
      timeoutMs: 5000,
    });
    expect(lost.outcome).toBe('ok');
    await drain();
    const numbered = sim.invoices().filter((i) => i.usin === sale.receiptNumber);
    expect(numbered).toHaveLength(1);
    expect(numbered[0]?.received).toBe(2);
    expect((await documentOf(sale.id))?.fiscalNumber).toBe(lost.outcome === 'ok' ? lost.number : '');
    const [attempt] = await ctx.database.db
      .select()
      .from(fiscalAttempts)
      .where(eq(fiscalAttempts.fiscalDocumentId, doc.id));
    expect(attempt?.outcome).toBe('duplicate');
  });
});
