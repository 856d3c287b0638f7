import { computeCartTotals } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, returns, saleItems, sales, salesDaily, salesDailyTenders } from '../../src/db/schema';
import { rollUpAllSales } from '../../src/domain/sales-rollup';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, createProduct, createTenant, login } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * The invariants check itself: it holds on real sales and returns (a discounted, taxed sale returned in
 * full in pieces with a fee refunds exactly its total less the fee), and it names each kind of damage.
 */
describe(`the invariants check (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let token: string;
  let saleId: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db(), { shifts: true });
    token = await login(ctx.app, tenant.admin.username);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('holds after a discounted, taxed sale returned in full in three pieces with a fee', async () => {
    const a = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, price: '180.00' });
    const b = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, price: '253.33' });
    const items = [
      { product_id: a.id, quantity: 3, price: 180 },
      { product_id: b.id, quantity: 2, price: 253.33 },
    ];
    const totals = computeCartTotals({ items, taxRate: 5, discountType: 'amount', discountValue: 50 });
    const sold = await post('/api/transactions', {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 5,
      discount_type: 'amount',
      discount_value: 50,
      discount_amount: totals.discountAmount,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json().data as { id: string; items: { id: string; productId: string }[] };
    saleId = sale.id;
    const lineOf = (productId: string) => sale.items.find((i) => i.productId === productId)?.id ?? '';
    const pieces = [
      [{ id: lineOf(a.id), quantity: 1, fee: 2.5 }],
      [
        { id: lineOf(a.id), quantity: 1, fee: 0 },
        { id: lineOf(b.id), quantity: 1, fee: 0 },
      ],
      [
        { id: lineOf(a.id), quantity: 1, fee: 0 },
        { id: lineOf(b.id), quantity: 1, fee: 0 },
      ],
    ];
    for (const piece of pieces) {
      const res = await post('/api/returns', {
        originalTransactionId: sale.id,
        branchId: tenant.main.id,
        items: piece.map((p) => ({
          original_transaction_item_id: p.id,
          return_quantity: p.quantity,
          condition: 'new',
          restocking_fee: p.fee,
        })),
        refund_method: 'cash',
        reason: 'defective',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refunded = await db()
      .select({ sum: sql<string>`sum(${returns.refundAmount})` })
      .from(returns)
      .where(and(eq(returns.companyId, tenant.company.id), eq(returns.originalSaleId, sale.id)));
    expect(Number(refunded[0]?.sum)).toBeCloseTo(totals.total - 2.5, 2);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('names each kind of damage: stock off the ledger, wrong totals, over-returned lines, refunds, daily totals', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    await db()
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + 1` })
      .where(and(eq(products.companyId, tenant.company.id), eq(products.id, product.id)));
    // The sale's stored tax no longer matches its rate (the daily totals follow by trigger); a tender row it
    // does not have (one tender: its line is the sale itself).
    await db()
      .update(sales)
      .set({ taxAmount: sql`${sales.taxAmount} + 0.01`, total: sql`${sales.total} + 0.01` })
      .where(and(eq(sales.companyId, tenant.company.id), eq(sales.id, saleId)));
    await db().execute(
      sql`insert into sale_tenders (company_id, sale_id, method, amount) values (${tenant.company.id}, ${saleId}, 'card', 1)`,
    );
    await db()
      .update(saleItems)
      .set({ returnedQuantity: 99 })
      .where(and(eq(saleItems.companyId, tenant.company.id), eq(saleItems.saleId, saleId)));
    // Rolled up first, so the kept row exists to damage.
    await rollUpAllSales(db());
    await db()
      .update(salesDaily)
      .set({ revenue: sql`${salesDaily.revenue} + 1` })
      .where(eq(salesDaily.companyId, tenant.company.id));
    await db()
      .update(salesDailyTenders)
      .set({ amount: sql`${salesDailyTenders.amount} - 1` })
      .where(eq(salesDailyTenders.companyId, tenant.company.id));
    const found = new Set((await checkInvariants(db())).map((v) => v.invariant));
    expect([...found].sort()).toEqual([
      'refunds',
      'returned',
      'sale-tenders',
      'sale-totals',
      'sales-daily',
      'sales-daily-tenders',
      'stock',
    ]);
  });
});
