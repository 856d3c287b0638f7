import { type PurchaseOrderDetail, QUANTITY_MSG, weightedAverageCost } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, products, stockMovements } from '../../src/db/schema';
import { salePayload } from '../access/access-table';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';
import { createSupplier } from '../helpers/purchasing-factories';

describe(`suppliers and purchase orders (${engineName()})`, () => {
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
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });
  const branchId = () => tenant.main.id;
  const companyId = () => tenant.company.id;

  async function productRow(id: string) {
    const [row] = await db()
      .select({ stock: products.stockQuantity, cost: products.cost })
      .from(products)
      .where(and(eq(products.companyId, companyId()), eq(products.id, id)));
    return { stock: row?.stock, cost: Number(row?.cost) };
  }

  async function newOrder(lines: { productId: string; quantity: number; unitCost: number }[]) {
    const supplier = await createSupplier(db(), { companyId: companyId() });
    const res = await call(tokens.manager, 'POST', '/api/purchase-orders', {
      branchId: branchId(),
      supplierId: supplier.id,
      lines,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as PurchaseOrderDetail;
  }

  it('suppliers: create, search, edit, delete; duplicates 409; cashiers 403; another company 404', async () => {
    const created = await call(tokens.manager, 'POST', '/api/suppliers', {
      companyId: companyId(),
      name: 'Acme Wholesale',
      contactName: 'Ayesha',
      phone: '0300-1112223',
      email: 'orders@acme.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const dup = await call(tokens.admin, 'POST', '/api/suppliers', { companyId: companyId(), name: 'acme wholesale' });
    expect(dup.statusCode).toBe(409);
    const bad = await call(tokens.admin, 'POST', '/api/suppliers', { companyId: companyId(), name: 'X', email: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email address');

    const found = await call(tokens.manager, 'GET', `/api/suppliers?companyId=${companyId()}&search=ayesh`);
    expect(found.json().data.map((s: { id: string }) => s.id)).toContain(id);
    const edited = await call(tokens.manager, 'PATCH', `/api/suppliers/${id}`, { notes: 'Net 30' });
    expect(edited.json().data.notes).toBe('Net 30');

    expect((await call(tokens.cashier, 'GET', `/api/suppliers?companyId=${companyId()}`)).statusCode).toBe(403);
    const foreign = await createSupplier(db(), { companyId: other.company.id });
    expect((await call(tokens.manager, 'GET', `/api/suppliers/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(tokens.manager, 'PATCH', `/api/suppliers/${foreign.id}`, { notes: 'x' })).statusCode).toBe(404);

    expect((await call(tokens.manager, 'DELETE', `/api/suppliers/${id}`)).statusCode).toBe(200);
    expect((await call(tokens.manager, 'GET', `/api/suppliers/${id}`)).statusCode).toBe(404);
    const audit = await db()
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId()), eq(auditLogs.entityId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['supplier.create', 'supplier.delete', 'supplier.update']);
  });

  it('weighted average cost after three receipts at different costs, exact to the cent', async () => {
    const p = await createProduct(db(), {
      companyId: companyId(),
      branchId: branchId(),
      stockQuantity: 0,
      cost: '0.00',
    });
    const po = await newOrder([{ productId: p.id, quantity: 13, unitCost: 10 }]);
    expect(po.number).toMatch(/^PO-\d{6}$/);
    expect((await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/order`, {})).statusCode).toBe(200);

    const receive = (quantity: number, unitCost: number) =>
      call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
        lines: [{ productId: p.id, quantity, unitCost }],
      });
    let res = await receive(3, 10);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('partially_received');
    expect(await productRow(p.id)).toEqual({ stock: 3, cost: 10 });
    // (3 x 10.00 + 7 x 11.11) / 10 = 10.777 -> 10.78
    res = await receive(7, 11.11);
    expect(await productRow(p.id)).toEqual({ stock: 10, cost: 10.78 });
    // (10 x 10.78 + 3 x 9.99) / 13 = 10.5977 -> 10.60
    res = await receive(3, 9.99);
    expect(res.json().data.status).toBe('received');
    expect(await productRow(p.id)).toEqual({ stock: 13, cost: 10.6 });
    expect(weightedAverageCost({ onHand: 10, cost: 10.78, received: 3, unitCost: 9.99 })).toBe(10.6);

    // Fully received: no more receipts.
    expect((await receive(1, 1)).statusCode).toBe(409);
    const moves = await db()
      .select({ type: stockMovements.movementType, q: stockMovements.quantity })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, companyId()), eq(stockMovements.productId, p.id)));
    expect(
      moves
        .filter((m) => m.type === 'purchase')
        .map((m) => m.q)
        .sort(),
    ).toEqual([3, 3, 7]);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('negative stock: the new cost is the unit cost (no value to average)', async () => {
    expect(weightedAverageCost({ onHand: -4, cost: 7, received: 10, unitCost: 5.55 })).toBe(5.55);
    expect(weightedAverageCost({ onHand: 0, cost: 7, received: 10, unitCost: 5.55 })).toBe(5.55);
    // Half a cent rounds up: (1 x 0.01 + 1 x 0.02) / 2 = 0.015 -> 0.02
    expect(weightedAverageCost({ onHand: 1, cost: 0.01, received: 1, unitCost: 0.02 })).toBe(0.02);
  });

  it('partial receipts of several lines and the statuses; drafts edit, orders do not; over-receipt refused', async () => {
    const a = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 5 });
    const b = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 5 });
    const po = await newOrder([{ productId: a.id, quantity: 4, unitCost: 50 }]);
    expect(po.status).toBe('draft');
    const edited = await call(tokens.manager, 'PATCH', `/api/purchase-orders/${po.id}`, {
      lines: [
        { productId: a.id, quantity: 4, unitCost: 50 },
        { productId: b.id, quantity: 6, unitCost: 40 },
      ],
    });
    expect(edited.json().data.lineCount).toBe(2);
    expect(edited.json().data.totalCost).toBe(440);
    // Not ordered yet: no receipt.
    const early = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [{ productId: a.id, quantity: 1 }],
    });
    expect(early.statusCode).toBe(409);
    await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/order`, {});
    expect((await call(tokens.manager, 'PATCH', `/api/purchase-orders/${po.id}`, { note: 'x' })).statusCode).toBe(409);

    const first = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [
        { productId: a.id, quantity: 4 },
        { productId: b.id, quantity: 2 },
      ],
    });
    expect(first.json().data.status).toBe('partially_received');
    const over = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [{ productId: b.id, quantity: 5 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('More units than are outstanding on the line');
    const second = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [{ productId: b.id, quantity: 4 }],
    });
    expect(second.json().data.status).toBe('received');
    expect(second.json().data.quantityReceived).toBe(10);
    expect((await productRow(a.id)).stock).toBe(9);
    expect((await productRow(b.id)).stock).toBe(11);

    const exported = await call(tokens.manager, 'GET', `/api/purchase-orders/export.csv?branchId=${branchId()}`);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body).toContain(`${po.number},Received,`);
    expect(exported.body.split('\n')[0]).toContain('Number,Status,Supplier');
    const listed = await call(tokens.manager, 'GET', `/api/purchase-orders?branchId=${branchId()}&status=received`);
    expect(listed.json().data.map((o: { id: string }) => o.id)).toContain(po.id);
    expect(listed.json().meta.page).toBe(1);
    expect(await checkInvariants(db())).toEqual([]);
  });

  let kgItems = 0;
  /** A new item sold by the kg, listed in the main branch: its listing there. */
  async function kgProduct(name: string, cost = 0) {
    const sku = `KG-${Date.now().toString(36)}-${kgItems++}`;
    const item = await call(tokens.admin, 'POST', '/api/items', {
      companyId: companyId(),
      name,
      unit: 'kg',
      sku,
      price: 15,
      cost,
      branchIds: [branchId()],
    });
    expect(item.statusCode, item.body).toBe(201);
    const listed = await call(tokens.manager, 'GET', `/api/products?branchId=${branchId()}&sku=${sku}`);
    const p = listed.json().data[0] as { id: string; unit: string };
    expect(p.unit).toBe('kg');
    return p;
  }

  it('a PO of 10.25 kg received in two parts: stock, statuses and the weighted cost exact (9.995 -> 10.00)', async () => {
    const p = await kgProduct('Bulk Lentils', 9.99);
    const adjusted = await call(tokens.manager, 'POST', '/api/inventory/adjustments', {
      branchId: branchId(),
      productId: p.id,
      newQuantity: 1.1,
      reason: 'Weighed',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const po = await newOrder([{ productId: p.id, quantity: 10.25, unitCost: 10 }]);
    // The line carries its product's unit: the forms take decimals from it, with no look-up per line.
    expect(po.lines).toEqual([expect.objectContaining({ productId: p.id, unit: 'kg', quantityOrdered: 10.25 })]);
    const ordered = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/order`, {});
    expect(ordered.json().data).toMatchObject({ quantityOrdered: 10.25, quantityReceived: 0, totalCost: 102.5 });
    const receive = (quantity: number, unitCost?: number) =>
      call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
        lines: [{ productId: p.id, quantity, unitCost }],
      });

    // (1.1 kg x 9.99 + 1.1 kg x 10.00) / 2.2 kg = 9.995 -> 10.00 (a float product of 1.1 makes it 9.99).
    let res = await receive(1.1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'partially_received', quantityReceived: 1.1 });
    expect(res.json().data.lines[0]).toMatchObject({
      unit: 'kg',
      quantityOrdered: 10.25,
      quantityReceived: 1.1,
      stockQuantity: 2.2,
    });
    expect(await productRow(p.id)).toEqual({ stock: 2.2, cost: 10 });

    // The rest, 9.15 kg at 10.40: (2.2 x 10.00 + 9.15 x 10.40) / 11.35 = 10.3225 -> 10.32; line cost 10.25 x 10.40.
    res = await receive(9.15, 10.4);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'received',
      quantityOrdered: 10.25,
      quantityReceived: 10.25,
      totalCost: 106.6,
    });
    expect(await productRow(p.id)).toEqual({ stock: 11.35, cost: 10.32 });
    expect((await receive(0.001)).statusCode).toBe(409);
    const moves = await db()
      .select({ type: stockMovements.movementType, q: stockMovements.quantity })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, companyId()), eq(stockMovements.productId, p.id)));
    expect(moves.filter((m) => m.type === 'purchase').map((m) => m.q)).toEqual(expect.arrayContaining([1.1, 9.15]));
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("an order's total is the sum of its lines' costs, each rounded half up to the cent", async () => {
    const tea = await kgProduct('Loose Tea');
    const spice = await kgProduct('Loose Spice');
    // 10.25 kg x 3.35 = 34.3375 -> 34.34 and 0.5 kg x 0.03 = 0.015 -> 0.02: 34.36 (not 34.3525 -> 34.35).
    const po = await newOrder([
      { productId: tea.id, quantity: 10.25, unitCost: 3.35 },
      { productId: spice.id, quantity: 0.5, unitCost: 0.03 },
    ]);
    const detail = await call(tokens.manager, 'GET', `/api/purchase-orders/${po.id}`);
    expect(detail.json().data).toMatchObject({ quantityOrdered: 10.75, totalCost: 34.36 });
    const listed = await call(tokens.manager, 'GET', `/api/purchase-orders?branchId=${branchId()}&limit=100`);
    expect(listed.json().data.find((o: { id: string }) => o.id === po.id)).toMatchObject({ totalCost: 34.36 });
    const exported = await call(tokens.manager, 'GET', `/api/purchase-orders/export.csv?branchId=${branchId()}`);
    expect(exported.body).toContain(`${po.number},Draft,`);
    expect(exported.body.split('\n').find((l) => l.startsWith(`${po.number},`))).toContain(',2,10.75,0,34.36,');

    // A product deleted since: its line still answers with its unit.
    await db()
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.companyId, companyId()), eq(products.id, spice.id)));
    const after = await call(tokens.manager, 'GET', `/api/purchase-orders/${po.id}`);
    expect(after.statusCode, after.body).toBe(200);
    expect((after.json().data as PurchaseOrderDetail).lines.map((l) => [l.productId, l.unit])).toEqual([
      [tea.id, 'kg'],
      [spice.id, 'kg'],
    ]);
  });

  it('a fraction of a piece product is refused with 400 and the whole-number message: ordered and received', async () => {
    const p = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 0 });
    const message = QUANTITY_MSG.whole(p.name, 'piece');
    const supplier = await createSupplier(db(), { companyId: companyId() });
    const refused = await call(tokens.manager, 'POST', '/api/purchase-orders', {
      branchId: branchId(),
      supplierId: supplier.id,
      lines: [{ productId: p.id, quantity: 1.5, unitCost: 2 }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message, errors: { 'lines.0.quantity': message } });

    const po = await newOrder([{ productId: p.id, quantity: 3, unitCost: 2 }]);
    const edited = await call(tokens.manager, 'PATCH', `/api/purchase-orders/${po.id}`, {
      lines: [{ productId: p.id, quantity: 2.5, unitCost: 2 }],
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().message).toBe(message);
    await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/order`, {});
    const half = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [{ productId: p.id, quantity: 1.5 }],
    });
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json()).toMatchObject({ message, errors: { 'lines.0.quantity': message } });
    expect((await productRow(p.id)).stock).toBe(0);
    const whole = await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [{ productId: p.id, quantity: 3 }],
    });
    expect(whole.json().data.status).toBe('received');
  });

  it('cancel: a draft or an order not fully received; received units stay', async () => {
    const p = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 1 });
    const po = await newOrder([{ productId: p.id, quantity: 5, unitCost: 2 }]);
    await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/order`, {});
    await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
      lines: [{ productId: p.id, quantity: 2 }],
    });
    const cancelled = await call(tokens.admin, 'POST', `/api/purchase-orders/${po.id}/cancel`, {});
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await productRow(p.id)).stock).toBe(3);
    expect((await call(tokens.admin, 'POST', `/api/purchase-orders/${po.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('reorder: products at or below their threshold become one draft with quantities up to max stock', async () => {
    const low = await createProduct(db(), {
      companyId: companyId(),
      branchId: branchId(),
      stockQuantity: 2,
      lowStockThreshold: 5,
      maxStock: 30,
      cost: '3.25',
    });
    const fine = await createProduct(db(), {
      companyId: companyId(),
      branchId: branchId(),
      stockQuantity: 50,
      lowStockThreshold: 5,
    });
    const supplier = await createSupplier(db(), { companyId: companyId() });
    const res = await call(tokens.manager, 'POST', '/api/purchase-orders/reorder', {
      branchId: branchId(),
      supplierId: supplier.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().data.lines as { productId: string; quantityOrdered: number; unitCost: number }[];
    expect(lines.find((l) => l.productId === low.id)).toMatchObject({ quantityOrdered: 28, unitCost: 3.25 });
    expect(lines.find((l) => l.productId === fine.id)).toBeUndefined();
    expect(res.json().data.status).toBe('draft');
  });

  it("foreign ids 404: another company's supplier, product, order; cashiers 403", async () => {
    const mine = await createProduct(db(), { companyId: companyId(), branchId: branchId() });
    const theirs = await createProduct(db(), { companyId: other.company.id, branchId: other.main.id });
    const supplier = await createSupplier(db(), { companyId: companyId() });
    const foreignSupplier = await createSupplier(db(), { companyId: other.company.id });
    const line = (productId: string) => [{ productId, quantity: 1, unitCost: 1 }];
    const post = (token: string, payload: unknown) => call(token, 'POST', '/api/purchase-orders', payload);
    expect(
      (await post(tokens.manager, { branchId: branchId(), supplierId: supplier.id, lines: line(theirs.id) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(tokens.manager, { branchId: branchId(), supplierId: foreignSupplier.id, lines: line(mine.id) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(tokens.manager, { branchId: other.main.id, supplierId: supplier.id, lines: line(mine.id) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(tokens.cashier, { branchId: branchId(), supplierId: supplier.id, lines: line(mine.id) })).statusCode,
    ).toBe(403);
    const otherToken = await login(ctx.app, other.manager.username);
    const theirsPo = await post(otherToken, {
      branchId: other.main.id,
      supplierId: foreignSupplier.id,
      lines: line(theirs.id),
    });
    expect(theirsPo.statusCode).toBe(201);
    const id = theirsPo.json().data.id;
    expect((await call(tokens.manager, 'GET', `/api/purchase-orders/${id}`)).statusCode).toBe(404);
    expect((await call(tokens.manager, 'POST', `/api/purchase-orders/${id}/order`, {})).statusCode).toBe(404);
  });

  it('two receipts of the same order, an adjustment and a sale at once leave stock = ledger', async () => {
    const p = await createProduct(db(), { companyId: companyId(), branchId: branchId(), stockQuantity: 10 });
    const po = await newOrder([{ productId: p.id, quantity: 10, unitCost: 5 }]);
    await call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/order`, {});
    const receipt = () =>
      call(tokens.manager, 'POST', `/api/purchase-orders/${po.id}/receive`, {
        lines: [{ productId: p.id, quantity: 6 }],
      });
    const adjust = () =>
      call(tokens.manager, 'POST', '/api/inventory/adjustments', {
        branchId: branchId(),
        productId: p.id,
        newQuantity: 8,
        reason: 'Race',
      });
    const sale = () => call(tokens.cashier, 'POST', '/api/transactions', salePayload(branchId(), p, 2));
    const answers = await Promise.all([receipt(), receipt(), adjust(), sale()]);
    expect(answers[3]?.statusCode, answers[3]?.body).toBe(201);
    const statuses = answers
      .slice(0, 2)
      .map((r) => r.statusCode)
      .sort();
    // Only one receipt of 6 fits the 10 ordered: the other waits for the lock and is refused.
    expect(statuses).toEqual([200, 400]);
    const [row] = await db()
      .select({ received: sql<number>`sum(quantity)::int` })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.companyId, companyId()),
          eq(stockMovements.productId, p.id),
          eq(stockMovements.movementType, 'purchase'),
        ),
      );
    expect(row?.received).toBe(6);
    expect(await checkInvariants(db())).toEqual([]);
  });
});
