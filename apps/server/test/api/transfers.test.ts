import { computeCartTotals, QUANTITY_MSG, type TransferDetail } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, branches, brands, products, stockMovements } from '../../src/db/schema';
import { listingPrice } from '../../src/domain/catalog.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBrand,
  createCategory,
  createProduct,
  createTenant,
  listingColumns,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

describe(`transfers (${engineName()})`, () => {
  let ctx: TestContext;
  let a: Awaited<ReturnType<typeof createTenant>>;
  let b: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { admin: string; manager: string; cashier: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    a = await createTenant(ctx.database.db);
    b = await createTenant(ctx.database.db);
    tokens = {
      admin: await login(ctx.app, a.admin.username),
      manager: await login(ctx.app, a.manager.username),
      cashier: await login(ctx.app, a.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });
  const data = (res: { json: () => unknown }) => (res.json() as { data: TransferDetail }).data;

  const product = (branchId: string, overrides: Partial<typeof products.$inferInsert> = {}) =>
    createProduct(db(), { companyId: a.company.id, branchId, ...overrides });

  async function stockOf(productId: string) {
    const [row] = await db()
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.companyId, a.company.id), eq(products.id, productId)));
    return row?.stock;
  }

  async function movementsOf(productId: string) {
    const rows = await db()
      .select({
        type: stockMovements.movementType,
        quantity: stockMovements.quantity,
        direction: stockMovements.direction,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, a.company.id), eq(stockMovements.productId, productId)))
      .orderBy(stockMovements.createdAt, stockMovements.newQuantity);
    return rows.map((m) => `${m.type}:${m.direction === 'in' ? '+' : '-'}${m.quantity}`).sort();
  }

  async function destinationBySku(branchId: string, sku: string) {
    const [row] = await db()
      .select(listingColumns)
      .from(products)
      .where(
        and(
          eq(products.companyId, a.company.id),
          eq(products.branchId, branchId),
          sql`lower(${products.sku}) = lower(${sku})`,
        ),
      );
    return row;
  }

  async function draft(lines: { productId: string; quantity: number }[], token = tokens.manager) {
    const res = await call(token, 'POST', '/api/transfers', {
      fromBranchId: a.main.id,
      toBranchId: a.second.id,
      note: 'Weekly top-up',
      lines,
    });
    expect(res.statusCode, res.body).toBe(201);
    return data(res);
  }

  async function sent(lines: { productId: string; quantity: number }[]) {
    const t = await draft(lines);
    const res = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    return data(res);
  }

  const receive = (
    t: TransferDetail,
    lines: { lineId: string; received: number; damaged: number }[],
    token = tokens.admin,
  ) => call(token, 'POST', `/api/transfers/${t.id}/receive`, { lines });

  it('lands on the same variant at the destination: its listing there, or a new listing of it; never a match by name', async () => {
    const created = await call(tokens.admin, 'POST', '/api/items', {
      companyId: a.company.id,
      name: 'Transfer Tee',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      price: 20,
      cost: 9,
      branchIds: [a.main.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const medium = created.json().data.variants[1] as { id: string; name: string; listings: { productId: string }[] };
    const source = medium.listings[0]?.productId ?? '';
    const adjusted = await call(tokens.admin, 'POST', '/api/inventory/adjustments', {
      branchId: a.main.id,
      productId: source,
      newQuantity: 5,
      reason: 'Opening stock',
    });
    expect(adjusted.statusCode, adjusted.body).toBeLessThan(300);
    // A product of the same name (no SKU) at the destination is another item: not the shirt.
    const lookalike = await product(a.second.id, { name: medium.name, sku: null, stockQuantity: 0 });

    const t = await sent([{ productId: source, quantity: 2 }]);
    const line = t.lines[0];
    if (!line) throw new Error('line');
    const res = await receive(t, [{ lineId: line.id, received: 2, damaged: 0 }]);
    expect(res.statusCode, res.body).toBe(200);
    const destinationId = data(res).lines[0]?.destinationProductId ?? '';
    expect(destinationId).not.toBe(lookalike.id);
    const [dest] = await db()
      .select({ variantId: products.variantId, stock: products.stockQuantity, price: listingPrice() })
      .from(products)
      .where(and(eq(products.companyId, a.company.id), eq(products.id, destinationId)));
    expect(dest).toEqual({ variantId: medium.id, stock: 2, price: '20.00' });
    expect(await stockOf(lookalike.id)).toBe(0);

    // The next transfer of size M finds that listing.
    const again = await sent([{ productId: source, quantity: 1 }]);
    const next = await receive(again, [{ lineId: again.lines[0]?.id ?? '', received: 1, damaged: 0 }]);
    expect(data(next).lines[0]?.destinationProductId).toBe(destinationId);
    expect(await stockOf(destinationId)).toBe(3);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('send, two partial receipts with a damaged unit: both branches stock and ledger exact, destination created by SKU', async () => {
    const category = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id], name: 'Tea' });
    const brand = await createBrand(db(), { companyId: a.company.id, branchId: a.main.id, name: 'Leafy' });
    const src = await product(a.main.id, {
      stockQuantity: 20,
      price: '12.50',
      cost: '7.25',
      categoryId: category.id,
      brandId: brand.id,
    });
    const t = await draft([{ productId: src.id, quantity: 8 }]);
    expect(t.number).toMatch(/^TRF-\d{6}$/);
    expect(t.status).toBe('draft');
    expect(await stockOf(src.id)).toBe(20);

    const sendRes = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`);
    expect(sendRes.statusCode, sendRes.body).toBe(200);
    expect(data(sendRes).status).toBe('in_transit');
    expect(await stockOf(src.id)).toBe(12);
    expect(await movementsOf(src.id)).toEqual(['initial_stock:+20', 'transfer_out:-8']);
    // A second send: 409, nothing moves.
    expect((await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`)).statusCode).toBe(409);
    expect(await stockOf(src.id)).toBe(12);

    const line = t.lines[0];
    if (!line) throw new Error('line');
    const first = await receive(t, [{ lineId: line.id, received: 4, damaged: 1 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(data(first).status).toBe('in_transit');
    expect(data(first).lines[0]).toMatchObject({ received: 4, damaged: 1, missing: 3 });

    const dest = await destinationBySku(a.second.id, src.sku ?? '');
    if (!dest) throw new Error('destination product not created');
    expect(dest).toMatchObject({
      name: src.name,
      price: '12.50',
      cost: '7.25',
      categoryId: category.id,
      stockQuantity: 4,
    });
    const [destBrand] = await db()
      .select()
      .from(brands)
      .where(eq(brands.id, dest.brandId ?? ''));
    expect(destBrand).toMatchObject({ branchId: a.second.id, name: 'Leafy' });
    expect(await movementsOf(dest.id)).toEqual(['damage:-1', 'transfer_in:+5']);

    const second = await receive(t, [{ lineId: line.id, received: 3, damaged: 0 }]);
    expect(second.statusCode, second.body).toBe(200);
    expect(data(second).status).toBe('received');
    expect(data(second).receivedAt).not.toBeNull();
    expect(data(second).lines[0]).toMatchObject({ received: 7, damaged: 1, missing: 0, destinationProductId: dest.id });
    expect(await stockOf(dest.id)).toBe(7);
    expect(await stockOf(src.id)).toBe(12);
    expect(await movementsOf(dest.id)).toEqual(['damage:-1', 'transfer_in:+3', 'transfer_in:+5']);
    // Complete: nothing more can be received.
    expect((await receive(t, [{ lineId: line.id, received: 1, damaged: 0 }])).statusCode).toBe(409);

    const audits = await db()
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.entityId, t.id)));
    expect(audits.map((r) => r.action).sort()).toEqual([
      'transfer.create',
      'transfer.receive',
      'transfer.receive',
      'transfer.send',
    ]);
  });

  it('receives into the destination product with the same SKU (case-insensitive); closing leaves the rest missing', async () => {
    const src = await product(a.main.id, { sku: `Abc-${Date.now()}`, stockQuantity: 10 });
    const existing = await product(a.second.id, { sku: (src.sku ?? '').toLowerCase(), stockQuantity: 3 });
    const t = await sent([{ productId: src.id, quantity: 6 }]);
    const line = t.lines[0];
    if (!line) throw new Error('line');
    const res = await receive(t, [{ lineId: line.id, received: 2, damaged: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res).lines[0]?.destinationProductId).toBe(existing.id);
    expect(await stockOf(existing.id)).toBe(5);

    // A cashier may not close; a manager closes with the rest (3) written off as missing.
    expect((await call(tokens.cashier, 'POST', `/api/transfers/${t.id}/close`, {})).statusCode).toBe(403);
    const closed = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/close`, { note: 'Lost in the van' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(data(closed)).toMatchObject({ status: 'closed', quantitySent: 6, quantityReceived: 2, quantityDamaged: 1 });
    expect(data(closed).lines[0]).toMatchObject({ missing: 3 });
    expect(await stockOf(src.id)).toBe(4);
    expect(await stockOf(existing.id)).toBe(5);
    expect((await receive(t, [{ lineId: line.id, received: 1, damaged: 0 }])).statusCode).toBe(409);
  });

  it('drafts are edited and cancelled; sending more than the stock is refused and moves nothing', async () => {
    const p1 = await product(a.main.id, { stockQuantity: 5 });
    const p2 = await product(a.main.id, { stockQuantity: 5 });
    const t = await draft([{ productId: p1.id, quantity: 2 }]);
    const edited = await call(tokens.manager, 'PUT', `/api/transfers/${t.id}`, {
      toBranchId: a.second.id,
      note: 'Edited',
      lines: [
        { productId: p1.id, quantity: 3 },
        { productId: p2.id, quantity: 9 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(data(edited).lines.map((l) => l.quantity)).toEqual([3, 9]);
    const refused = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Insufficient stock for ${p2.name}: 5 available`);
    expect([await stockOf(p1.id), await stockOf(p2.id)]).toEqual([5, 5]);

    const cancelled = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(data(cancelled).status).toBe('cancelled');
    expect((await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`)).statusCode).toBe(409);

    // Bad input: 400 with the shared messages.
    const same = await call(tokens.manager, 'POST', '/api/transfers', {
      fromBranchId: a.main.id,
      toBranchId: a.main.id,
      lines: [{ productId: p1.id, quantity: 1 }],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Choose another branch to send to');
    const zero = await call(tokens.manager, 'POST', '/api/transfers', {
      fromBranchId: a.main.id,
      toBranchId: a.second.id,
      lines: [{ productId: p1.id, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    // A product of another branch is not in the sending branch: 404.
    const elsewhere = await product(a.second.id);
    const wrong = await call(tokens.manager, 'POST', '/api/transfers', {
      fromBranchId: a.main.id,
      toBranchId: a.second.id,
      lines: [{ productId: elsewhere.id, quantity: 1 }],
    });
    expect(wrong.statusCode).toBe(404);
  });

  it("a transfer to another company's branch is refused with 404; another company's transfer is not found", async () => {
    const p = await product(a.main.id);
    const res = await call(tokens.admin, 'POST', '/api/transfers', {
      fromBranchId: a.main.id,
      toBranchId: b.main.id,
      lines: [{ productId: p.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Branch not found');

    const bAdmin = await login(ctx.app, b.admin.username);
    const bp = await createProduct(db(), { companyId: b.company.id, branchId: b.main.id });
    const bt = await call(bAdmin, 'POST', '/api/transfers', {
      fromBranchId: b.main.id,
      toBranchId: b.second.id,
      lines: [{ productId: bp.id, quantity: 1 }],
    });
    expect(bt.statusCode).toBe(201);
    const id = data(bt).id;
    expect((await call(tokens.admin, 'GET', `/api/transfers/${id}`)).statusCode).toBe(404);
    expect((await call(tokens.manager, 'POST', `/api/transfers/${id}/send`)).statusCode).toBe(404);
    expect((await call(tokens.admin, 'GET', `/api/transfers?branchId=${b.main.id}`)).statusCode).toBe(404);
  });

  it('cashiers receive only where the branch allows it, and only transfers to their branch', async () => {
    const src = await product(a.second.id, { stockQuantity: 10 });
    const res = await call(tokens.manager, 'POST', '/api/transfers', {
      fromBranchId: a.second.id,
      toBranchId: a.main.id,
      lines: [{ productId: src.id, quantity: 2 }],
    });
    const t = data(res);
    expect((await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`)).statusCode).toBe(200);
    const line = { lineId: t.lines[0]?.id ?? '', received: 1, damaged: 0 };
    expect((await receive(t, [line], tokens.cashier)).statusCode).toBe(403);
    await db().update(branches).set({ cashierMayReceiveTransfers: true }).where(eq(branches.id, a.main.id));
    try {
      const ok = await receive(t, [line], tokens.cashier);
      expect(ok.statusCode, ok.body).toBe(200);
      // The cashier sees the incoming transfer in the list of their branch.
      const list = await call(tokens.cashier, 'GET', `/api/transfers?branchId=${a.main.id}&direction=incoming`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((x: { id: string }) => x.id)).toContain(t.id);
      // An outgoing transfer of their branch is not theirs to receive: 404, as any id out of reach.
      const out = await sent([{ productId: (await product(a.main.id)).id, quantity: 1 }]);
      const outgoing = await receive(
        out,
        [{ lineId: out.lines[0]?.id ?? '', received: 1, damaged: 0 }],
        tokens.cashier,
      );
      expect(outgoing.statusCode).toBe(404);
      expect(outgoing.json().message).toBe('Transfer not found');
    } finally {
      await db().update(branches).set({ cashierMayReceiveTransfers: false }).where(eq(branches.id, a.main.id));
    }
  });

  it('lists page on the server: incoming and outgoing, drafts only on the sending side', async () => {
    const p = await product(a.main.id, { stockQuantity: 50 });
    const d = await draft([{ productId: p.id, quantity: 1 }]);
    const s = await sent([{ productId: p.id, quantity: 1 }]);
    const outgoing = await call(
      tokens.manager,
      'GET',
      `/api/transfers?branchId=${a.main.id}&direction=outgoing&limit=100`,
    );
    const outIds = outgoing.json().data.map((x: { id: string }) => x.id);
    expect(outIds).toEqual(expect.arrayContaining([d.id, s.id]));
    const incoming = await call(
      tokens.manager,
      'GET',
      `/api/transfers?branchId=${a.second.id}&direction=incoming&limit=100`,
    );
    const inIds = incoming.json().data.map((x: { id: string }) => x.id);
    expect(inIds).toContain(s.id);
    expect(inIds).not.toContain(d.id);
    const page = await call(tokens.manager, 'GET', `/api/transfers?branchId=${a.main.id}&limit=1&page=2`);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta).toMatchObject({ page: 2, limit: 1 });
    expect(page.json().meta.total).toBeGreaterThanOrEqual(2);
  });

  it('two receipts of the same line at once: one stands, the other is refused; stock = ledger', async () => {
    const src = await product(a.main.id, { stockQuantity: 10 });
    const t = await sent([{ productId: src.id, quantity: 5 }]);
    const lineId = t.lines[0]?.id ?? '';
    const results = await Promise.all([
      receive(t, [{ lineId, received: 3, damaged: 0 }]),
      receive(t, [{ lineId, received: 2, damaged: 1 }], tokens.manager),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const dest = await destinationBySku(a.second.id, src.sku ?? '');
    if (!dest) throw new Error('destination');
    const detail = data(await call(tokens.admin, 'GET', `/api/transfers/${t.id}`));
    const l = detail.lines[0];
    expect(l && l.received + l.damaged).toBe(3);
    expect(await stockOf(dest.id)).toBe(l?.received);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('sales during a receipt of the same product leave stock = ledger', async () => {
    const src = await product(a.main.id, { stockQuantity: 40 });
    const dest = await product(a.second.id, { sku: (src.sku ?? '').toUpperCase(), stockQuantity: 6, price: '10.00' });
    const t = await sent([{ productId: src.id, quantity: 30 }]);
    const lineId = t.lines[0]?.id ?? '';
    const items = [{ product_id: dest.id, quantity: 2, price: 10 }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    const sale = {
      branchId: a.second.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: totals.discountAmount,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
    };
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => call(tokens.manager, 'POST', '/api/transactions', sale)),
      receive(t, [{ lineId, received: 20, damaged: 2 }]),
      ...Array.from({ length: 6 }, () => call(tokens.manager, 'POST', '/api/transactions', sale)),
    ]);
    const receipt = results[6];
    expect(receipt?.statusCode, receipt?.body).toBe(200);
    const sold = results.filter((r, i) => i !== 6 && r.statusCode === 201).length;
    for (const r of results) expect([200, 201, 409], r.body).toContain(r.statusCode);
    expect(await stockOf(dest.id)).toBe(6 + 20 - sold * 2);
    expect(await checkInvariants(db())).toEqual([]);
  });

  /** A new item sold by the kg, listed in both branches of tenant a: its listing in each, by SKU. */
  async function kgItem(name: string) {
    const sku = `KG-${Date.now().toString(36)}`;
    const created = await call(tokens.admin, 'POST', '/api/items', {
      companyId: a.company.id,
      name,
      unit: 'kg',
      sku,
      price: 4.5,
      cost: 2.2,
      branchIds: [a.main.id, a.second.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const listing = async (branchId: string) => {
      const res = await call(tokens.admin, 'GET', `/api/products?branchId=${branchId}&sku=${sku}`);
      const row = res.json().data[0] as { id: string; name: string; unit: string };
      expect(row).toMatchObject({ unit: 'kg' });
      return row;
    };
    return { source: await listing(a.main.id), destination: await listing(a.second.id) };
  }

  async function setStock(branchId: string, productId: string, newQuantity: number) {
    const res = await call(tokens.admin, 'POST', '/api/inventory/adjustments', {
      branchId,
      productId,
      newQuantity,
      reason: 'Weighed',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('2.5 kg sent, received in two receipts (1.6, then 0.65 + 0.25 damaged): 2.25 kg more at the destination, exact', async () => {
    const { source, destination } = await kgItem('Transfer Rice');
    await setStock(a.main.id, source.id, 10.5);
    await setStock(a.second.id, destination.id, 1.2);

    const t = await draft([{ productId: source.id, quantity: 2.5 }]);
    // The line carries its product's unit: the forms take decimals from it, with no look-up per line.
    expect(t.lines[0]).toMatchObject({ quantity: 2.5, unit: 'kg' });
    const sendRes = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`);
    expect(sendRes.statusCode, sendRes.body).toBe(200);
    expect(await stockOf(source.id)).toBe(8);
    expect(await movementsOf(source.id)).toContain('transfer_out:-2.5');

    const lineId = t.lines[0]?.id ?? '';
    const first = await receive(t, [{ lineId, received: 1.6, damaged: 0 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(data(first).lines[0]).toMatchObject({ unit: 'kg', received: 1.6, damaged: 0, missing: 0.9 });
    // 2.5 - 1.6 is 0.8999999999999999 in floats: the rest (0.9) must still fit exactly.
    const second = await receive(t, [{ lineId, received: 0.65, damaged: 0.25 }]);
    expect(second.statusCode, second.body).toBe(200);
    expect(data(second)).toMatchObject({
      status: 'received',
      quantitySent: 2.5,
      quantityReceived: 2.25,
      quantityDamaged: 0.25,
    });
    expect(data(second).lines[0]).toMatchObject({
      unit: 'kg',
      quantity: 2.5,
      received: 2.25,
      damaged: 0.25,
      missing: 0,
      destinationProductId: destination.id,
    });
    expect(await stockOf(destination.id)).toBe(3.45);
    expect(await stockOf(source.id)).toBe(8);
    expect(await movementsOf(destination.id)).toEqual(
      expect.arrayContaining(['damage:-0.25', 'transfer_in:+0.9', 'transfer_in:+1.6']),
    );
    // Nothing is open: a further gram is refused.
    expect((await receive(t, [{ lineId, received: 0.001, damaged: 0 }])).statusCode).toBe(409);
    expect(await checkInvariants(db())).toEqual([]);
    // The source product deleted since: the line still answers with its unit.
    await db()
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.companyId, a.company.id), eq(products.id, source.id)));
    const after = await call(tokens.admin, 'GET', `/api/transfers/${t.id}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(data(after).lines).toEqual([expect.objectContaining({ productId: source.id, unit: 'kg' })]);
  });

  it('a fraction of a piece product is refused with 400 and the whole-number message: on a draft and on a receipt', async () => {
    const piece = await product(a.main.id, { stockQuantity: 10 });
    const message = QUANTITY_MSG.whole(piece.name, 'piece');
    const created = await call(tokens.manager, 'POST', '/api/transfers', {
      fromBranchId: a.main.id,
      toBranchId: a.second.id,
      lines: [{ productId: piece.id, quantity: 1.5 }],
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({ message, errors: { 'lines.0.quantity': message } });

    const t = await draft([{ productId: piece.id, quantity: 3 }]);
    const edited = await call(tokens.manager, 'PUT', `/api/transfers/${t.id}`, {
      toBranchId: a.second.id,
      lines: [{ productId: piece.id, quantity: 2.5 }],
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().message).toBe(message);
    const sendRes = await call(tokens.manager, 'POST', `/api/transfers/${t.id}/send`);
    expect(sendRes.statusCode, sendRes.body).toBe(200);
    const lineId = data(sendRes).lines[0]?.id ?? '';
    const half = await receive(t, [{ lineId, received: 1.5, damaged: 0 }]);
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json()).toMatchObject({ message, errors: { 'lines.0.received': message } });
    const damagedHalf = await receive(t, [{ lineId, received: 1, damaged: 0.5 }]);
    expect(damagedHalf.statusCode, damagedHalf.body).toBe(400);
    expect(damagedHalf.json()).toMatchObject({ message, errors: { 'lines.0.damaged': message } });
    // Nothing moved at the destination; whole units are still received.
    const detail = data(await call(tokens.admin, 'GET', `/api/transfers/${t.id}`));
    expect(detail.lines[0]).toMatchObject({ unit: 'piece', received: 0, damaged: 0, missing: 3 });
    expect((await receive(t, [{ lineId, received: 3, damaged: 0 }])).statusCode).toBe(200);
  });

  describe('POST /inventory/write-offs', () => {
    const writeOff = (token: string, payload: unknown) => call(token, 'POST', '/api/inventory/write-offs', payload);

    it('damage and expiry leave stock with their movement, reason and audit row; never below 0', async () => {
      const p = await product(a.main.id, { stockQuantity: 10 });
      const base = { branchId: a.main.id, productId: p.id };
      const dmg = await writeOff(tokens.manager, { ...base, type: 'damage', quantity: 2, reason: 'Broken seal' });
      expect(dmg.statusCode, dmg.body).toBe(201);
      expect(dmg.json()).toMatchObject({
        message: '2 units written off (damage)',
        data: { previousQuantity: 10, newQuantity: 8, type: 'damage' },
      });
      const exp = await writeOff(tokens.admin, { ...base, type: 'expiry', quantity: 1, reason: 'Past best before' });
      expect(exp.statusCode).toBe(201);
      expect(await stockOf(p.id)).toBe(7);
      expect(await movementsOf(p.id)).toEqual(['damage:-2', 'expiry:-1', 'initial_stock:+10']);
      const [m] = await db()
        .select({ reason: stockMovements.reason })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, p.id), eq(stockMovements.movementType, 'expiry')));
      expect(m?.reason).toBe('Past best before');

      const tooMany = await writeOff(tokens.manager, { ...base, type: 'damage', quantity: 8, reason: 'x' });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe(`Insufficient stock for ${p.name}: 7 available`);
      expect((await writeOff(tokens.manager, { ...base, type: 'theft', quantity: 1, reason: 'x' })).statusCode).toBe(
        400,
      );
      expect((await writeOff(tokens.manager, { ...base, type: 'damage', quantity: 1, reason: ' ' })).statusCode).toBe(
        400,
      );
      expect((await writeOff(tokens.cashier, { ...base, type: 'damage', quantity: 1, reason: 'x' })).statusCode).toBe(
        403,
      );
      const audits = await db()
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.entityId, p.id)));
      expect(audits.filter((r) => r.action === 'stock.write_off')).toHaveLength(2);
      expect(await stockOf(p.id)).toBe(7);
    });
  });

  it('leaves every invariant intact', async () => {
    expect(await checkInvariants(db())).toEqual([]);
  });
});
