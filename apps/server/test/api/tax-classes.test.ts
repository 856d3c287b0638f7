import { computeCartTotals, type Item, TAX_CLASS_MSG } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, branches, products } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createTaxClass, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Listing = {
  id: string;
  name: string;
  price: number;
  taxRate: number | null;
  taxIncluded: boolean;
  stockQuantity: number;
};
type SaleLine = { product: Listing; quantity: number; taxRate?: number | null; taxIncluded?: boolean };

/**
 * Tax classes (DESIGN.md section 11): an item of a class is taxed at the class's rate in every branch, an
 * item without one at its branch's rate; the sale checks each line's rate as it checks its price, keeps it
 * on the line, and a return refunds each line's own tax.
 */
describe(`tax classes (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { admin: string; manager: string; cashier: string };
  let exemptId: string;
  let reducedId: string;
  let soap: Listing;
  let milk: Listing;
  let bread: Listing;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    other = await createTenant(ctx.database.db);
    // The branch's rate, the default class: 17 %.
    await ctx.database.db.update(branches).set({ taxRate: '17.00' }).where(eq(branches.id, tenant.main.id));
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  async function listing(name: string): Promise<Listing> {
    const res = await call(tokens.cashier, 'GET', `/api/products?branchId=${tenant.main.id}&search=${name}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json().data as Listing[]).find((p) => p.name === name);
    if (!found) throw new Error(`${name} not listed`);
    return found;
  }

  async function newItem(name: string, price: number, taxClassId: string | null) {
    const res = await call(tokens.manager, 'POST', '/api/items', {
      companyId: tenant.company.id,
      name,
      sku: name.toUpperCase().replaceAll(' ', '-'),
      price,
      taxClassId,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const item: Item = res.json().data;
    const variant = item.variants[0];
    if (!variant) throw new Error('no variant');
    const adjusted = await call(tokens.manager, 'POST', '/api/inventory/adjustments', {
      productId: variant.listings.find((l) => l.branch.id === tenant.main.id)?.productId,
      branchId: tenant.main.id,
      newQuantity: 50,
      reason: 'Opening stock',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    return item;
  }

  /** A register of the main branch, enrolled by the cashier, with a shift open on it. */
  async function openShift(deviceId: string) {
    const enrolled = await call(tokens.cashier, 'POST', '/api/registers', { branchId: tenant.main.id, deviceId });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const registerId: string = enrolled.json().data.id;
    const opened = await call(tokens.cashier, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId,
      openingFloat: 0,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return { registerId, shiftId: opened.json().data.id as string };
  }

  /** A sale as the register sends it: each line's class rate, the totals from the money module. */
  function salePayload(lines: SaleLine[], { discountValue = 0 } = {}) {
    const items = lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      price: l.product.price,
      ...(l.taxRate !== undefined && { tax_rate: l.taxRate }),
      ...(l.taxIncluded && { tax_included: true }),
    }));
    const totals = computeCartTotals({
      items: lines.map((l) => ({
        price: l.product.price,
        quantity: l.quantity,
        taxRate: l.taxRate,
        taxIncluded: l.taxIncluded,
      })),
      taxRate: 17,
      discountType: 'amount',
      discountValue,
    });
    return {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 17,
      discount_type: 'amount',
      discount_value: discountValue,
      discount_amount: totals.discountAmount,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
    };
  }

  it('a Super Admin adds classes; their kind bounds the rate and a PCT code is 8 digits', async () => {
    const exempt = await call(tokens.admin, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'Exempt: fresh milk',
      kind: 'exempt',
      rate: 0,
      pctCode: '0401.1000',
    });
    expect(exempt.statusCode, exempt.body).toBe(201);
    expect(exempt.json().data).toMatchObject({ kind: 'exempt', rate: 0, pctCode: '0401.1000', itemCount: 0 });
    exemptId = exempt.json().data.id;
    const reduced = await call(tokens.admin, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'Reduced',
      kind: 'reduced',
      rate: 8,
    });
    expect(reduced.statusCode, reduced.body).toBe(201);
    expect(reduced.json().data.pctCode).toBeNull();
    reducedId = reduced.json().data.id;

    const cases: [unknown, string, string][] = [
      [{ name: 'Bad exempt', kind: 'exempt', rate: 5 }, 'rate', TAX_CLASS_MSG.zeroRate],
      [{ name: 'Bad standard', kind: 'standard', rate: 0 }, 'rate', TAX_CLASS_MSG.positiveRate],
      [{ name: 'Bad PCT', kind: 'standard', rate: 17, pctCode: '04011000' }, 'pctCode', TAX_CLASS_MSG.pctInvalid],
      [{ name: 'Bad kind', kind: 'luxury', rate: 17 }, 'kind', TAX_CLASS_MSG.kindInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(tokens.admin, 'POST', '/api/tax-classes', {
        companyId: tenant.company.id,
        ...(body as object),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const twice = await call(tokens.admin, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'reduced',
      kind: 'reduced',
      rate: 5,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.name).toBe(TAX_CLASS_MSG.duplicate);
    // The rate of a class decides the tax of every branch: a Manager reads classes but does not change them.
    const byManager = await call(tokens.manager, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'Manager class',
      kind: 'exempt',
      rate: 0,
    });
    expect(byManager.statusCode).toBe(403);
    const page = await call(tokens.manager, 'GET', `/api/tax-classes?companyId=${tenant.company.id}&limit=1`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().meta).toMatchObject({ total: 2, totalPages: 2 });
    expect(page.json().data.map((c: { name: string }) => c.name)).toEqual(['Exempt: fresh milk']);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'tax_class.create'), eq(auditLogs.entityId, exemptId)));
    expect(audit?.userId).toBe(tenant.admin.id);
  });

  it("another company's class is not found, as a class of an item or as a class to change", async () => {
    const foreign = await createTaxClass(ctx.database.db, { companyId: other.company.id });
    const patch = await call(tokens.admin, 'PATCH', `/api/tax-classes/${foreign.id}`, { name: 'Mine' });
    expect(patch.statusCode).toBe(404);
    const item = await call(tokens.manager, 'POST', '/api/items', {
      companyId: tenant.company.id,
      name: 'Foreign taxed',
      price: 10,
      taxClassId: foreign.id,
    });
    expect(item.statusCode).toBe(404);
    expect(item.json().errors.taxClassId).toBe(TAX_CLASS_MSG.notFound);
    const list = await call(tokens.admin, 'GET', `/api/tax-classes?companyId=${other.company.id}`);
    expect(list.statusCode).toBe(404);
  });

  it("an item's class reaches its listings in every branch, the products list and the registers' sync", async () => {
    await newItem('Soap Bar', 100, null);
    const milkItem = await newItem('Fresh Milk', 240, exemptId);
    expect(milkItem.taxClass).toMatchObject({ id: exemptId, kind: 'exempt', rate: 0 });
    await newItem('Bran Bread', 150, reducedId);
    soap = await listing('Soap Bar');
    milk = await listing('Fresh Milk');
    bread = await listing('Bran Bread');
    expect([soap.taxRate, milk.taxRate, bread.taxRate]).toEqual([null, 0, 8]);
    const [second] = await ctx.database.db
      .select({ taxRate: products.taxRate, taxClassId: products.taxClassId })
      .from(products)
      .where(and(eq(products.branchId, tenant.second.id), eq(products.name, 'Fresh Milk')));
    expect(second).toEqual({ taxRate: '0.00', taxClassId: exemptId });
    const sync = await call(tokens.cashier, 'GET', `/api/sync/catalogue?branchId=${tenant.main.id}&limit=5000`);
    expect(sync.statusCode, sync.body).toBe(200);
    const synced = (sync.json().data.products as { id: string; taxRate: number | null }[]).filter((p) =>
      [soap.id, milk.id, bread.id].includes(p.id),
    );
    expect(Object.fromEntries(synced.map((p) => [p.id, p.taxRate]))).toEqual({
      [soap.id]: null,
      [milk.id]: 0,
      [bread.id]: 8,
    });
  });

  it('a sale taxes each line at its class: soap at the branch 17 %, milk exempt, bread reduced 8 %', async () => {
    const payload = salePayload(
      [
        { product: soap, quantity: 2 },
        { product: milk, quantity: 3, taxRate: 0 },
        { product: bread, quantity: 1, taxRate: 8 },
      ],
      { discountValue: 50 },
    );
    const res = await call(tokens.cashier, 'POST', '/api/transactions', payload);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    // Goods 200 + 720 + 150 = 1,070; 50 off split by goods: 9.35 / 33.64 / 7.01; tax 17 % of 190.65 = 32.41,
    // 0 % of 686.36, 8 % of 142.99 = 11.44: 43.85 in all.
    expect(sale.taxAmount).toBe(43.85);
    expect(sale.total).toBe(1063.85);
    expect(
      Object.fromEntries(sale.items.map((i: { productName: string; taxRate: number }) => [i.productName, i.taxRate])),
    ).toEqual({ 'Soap Bar': 17, 'Fresh Milk': 0, 'Bran Bread': 8 });
    // The same cart charged at the branch's rate throughout would be another total: the lines' rates count.
    const flat = computeCartTotals({
      items: payload.items.map((i) => ({ price: i.price, quantity: i.quantity })),
      taxRate: 17,
      discountType: 'amount',
      discountValue: 50,
    });
    expect(flat.total).not.toBe(sale.total);

    // A return of the milk refunds no tax; of the soap, its share of the tax.
    const milkLine = sale.items.find((i: { productName: string }) => i.productName === 'Fresh Milk');
    const soapLine = sale.items.find((i: { productName: string }) => i.productName === 'Soap Bar');
    const back = await call(tokens.manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      reason: 'customer_change_mind',
      refund_method: 'card_refund',
      items: [
        { original_transaction_item_id: milkLine.id, return_quantity: 3, condition: 'new' },
        { original_transaction_item_id: soapLine.id, return_quantity: 2, condition: 'new' },
      ],
    });
    expect(back.statusCode, back.body).toBe(201);
    const refunded = back.json().data;
    // Milk: 720 - 33.64 = 686.36, no tax; soap: 200 - 9.35 + 32.41 = 223.06.
    expect(refunded.refundAmount).toBe(909.42);
  });

  it("a shift's X report gives the tax by rate, each sale's as it was charged; together the shift's tax", async () => {
    const { registerId, shiftId } = await openShift('tax-till');
    const mixed = salePayload(
      [
        { product: soap, quantity: 2 },
        { product: milk, quantity: 3, taxRate: 0 },
        { product: bread, quantity: 1, taxRate: 8 },
      ],
      { discountValue: 50 },
    );
    const soapOnly = salePayload([{ product: soap, quantity: 1 }]);
    for (const payload of [mixed, soapOnly]) {
      const res = await call(tokens.cashier, 'POST', '/api/transactions', { ...payload, register_id: registerId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const x = await call(tokens.cashier, 'GET', `/api/shifts/${shiftId}/report`);
    expect(x.statusCode, x.body).toBe(200);
    const { sales } = x.json().data;
    // The mixed sale: 686.36 exempt, 142.99 at 8 % (11.44), 190.65 at 17 % (32.41); the soap: 100.00 at 17 % (17.00).
    expect(sales.taxByRate).toEqual([
      { rate: 0, included: false, taxable: 686.36, tax: 0 },
      { rate: 8, included: false, taxable: 142.99, tax: 11.44 },
      { rate: 17, included: false, taxable: 290.65, tax: 49.41 },
    ]);
    expect(sales.tax).toBe(60.85);
  });

  it('a line sent without its class rate (a stale register) is refused with the product named, and nothing is written', async () => {
    const before = (await listing('Fresh Milk')).stockQuantity;
    const res = await call(tokens.cashier, 'POST', '/api/transactions', salePayload([{ product: milk, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('The tax of Fresh Milk has changed to 0%. Please refresh the cart.');
    expect((await listing('Fresh Milk')).stockQuantity).toBe(before);
    // A rate on a line of the default class is refused alike (soap is taxed at the branch's rate).
    const wrong = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: soap, quantity: 1, taxRate: 0 }]),
    );
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().message).toBe('The tax of Soap Bar has changed to the branch rate. Please refresh the cart.');
  });

  it("a new rate of a class reaches every listing of its items at once, with its audit row; the old rate's sale is refused", async () => {
    const res = await call(tokens.admin, 'PATCH', `/api/tax-classes/${reducedId}`, { rate: 10 });
    expect(res.statusCode, res.body).toBe(200);
    // Bran Bread is listed in both branches.
    expect(res.json().data).toMatchObject({ rate: 10, listings: 2, itemCount: 1 });
    expect((await listing('Bran Bread')).taxRate).toBe(10);
    const stale = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: bread, quantity: 1, taxRate: 8 }]),
    );
    expect(stale.statusCode).toBe(409);
    const fresh = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: bread, quantity: 1, taxRate: 10 }]),
    );
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().data.taxAmount).toBe(15);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'tax_class.update'), eq(auditLogs.entityId, reducedId)));
    expect(audit?.before).toMatchObject({ rate: 8 });
    expect(audit?.after).toMatchObject({ rate: 10, listings: 2 });
    const bad = await call(tokens.admin, 'PATCH', `/api/tax-classes/${reducedId}`, { kind: 'exempt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.rate).toBe(TAX_CLASS_MSG.zeroRate);
  });

  it('an item moved to the branch rate leaves its class: its listings are taxed at the branch rate again', async () => {
    const items = await call(tokens.manager, 'GET', `/api/items?companyId=${tenant.company.id}&search=Bran`);
    const id = items.json().data[0].id;
    const res = await call(tokens.manager, 'PATCH', `/api/items/${id}`, { taxClassId: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.taxClass).toBeNull();
    expect((await listing('Bran Bread')).taxRate).toBeNull();
  });

  it('a retail-price class: the tax is inside the printed price, the sale charges the price, the shift and a return see the tax inside', async () => {
    const added = await call(tokens.admin, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'Retail price',
      kind: 'retail_price',
      rate: 17,
      pctCode: '3305.1000',
    });
    expect(added.statusCode, added.body).toBe(201);
    const retailId = added.json().data.id;
    await newItem('Hair Shampoo', 117, retailId);
    const shampoo = await listing('Hair Shampoo');
    expect(shampoo).toMatchObject({ price: 117, taxRate: 17, taxIncluded: true });
    const synced = await call(tokens.cashier, 'GET', `/api/sync/catalogue?branchId=${tenant.main.id}&limit=5000`);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data.products.find((p: { id: string }) => p.id === shampoo.id)).toMatchObject({
      taxRate: 17,
      taxIncluded: true,
    });

    // A register that does not know the tax is inside the price would charge 136.89: refused, nothing written.
    const stale = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: shampoo, quantity: 1, taxRate: 17 }]),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(
      'The tax of Hair Shampoo has changed to 17% included in the price. Please refresh the cart.',
    );

    const { registerId, shiftId } = await openShift('retail-till');
    const figures = async () => {
      const got = await call(tokens.manager, 'GET', `/api/transactions/analytics?branchId=${tenant.main.id}`);
      expect(got.statusCode, got.body).toBe(200);
      return got.json().data as { netSubtotal: number; grossSubtotal: number; totalReturnedValue: number };
    };
    const before = await figures();
    // Two shampoos at 117.00 with 17 % inside, beside a soap at 100.00 + 17 %: the customer pays 234 + 117.
    const res = await call(tokens.cashier, 'POST', '/api/transactions', {
      ...salePayload([
        { product: shampoo, quantity: 2, taxRate: 17, taxIncluded: true },
        { product: soap, quantity: 1 },
      ]),
      register_id: registerId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({ subtotal: 300, taxAmount: 51, total: 351 });
    const line = sale.items.find((i: { productName: string }) => i.productName === 'Hair Shampoo');
    expect(line).toMatchObject({ unitPrice: 117, subtotal: 200, taxRate: 17, taxIncluded: true });
    const read = await call(tokens.cashier, 'GET', `/api/transactions/${sale.id}`);
    expect(read.json().data.items).toEqual(sale.items);

    const x = await call(tokens.cashier, 'GET', `/api/shifts/${shiftId}/report`);
    expect(x.json().data.sales.taxByRate).toEqual([
      { rate: 17, included: false, taxable: 100, tax: 17 },
      { rate: 17, included: true, taxable: 200, tax: 34 },
    ]);

    // One shampoo back: its printed price.
    const back = await call(tokens.manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      reason: 'customer_change_mind',
      refund_method: 'card_refund',
      register_id: registerId,
      items: [{ original_transaction_item_id: line.id, return_quantity: 1, condition: 'new' }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data.refundAmount).toBe(117);
    // The shift's report gives the tax the refund gave back, at the line's rate, inside its price.
    const z = await call(tokens.cashier, 'GET', `/api/shifts/${shiftId}/report`);
    expect(z.json().data.refunds).toMatchObject({
      total: 117,
      taxByRate: [{ rate: 17, included: true, taxable: 100, tax: 17 }],
    });
    // The figures count the shampoo's goods without its tax, sold and returned alike: 300 sold, 100 back.
    const after = await figures();
    expect(after.grossSubtotal - before.grossSubtotal).toBeCloseTo(300, 2);
    expect(after.netSubtotal - before.netSubtotal).toBeCloseTo(200, 2);
    expect(after.totalReturnedValue - before.totalReturnedValue).toBeCloseTo(117, 2);

    // The class made a standard one: its listings add the tax again.
    const changed = await call(tokens.admin, 'PATCH', `/api/tax-classes/${retailId}`, { kind: 'standard' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.listings).toBe(2);
    expect(await listing('Hair Shampoo')).toMatchObject({ taxRate: 17, taxIncluded: false });
  });

  it('a class no item has is archived: out of the list, its name free, its sales still name it; one in use is refused', async () => {
    const inUse = await call(tokens.admin, 'DELETE', `/api/tax-classes/${exemptId}`);
    expect(inUse.statusCode, inUse.body).toBe(409);
    expect(inUse.json().message).toBe(TAX_CLASS_MSG.inUse(1));
    // The manager reads classes but does not change them.
    expect((await call(tokens.manager, 'DELETE', `/api/tax-classes/${exemptId}`)).statusCode).toBe(403);

    const added = await call(tokens.admin, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'Old reduced',
      kind: 'reduced',
      rate: 5,
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id;
    const archived = await call(tokens.admin, 'DELETE', `/api/tax-classes/${id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ message: TAX_CLASS_MSG.archived, data: { id, name: 'Old reduced' } });
    const list = await call(tokens.admin, 'GET', `/api/tax-classes?companyId=${tenant.company.id}&limit=100`);
    expect(list.json().data.map((c: { id: string }) => c.id)).not.toContain(id);
    // Gone for changes, for items and for a second archive; its name is free again.
    expect((await call(tokens.admin, 'PATCH', `/api/tax-classes/${id}`, { rate: 6 })).statusCode).toBe(404);
    expect((await call(tokens.admin, 'DELETE', `/api/tax-classes/${id}`)).statusCode).toBe(404);
    const onItem = await call(tokens.manager, 'POST', '/api/items', {
      companyId: tenant.company.id,
      name: 'Late item',
      price: 10,
      taxClassId: id,
    });
    expect(onItem.statusCode, onItem.body).toBe(404);
    const again = await call(tokens.admin, 'POST', '/api/tax-classes', {
      companyId: tenant.company.id,
      name: 'Old reduced',
      kind: 'reduced',
      rate: 5,
    });
    expect(again.statusCode, again.body).toBe(201);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'tax_class.archive'), eq(auditLogs.entityId, id)));
    expect(audit?.before).toMatchObject({ name: 'Old reduced', rate: 5 });
  });

  it('the invariants hold: listings carry their class, sales and refunds add up line by line', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
