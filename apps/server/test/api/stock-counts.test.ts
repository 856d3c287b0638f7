import { QUANTITY_MSG } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, products, stockMovements } from '../../src/db/schema';
import { salePayload } from '../access/access-table';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCategory, createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

describe(`stock counts (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { admin: string; manager: string; cashier: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    other = await createTenant(ctx.database.db);
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });
  const companyId = () => tenant.company.id;
  const branchId = () => tenant.main.id;

  async function stockOf(id: string) {
    const [row] = await db()
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.companyId, companyId()), eq(products.id, id)));
    return row?.stock;
  }

  async function start(payload: Record<string, unknown> = {}) {
    const res = await call(tokens.manager, 'POST', '/api/stock-counts', { branchId: branchId(), ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  const enter = (token: string, id: string, payload: Record<string, unknown>) =>
    call(token, 'POST', `/api/stock-counts/${id}/lines`, payload);

  it('a sale made while counting does not change the variance: the count applies counted - stock when counted', async () => {
    const p = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 20 });
    const q = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 8 });
    const id = await start();

    // Counted 18 of 20 (2 missing); then 3 are sold before the count is applied.
    const line = await enter(tokens.manager, id, { productId: p.id, quantity: 18 });
    expect(line.statusCode, line.body).toBe(200);
    // Blind: no expected figure while counting.
    expect(line.json().data).not.toHaveProperty('expectedQuantity');
    const sale = await call(tokens.cashier, 'POST', '/api/transactions', salePayload(branchId(), p, 3));
    expect(sale.statusCode, sale.body).toBe(201);
    expect(await stockOf(p.id)).toBe(17);
    // Scanned by SKU three times: 'add' counts up (8 expected, 3 found so far... then set to 9).
    for (let i = 0; i < 3; i++) await enter(tokens.manager, id, { sku: q.sku, quantity: 1, mode: 'add' });
    const lines = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/lines`);
    expect(lines.json().data.find((l: { productId: string }) => l.productId === q.id).countedQuantity).toBe(3);
    expect(lines.json().data[0]).not.toHaveProperty('expectedQuantity');
    await enter(tokens.manager, id, { sku: q.sku?.toLowerCase(), quantity: 9 });

    const variances = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/variances`);
    const byId = new Map(
      (
        variances.json().data as {
          productId: string;
          variance: number;
          varianceValue: number;
          expectedQuantity: number;
        }[]
      ).map((v) => [v.productId, v]),
    );
    expect(byId.get(p.id)).toMatchObject({ expectedQuantity: 20, variance: -2, varianceValue: -100 });
    expect(byId.get(q.id)).toMatchObject({ expectedQuantity: 8, variance: 1, varianceValue: 50 });

    const sheet = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/variances/export.csv`);
    expect(sheet.headers['content-type']).toMatch(/^text\/csv/);
    expect(sheet.body).toContain(`${p.name},${p.sku},20,18,-2,-100.00,`);
    const applied = await call(tokens.manager, 'POST', `/api/stock-counts/${id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ id, status: 'applied', adjustedProducts: 2, unitsIn: 1, unitsOut: 2 });
    // 20 - 3 sold - 2 missing = 15 (not 18: the sale after counting keeps its effect).
    expect(await stockOf(p.id)).toBe(15);
    expect(await stockOf(q.id)).toBe(9);
    const moves = await db()
      .select({ type: stockMovements.movementType, reason: stockMovements.reason, direction: stockMovements.direction })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, companyId()), eq(stockMovements.referenceId, id)));
    expect(moves).toHaveLength(2);
    expect(moves.every((m) => m.type === 'adjustment' && m.reason?.startsWith('Stock count of '))).toBe(true);

    // Applied: closed to entries and to a second apply.
    expect((await enter(tokens.manager, id, { productId: p.id, quantity: 1 })).statusCode).toBe(409);
    expect((await call(tokens.manager, 'POST', `/api/stock-counts/${id}/apply`, {})).statusCode).toBe(409);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('a count of 3.125 kg (2 set, then 1.125 added) on 3.3 expected: variance -0.175, applied exactly', async () => {
    const sku = `KG-${Date.now().toString(36)}`;
    const item = await call(tokens.admin, 'POST', '/api/items', {
      companyId: companyId(),
      name: 'Counted Flour',
      unit: 'kg',
      sku,
      price: 12,
      cost: 7.99,
      branchIds: [branchId()],
    });
    expect(item.statusCode, item.body).toBe(201);
    const listed = await call(tokens.manager, 'GET', `/api/products?branchId=${branchId()}&sku=${sku}`);
    const flour = listed.json().data[0] as { id: string; name: string; unit: string };
    expect(flour.unit).toBe('kg');
    const adjusted = await call(tokens.manager, 'POST', '/api/inventory/adjustments', {
      branchId: branchId(),
      productId: flour.id,
      newQuantity: 3.3,
      reason: 'Weighed',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const id = await start();
    const set = await enter(tokens.manager, id, { productId: flour.id, quantity: 2 });
    expect(set.statusCode, set.body).toBe(200);
    const added = await enter(tokens.manager, id, { sku, quantity: 1.125, mode: 'add' });
    expect(added.statusCode, added.body).toBe(200);
    // Each answer's line carries the product's unit: the entry form and the tables read it, with no look-up.
    expect(set.json().data).toMatchObject({ unit: 'kg', countedQuantity: 2 });
    expect(added.json().data).toMatchObject({ unit: 'kg', countedQuantity: 3.125 });
    const lines = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/lines`);
    expect(lines.json().data).toEqual([
      expect.objectContaining({ productId: flour.id, unit: 'kg', countedQuantity: 3.125 }),
    ]);

    // 3.125 - 3.3 is -0.17499999999999982 in floats; the variance is -0.175, valued -0.175 x 7.99 = -1.39825 -> -1.40.
    const variances = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/variances`);
    expect(variances.json().data).toEqual([
      expect.objectContaining({
        unit: 'kg',
        expectedQuantity: 3.3,
        countedQuantity: 3.125,
        variance: -0.175,
        varianceValue: -1.4,
      }),
    ]);
    const sheet = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/variances/export.csv`);
    expect(sheet.body).toContain(`${flour.name},${sku},3.3,3.125,-0.175,-1.40,`);

    const applied = await call(tokens.manager, 'POST', `/api/stock-counts/${id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ id, status: 'applied', adjustedProducts: 1, unitsIn: 0, unitsOut: 0.175 });
    expect(await stockOf(flour.id)).toBe(3.125);
    const moves = await db()
      .select({
        quantity: stockMovements.quantity,
        direction: stockMovements.direction,
        after: stockMovements.newQuantity,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, companyId()), eq(stockMovements.referenceId, id)));
    expect(moves).toEqual([{ quantity: 0.175, direction: 'out', after: 3.125 }]);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('a fraction of a piece product is refused with 400 and the whole-number message, set or added', async () => {
    const p = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 4 });
    const message = QUANTITY_MSG.whole(p.name, 'piece');
    const id = await start();
    const set = await enter(tokens.manager, id, { productId: p.id, quantity: 1.5 });
    expect(set.statusCode, set.body).toBe(400);
    expect(set.json()).toMatchObject({ message, errors: { quantity: message } });
    const added = await enter(tokens.manager, id, { sku: p.sku, quantity: 0.5, mode: 'add' });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().message).toBe(message);
    // Nothing was counted; a whole number is.
    const lines = await call(tokens.manager, 'GET', `/api/stock-counts/${id}/lines`);
    expect(lines.json().data).toEqual([]);
    expect((await enter(tokens.manager, id, { productId: p.id, quantity: 2 })).statusCode).toBe(200);
    await call(tokens.manager, 'POST', `/api/stock-counts/${id}/cancel`, {});
  });

  it('a category count takes only its products (subcategories included); an empty count cannot apply', async () => {
    const parent = await createCategory(db(), { companyId: companyId(), branchIds: [branchId()] });
    const child = await createCategory(db(), { companyId: companyId(), branchIds: [branchId()], parentId: parent.id });
    const inChild = await createProduct(db(), { companyId: companyId(), branchId: branchId(), categoryId: child.id });
    const outside = await createProduct(db(), { companyId: companyId(), branchId: branchId() });
    const id = await start({ categoryId: parent.id });
    expect((await call(tokens.manager, 'POST', `/api/stock-counts/${id}/apply`, {})).statusCode).toBe(400);
    expect((await enter(tokens.manager, id, { productId: inChild.id, quantity: 2 })).statusCode).toBe(200);
    const out = await enter(tokens.manager, id, { productId: outside.id, quantity: 2 });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toBe('This product is not part of the count');
    const missing = await enter(tokens.manager, id, { sku: 'NO-SUCH-SKU', quantity: 1 });
    expect(missing.statusCode).toBe(404);
    const cancelled = await call(tokens.manager, 'POST', `/api/stock-counts/${id}/cancel`, {});
    expect(cancelled.json().data.status).toBe('cancelled');
  });

  it('cashiers count only where the branch allows it, never see variances; foreign ids 404', async () => {
    const p = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 4 });
    const id = await start();
    expect((await enter(tokens.cashier, id, { productId: p.id, quantity: 4 })).statusCode).toBe(403);
    expect((await call(tokens.cashier, 'POST', '/api/stock-counts', { branchId: branchId() })).statusCode).toBe(403);
    await db()
      .update(branches)
      .set({ cashierMayCount: true })
      .where(and(eq(branches.companyId, companyId()), eq(branches.id, branchId())));
    try {
      const counted = await enter(tokens.cashier, id, { productId: p.id, quantity: 4 });
      expect(counted.statusCode, counted.body).toBe(200);
      expect(counted.json().data).not.toHaveProperty('expectedQuantity');
      expect((await call(tokens.cashier, 'GET', `/api/stock-counts/${id}/lines`)).statusCode).toBe(200);
      expect((await call(tokens.cashier, 'GET', `/api/stock-counts/${id}/variances`)).statusCode).toBe(403);
      expect((await call(tokens.cashier, 'POST', `/api/stock-counts/${id}/apply`, {})).statusCode).toBe(403);
    } finally {
      await db()
        .update(branches)
        .set({ cashierMayCount: false })
        .where(and(eq(branches.companyId, companyId()), eq(branches.id, branchId())));
    }
    const theirs = await createProduct(db(), { companyId: other.company.id, branchId: other.main.id });
    expect((await enter(tokens.manager, id, { productId: theirs.id, quantity: 1 })).statusCode).toBe(404);
    const otherToken = await login(ctx.app, other.manager.username);
    const foreign = await call(otherToken, 'POST', '/api/stock-counts', { branchId: other.main.id });
    expect((await call(tokens.manager, 'GET', `/api/stock-counts/${foreign.json().data.id}`)).statusCode).toBe(404);
    expect((await call(tokens.manager, 'POST', '/api/stock-counts', { branchId: other.main.id })).statusCode).toBe(404);
  });

  it('entries and sales racing an apply leave stock = ledger', async () => {
    const items = await Promise.all(
      [0, 1, 2].map(() => createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 30 })),
    );
    const id = await start();
    for (const p of items) await enter(tokens.manager, id, { productId: p.id, quantity: 25 });
    await Promise.all([
      call(tokens.manager, 'POST', `/api/stock-counts/${id}/apply`, {}),
      enter(tokens.admin, id, { productId: items[0]?.id, quantity: 26 }),
      ...items.map((p) =>
        call(tokens.admin, 'POST', '/api/inventory/adjustments', {
          branchId: branchId(),
          productId: p.id,
          newQuantity: 31,
          reason: 'Race',
        }),
      ),
    ]);
    expect(await checkInvariants(db())).toEqual([]);
  });
});
