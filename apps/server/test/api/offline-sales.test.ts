import { randomUUID } from 'node:crypto';
import { ROLE_IDS } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, products, registerSignIns, shifts, stockMovements, variants } from '../../src/db/schema';
import { refreshListings } from '../../src/domain/catalog.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { type DeviceKey, enrolDevice, uploadSigned } from '../helpers/device';
import {
  createOpenShift,
  createProduct,
  createTaxClass,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** The branch's local day (yyyy-mm-dd) of an instant. */
const localDay = (at: Date, timeZone = 'Asia/Karachi') =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe(`offline sale upload (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { manager: string; cashier: string };
  let register: { id: string; code: string };
  let device: DeviceKey;
  let sequence = 0;

  const db = () => ctx.database.db;
  const nextReceipt = () => `${register.code}-${String(++sequence).padStart(6, '0')}`;

  /** A card sale of one line (no tax or discount) as a register uploads it after being offline. */
  function offlineSale(
    product: { id: string },
    {
      quantity = 1,
      price = 80,
      unitPrice,
      soldAt = new Date(Date.now() - 3_600_000),
      ...extra
    }: {
      quantity?: number;
      price?: number;
      unitPrice?: number;
      soldAt?: Date;
    } & Record<string, unknown> = {},
  ) {
    const total = Number(((unitPrice ?? price) * quantity).toFixed(2));
    return {
      id: randomUUID(),
      branchId: tenant.main.id,
      items: [{ product_id: product.id, quantity, price, ...(unitPrice !== undefined && { unit_price: unitPrice }) }],
      subtotal: total,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total,
      payment_method: 'card',
      amount_paid: total,
      change: 0,
      register_id: register.id,
      offline: true,
      sold_at: soldAt.toISOString(),
      receipt_number: nextReceipt(),
      ...extra,
    };
  }

  /**
   * A sale as the register sends it: online ones to POST /transactions; what only a register may claim
   * (offline, its time, number, cashier) in a batch signed by the register, answered like POST
   * /transactions would (the recorded sale, or the refusal).
   */
  async function upload(payload: { id: string } & Record<string, unknown>, token = tokens.cashier, key = payload.id) {
    const signed = payload.offline === true || payload.sold_at || payload.receipt_number || payload.cashier_id;
    if (!signed) {
      return ctx.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload,
      });
    }
    const sale = JSON.parse(JSON.stringify(payload));
    const res = await uploadSigned(ctx.app, {
      token,
      branchId: tenant.main.id,
      key: device,
      sales: [{ sale, idempotencyKey: key }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data.results[0];
    if (result.status !== 201) {
      const body = { success: false, code: result.code, message: result.message, errors: result.errors };
      return { statusCode: result.status, headers: {}, json: () => body };
    }
    const got = await request(ctx.app, token, { url: `/api/transactions/${result.id}` });
    return {
      statusCode: 201,
      headers: result.replayed ? { 'idempotent-replayed': 'true' } : {},
      json: () => got.json(),
    };
  }

  const stockOf = async (id: string) =>
    (await db().select({ q: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.q;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    tokens = {
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    const enrolled = await enrolDevice(ctx.app, {
      token: tokens.cashier,
      branchId: tenant.main.id,
      trustedBy: tokens.manager,
    });
    register = enrolled.register;
    device = enrolled.key;
  });
  afterAll(() => ctx.close());

  it('an offline sale beyond the stock is accepted: stock goes negative, the line is flagged, the ledger follows', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 2,
    });
    const soldAt = new Date(Date.now() - 2 * 3_600_000);
    const payload = offlineSale(product, { quantity: 5, soldAt });
    const res = await upload(payload);
    expect(res.statusCode).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({
      id: payload.id,
      receiptNumber: payload.receipt_number,
      transactionDate: soldAt.toISOString(),
      sold_at: soldAt.toISOString(),
      register_id: register.id,
      register_code: register.code,
      offline: true,
      flags: ['oversold'],
      total: 400,
    });
    expect(sale.items[0].flags).toEqual(['oversold']);
    expect(await stockOf(product.id)).toBe(-3);
    const [movement] = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.movementType, 'sale')));
    expect(movement).toMatchObject({ quantity: 5, previousQuantity: 2, newQuantity: -3, referenceId: payload.id });

    // The same upload again (a retry after a lost answer) answers the first sale, and sells nothing more.
    const again = await upload(payload);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    expect(await stockOf(product.id)).toBe(-3);
  });

  it('online, a sale beyond the stock is still refused (409) and nothing changes', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 1,
    });
    const payload = offlineSale(product, { quantity: 2 });
    const { offline: _o, receipt_number: _r, sold_at: _s, ...online } = payload;
    const res = await upload({ ...online, id: randomUUID() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Insufficient stock for ${product.name}: 1 available`);
    expect(await stockOf(product.id)).toBe(1);
  });

  it("keeps the register's price and flags a line whose price differs from the server's", async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '80.00',
    });
    // The register still had the old price 70 (the server's is 80): kept, flagged.
    const res = await upload(offlineSale(product, { price: 70 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total).toBe(70);
    expect(res.json().data.items[0]).toMatchObject({ unitPrice: 70, flags: ['price_differs'] });
    // A price the register set on the line (unit_price) likewise.
    const changed = await upload(offlineSale(product, { price: 80, unitPrice: 75.5 }));
    expect(changed.statusCode).toBe(201);
    expect(changed.json().data.items[0]).toMatchObject({ unitPrice: 75.5, flags: ['price_differs'] });
    // At the server's price: no flag.
    const same = await upload(offlineSale(product, { price: 80 }));
    expect(same.json().data.items[0].flags).toEqual([]);
  });

  it("keeps the register's tax rate and flags a line whose item's tax class differs from what it knew", async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    // The item became exempt after the register's last sync: it still taxed the line at the sale's 10 %.
    const exempt = await createTaxClass(db(), { companyId: tenant.company.id });
    const [variant] = await db()
      .select({ itemId: variants.itemId })
      .from(variants)
      .where(eq(variants.id, product.variantId));
    await db()
      .update(items)
      .set({ taxClassId: exempt.id })
      .where(eq(items.id, variant?.itemId ?? ''));
    await refreshListings(db(), tenant.company.id, [variant?.itemId ?? '']);
    const res = await upload(offlineSale(product, { tax_rate: 10, tax: 8, total: 88, amount_paid: 88 }));
    expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    expect(res.json().data).toMatchObject({ taxAmount: 8, total: 88 });
    expect(res.json().data.items[0]).toMatchObject({ taxRate: 10, flags: ['tax_differs'] });
    expect(res.json().data.flags).toContain('tax_differs');
    // With the class's rate: taxed at 0, no flag.
    const synced = await upload(
      offlineSale(product, { items: [{ product_id: product.id, quantity: 1, price: 80, tax_rate: 0 }], tax_rate: 10 }),
    );
    expect(synced.statusCode, JSON.stringify(synced.json())).toBe(201);
    expect(synced.json().data.items[0]).toMatchObject({ taxRate: 0, flags: [] });
    expect(synced.json().data.taxAmount).toBe(0);
  });

  it('records a queued sale under its original cashier, flagged when they were deactivated meanwhile', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const gone = await createUser(db(), {
      roleId: ROLE_IDS.cashier,
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      isActive: false,
    });
    // They signed in on the register before they were deactivated; uploaded under the manager's session.
    await db()
      .insert(registerSignIns)
      .values({ companyId: tenant.company.id, registerId: register.id, userId: gone.id });
    const res = await upload(offlineSale(product, { cashier_id: gone.id }), tokens.manager);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ cashierName: gone.name, flags: ['cashier_inactive'] });
    // Someone who is not staff of the branch: 404, as any id out of reach.
    const stranger = await createUser(db(), {
      roleId: ROLE_IDS.cashier,
      companyId: tenant.company.id,
      branchId: tenant.second.id,
    });
    const refused = await upload(offlineSale(product, { cashier_id: stranger.id }), tokens.manager);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Cashier not found');
  });

  it('flags a sold_at in the future or older than the branch offline limit, and accepts both', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const future = await upload(offlineSale(product, { soldAt: new Date(Date.now() + 3_600_000) }));
    expect(future.statusCode).toBe(201);
    expect(future.json().data.flags).toEqual(['sold_at_future']);
    const stale = await upload(offlineSale(product, { soldAt: new Date(Date.now() - 100 * 3_600_000) }));
    expect(stale.statusCode).toBe(201);
    expect(stale.json().data.flags).toEqual(['sold_at_stale']);
  });

  it('checks offline receipt numbers: the register code first, one sale per number in the branch', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const wrongPrefix = await upload(offlineSale(product, { receipt_number: 'R99-000001' }));
    expect(wrongPrefix.statusCode).toBe(400);
    expect(wrongPrefix.json().message).toBe(`Receipt number must start with the register code ${register.code}`);
    const { register_id: _r, ...withoutRegister } = offlineSale(product);
    // Without its register nothing proves the number: the register's signature is refused.
    const noRegister = await upload(withoutRegister);
    expect(noRegister.statusCode).toBe(403);
    const first = offlineSale(product);
    expect((await upload(first)).statusCode).toBe(201);
    const taken = await upload(offlineSale(product, { receipt_number: first.receipt_number }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`Receipt number ${first.receipt_number} is already used in this branch`);
    const otherRegister = await upload(offlineSale(product, { register_id: randomUUID() }));
    expect(otherRegister.statusCode).toBe(404);
  });

  it('finds an offline sale by its printed number (search and the returns lookup), lower case too', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const payload = offlineSale(product, { quantity: 2 });
    await upload(payload);
    for (const term of [payload.receipt_number, payload.receipt_number.toLowerCase()]) {
      const res = await request(ctx.app, tokens.cashier, {
        url: `/api/transactions?branchId=${tenant.main.id}&receiptNumber=${term}`,
      });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data;
      expect(rows.map((r: { id: string }) => r.id)).toEqual([payload.id]);
      expect(rows[0].items[0]).toMatchObject({ productId: product.id, quantity: 2, returnedQuantity: 0 });
    }
  });

  it('counts a sale on the day it was made (sold_at), not the day it was uploaded', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const before = (
      await request(ctx.app, tokens.manager, { url: `/api/dashboard/sales-summary?branchId=${tenant.main.id}` })
    ).json().data;
    const threeDaysAgo = new Date(Date.now() - 50 * 3_600_000);
    const day = localDay(threeDaysAgo);
    const figures = async () =>
      (
        await request(ctx.app, tokens.manager, {
          url: `/api/transactions/analytics?branchId=${tenant.main.id}&startDate=${day}&endDate=${day}`,
        })
      ).json().data;
    const dayBefore = await figures();
    const res = await upload(offlineSale(product, { soldAt: threeDaysAgo, price: 80 }));
    expect(res.statusCode).toBe(201);
    const dayAfter = await figures();
    expect(dayAfter.grossTransactions).toBe(dayBefore.grossTransactions + 1);
    expect(dayAfter.grossRevenue).toBeCloseTo(dayBefore.grossRevenue + 80, 2);
    const after = (
      await request(ctx.app, tokens.manager, { url: `/api/dashboard/sales-summary?branchId=${tenant.main.id}` })
    ).json().data;
    expect(after.today).toEqual(before.today);
    // The transactions list filters by the same day.
    const listed = await request(ctx.app, tokens.manager, {
      url: `/api/transactions?branchId=${tenant.main.id}&startDate=${day}&endDate=${day}`,
    });
    expect(listed.json().data.map((r: { id: string }) => r.id)).toContain(res.json().data.id);
  });

  it('lists the flagged lines to managers (sold offline beyond stock, price differs), not to cashiers', async () => {
    const url = `/api/inventory/flags?branchId=${tenant.main.id}`;
    const all = await request(ctx.app, tokens.manager, { url: `${url}&limit=100` });
    expect(all.statusCode).toBe(200);
    const lines = all.json().data as { flags: string[]; receiptNumber: string; quantity: number }[];
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((l) => l.flags.length > 0)).toBe(true);
    const oversold = (await request(ctx.app, tokens.manager, { url: `${url}&flag=oversold` })).json();
    expect(oversold.data).toEqual([
      expect.objectContaining({ receiptNumber: `${register.code}-000001`, quantity: 5, flags: ['oversold'] }),
    ]);
    expect(oversold.meta.total).toBe(1);
    const differs = (await request(ctx.app, tokens.manager, { url: `${url}&flag=price_differs` })).json();
    expect(differs.data.every((l: { flags: string[] }) => l.flags.includes('price_differs'))).toBe(true);
    expect(differs.meta.total).toBe(2);
    expect((await request(ctx.app, tokens.cashier, { url })).statusCode).toBe(403);
  });

  it("a named shift must be the branch's own: another branch's or another company's is 404, and nothing is sold", async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 10,
    });
    const other = await createTenant(db());
    const foreign = [
      await createOpenShift(db(), { companyId: tenant.company.id, branchId: tenant.second.id }),
      await createOpenShift(db(), { companyId: other.company.id, branchId: other.main.id }),
    ];
    for (const shift of foreign) {
      for (const offline of [true, false]) {
        const res = await upload(
          offlineSale(product, {
            shift_id: shift.id,
            offline,
            ...(!offline && { sold_at: undefined, receipt_number: undefined }),
          }),
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Shift not found');
      }
    }
    expect(await stockOf(product.id)).toBe(10);

    // The branch's own shift, closed since: the offline upload is accepted as a late sale of it (its Z
    // never changes; the sale waits for the register's next shift: none is open there yet).
    const own = await createOpenShift(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    await db()
      .update(shifts)
      .set({ status: 'closed', closedAt: new Date(), counted: '0.00', expected: '0.00', overShort: '0.00' })
      .where(eq(shifts.id, own.id));
    const kept = await upload(offlineSale(product, { shift_id: own.id }));
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data.shift_id).toBeNull();
    expect(await stockOf(product.id)).toBe(9);
  });

  it('a product sold below 0 reads everywhere with its stock under 0, and a count brings it back', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 1,
    });
    expect((await upload(offlineSale(product, { quantity: 3 }))).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(-2);
    const get = (url: string, token = tokens.manager) => request(ctx.app, token, { method: 'GET', url });
    const branch = tenant.main.id;

    for (const token of [tokens.manager, tokens.cashier]) {
      const list = await get(`/api/products?branchId=${branch}&search=${encodeURIComponent(product.sku ?? '')}`, token);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.find((p: { id: string }) => p.id === product.id)?.stockQuantity).toBe(-2);
      const one = await get(`/api/products/${product.id}`, token);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data.stockQuantity).toBe(-2);
      const stock = await get(
        `/api/inventory/stock?branchId=${branch}&search=${encodeURIComponent(product.name)}`,
        token,
      );
      expect(stock.statusCode, stock.body).toBe(200);
      expect(stock.json().data[0]).toMatchObject({ id: product.id, stockQuantity: -2, status: 'out' });
    }
    const movements = await get(`/api/inventory/movements?branchId=${branch}&productId=${product.id}`);
    expect(movements.statusCode, movements.body).toBe(200);
    expect(movements.json().data[0]).toMatchObject({ movementType: 'sale', previousQuantity: 1, newQuantity: -2 });

    // The manager counts the shelf: 4 there. The adjustment starts from -2.
    const adjusted = await request(ctx.app, tokens.manager, {
      method: 'POST',
      url: '/api/inventory/adjustments',
      payload: { productId: product.id, branchId: branch, newQuantity: 4, reason: 'Shelf count after offline sales' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().data).toMatchObject({ previousQuantity: -2, newQuantity: 4, difference: 6 });
    expect(await stockOf(product.id)).toBe(4);
  });

  it('the data invariants hold (stock = ledger, daily totals by sold_at)', async () => {
    expect(await checkInvariants(db())).toEqual([]);
  });
});
