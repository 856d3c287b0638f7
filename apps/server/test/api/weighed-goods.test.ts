import {
  computeCartTotals,
  ITEM_MSG,
  type Item,
  parseScaleLabel,
  QUANTITY_MSG,
  SCALE_MSG,
  scaleLabelFor,
} from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, saleItems, stockMovements } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Listing = { id: string; name: string; price: number; unit: string; stockQuantity: number };

/**
 * Units and weighed goods (DESIGN.md section 11): an item sold by the kilogram takes quantities with 3
 * decimals in sales, returns and adjustments, priced exactly to the cent; a piece product refuses a fraction.
 */
describe(`weighed goods: units and decimal quantities (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { admin: string; manager: string; cashier: string };
  let rice: Listing;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  async function stockOf(productId: string) {
    const [row] = await ctx.database.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.companyId, tenant.company.id), eq(products.id, productId)));
    return row?.stock;
  }

  function salePayload(lines: { product: { id: string; price: number }; quantity: number }[]) {
    const items = lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, price: l.product.price }));
    const totals = computeCartTotals({ items, taxRate: 5, discountType: 'amount', discountValue: 0 });
    return {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 5,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
    };
  }

  it('an item made in kg lists in the branch with its unit, and its stock takes 3 decimals', async () => {
    const res = await call(tokens.manager, 'POST', '/api/items', {
      companyId: tenant.company.id,
      name: 'Basmati Rice',
      unit: 'kg',
      sku: 'RICE-KG',
      price: 319.99,
      branchIds: [tenant.main.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const item: Item = res.json().data;
    expect(item.unit).toBe('kg');
    const listed = await call(tokens.cashier, 'GET', `/api/products?branchId=${tenant.main.id}&sku=RICE-KG`);
    rice = listed.json().data[0];
    expect(rice).toMatchObject({ unit: 'kg', price: 319.99, stockQuantity: 0 });

    const adjusted = await call(tokens.manager, 'POST', '/api/inventory/adjustments', {
      productId: rice.id,
      branchId: tenant.main.id,
      newQuantity: 10.5,
      reason: 'Delivery weighed',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().data).toMatchObject({ previousQuantity: 0, newQuantity: 10.5, difference: 10.5 });
    expect(await stockOf(rice.id)).toBe(10.5);
  });

  it('sells 0.750 kg at the right price: goods half up to the cent, stock and ledger to the gram', async () => {
    const payload = salePayload([{ product: rice, quantity: 0.75 }]);
    // 0.75 x 319.99 = 239.9925 -> 239.99; 5 % tax 12.00.
    expect(payload).toMatchObject({ subtotal: 239.99, tax: 12, total: 251.99 });
    const res = await call(tokens.cashier, 'POST', '/api/transactions', payload);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({ subtotal: 239.99, taxAmount: 12, total: 251.99 });
    expect(sale.items).toEqual([
      expect.objectContaining({ quantity: 0.75, unit: 'kg', unitPrice: 319.99, subtotal: 239.99 }),
    ]);
    const [line] = await ctx.database.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id));
    expect(line).toMatchObject({ quantity: 0.75, subtotal: '239.99' });
    expect(await stockOf(rice.id)).toBe(9.75);
    const moves = await ctx.database.db
      .select({
        type: stockMovements.movementType,
        quantity: stockMovements.quantity,
        after: stockMovements.newQuantity,
      })
      .from(stockMovements)
      .where(eq(stockMovements.productId, rice.id));
    expect(moves).toContainEqual({ type: 'sale', quantity: 0.75, after: 9.75 });

    // Returning 0.25 kg of it refunds a third of the line (goods, tax), and the stock comes back.
    const back = await call(tokens.manager, 'POST', '/api/returns', {
      originalTransactionId: sale.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: sale.items[0].id, return_quantity: 0.25, condition: 'new' }],
      refund_method: 'card_refund',
      reason: 'customer_change_mind',
    });
    expect(back.statusCode, back.body).toBe(201);
    // round(239.99 x 0.25 / 0.75) = 80.00 goods, round(12.00 / 3) = 4.00 tax.
    expect(back.json().data.refundAmount).toBe(84);
    expect(await stockOf(rice.id)).toBe(10);
    const [after] = await ctx.database.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id));
    expect(after?.returnedQuantity).toBe(0.25);

    // The other 0.5 kg in two pieces refunds the rest exactly: 251.99 in all.
    for (const quantity of [0.3, 0.2]) {
      const more = await call(tokens.manager, 'POST', '/api/returns', {
        originalTransactionId: sale.id,
        branchId: tenant.main.id,
        items: [{ original_transaction_item_id: sale.items[0].id, return_quantity: quantity, condition: 'new' }],
        refund_method: 'card_refund',
        reason: 'customer_change_mind',
      });
      expect(more.statusCode, more.body).toBe(201);
    }
    expect(await stockOf(rice.id)).toBe(10.5);
    // The unit it was sold in stays on the line (the receipt's "0.750 kg"), and the stock list shows it.
    const again = await call(tokens.manager, 'GET', `/api/transactions/${sale.id}`);
    expect(again.json().data.items[0]).toMatchObject({ unit: 'kg', quantity: 0.75, returnedQuantity: 0.75 });
    const stock = await call(tokens.manager, 'GET', `/api/inventory/stock?branchId=${tenant.main.id}&search=Basmati`);
    expect(stock.json().data[0]).toMatchObject({ unit: 'kg', stockQuantity: 10.5 });
  });

  it('refuses a fraction of a piece product (400 on its line), and a fourth decimal anywhere', async () => {
    const soap = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '80.00',
      stockQuantity: 10,
    });
    const piece = { id: soap.id, price: 80 };
    const half = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: piece, quantity: 0.5 }]),
    );
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json().message).toBe(QUANTITY_MSG.whole(soap.name, 'piece'));
    expect(half.json().errors).toHaveProperty(['items.0.quantity']);

    const fine = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: rice, quantity: 0.0005 }]),
    );
    expect(fine.statusCode).toBe(400);
    expect(fine.body).toContain(QUANTITY_MSG.decimals);

    const adjust = await call(tokens.manager, 'POST', '/api/inventory/adjustments', {
      productId: soap.id,
      branchId: tenant.main.id,
      newQuantity: 7.5,
      reason: 'Count',
    });
    expect(adjust.statusCode).toBe(400);
    expect(adjust.json().message).toBe(QUANTITY_MSG.whole(soap.name, 'piece'));
    expect(await stockOf(soap.id)).toBe(10);

    // A whole number of pieces sells, and a fraction of one is refused on return too.
    const sold = await call(
      tokens.cashier,
      'POST',
      '/api/transactions',
      salePayload([{ product: piece, quantity: 2 }]),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const back = await call(tokens.manager, 'POST', '/api/returns', {
      originalTransactionId: sold.json().data.id,
      branchId: tenant.main.id,
      items: [{ original_transaction_item_id: sold.json().data.items[0].id, return_quantity: 1.5, condition: 'new' }],
      refund_method: 'card_refund',
      reason: 'customer_change_mind',
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(QUANTITY_MSG.whole(soap.name, 'piece'));
  });

  it('an item holding a fraction somewhere cannot become a piece item (409); a whole stock can', async () => {
    const [riceRow] = await ctx.database.db.select().from(products).where(eq(products.id, rice.id));
    const itemId = (
      await call(tokens.manager, 'GET', `/api/items?companyId=${tenant.company.id}&search=Basmati`)
    ).json().data[0].id;
    expect(riceRow?.stockQuantity).toBe(10.5);
    const refused = await call(tokens.manager, 'PATCH', `/api/items/${itemId}`, { unit: 'piece' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ITEM_MSG.unitHasFractions);
    const litres = await call(tokens.manager, 'PATCH', `/api/items/${itemId}`, { unit: 'l' });
    expect(litres.statusCode, litres.body).toBe(200);
    // The listing copies the item's unit.
    const listed = await call(tokens.cashier, 'GET', `/api/products?branchId=${tenant.main.id}&sku=RICE-KG`);
    expect(listed.json().data[0].unit).toBe('l');
    await call(tokens.manager, 'PATCH', `/api/items/${itemId}`, { unit: 'kg' });
  });

  it("the company's scale prefix: set by a Super Admin, checked, and sent to the registers with the units", async () => {
    const bad = await call(tokens.admin, 'POST', '/api/settings/scale-labels', {
      companyId: tenant.company.id,
      scaleWeightPrefix: '31',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SCALE_MSG.prefixInvalid);
    const manager = await call(tokens.manager, 'POST', '/api/settings/scale-labels', {
      companyId: tenant.company.id,
      scaleWeightPrefix: '23',
    });
    expect(manager.statusCode).toBe(403);
    const set = await call(tokens.admin, 'POST', '/api/settings/scale-labels', {
      companyId: tenant.company.id,
      scaleWeightPrefix: '23',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ companyId: tenant.company.id, scaleWeightPrefix: '23' });

    const sync = await call(tokens.cashier, 'GET', `/api/sync/catalogue?branchId=${tenant.main.id}&limit=500`);
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data.branch.scaleWeightPrefix).toBe('23');
    const synced = sync.json().data.products.find((p: { id: string }) => p.id === rice.id);
    expect(synced).toMatchObject({ unit: 'kg', stockQuantity: 10.5 });
  });

  it('a scale label of the prefix reads as the item barcode and its weight; a label of another prefix does not', () => {
    const itemBarcode = '2300123000009';
    const label = scaleLabelFor(itemBarcode, 0.75);
    expect(label).toBe('2300123007503');
    expect(parseScaleLabel(label, '23')).toEqual({ itemBarcode, quantity: 0.75 });
    expect(parseScaleLabel(label, '21')).toBeNull();
    // A wrong check digit is a misread, not 0.750 kg.
    expect(parseScaleLabel('2300123007504', '23')).toBeNull();
  });

  it('the data invariants hold at the end (stock ledger, sale and refund totals, daily totals)', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
