import { BARCODE_MSG, barcodeTakenMessage, catalogSkuTakenMessage, ITEM_MSG, type Item } from '@pos/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditLogs, items, products } from '../../src/db/schema';
import { listingPrice } from '../../src/domain/catalog.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCategory, createSale, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Listed = { id: string; name: string; sku: string | null; price: number; stockQuantity: number };

describe(`the company's catalogue: items, variants, listings (${engineName()})`, () => {
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
  const companyId = () => tenant.company.id;
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  async function createItem(payload: Record<string, unknown>): Promise<Item> {
    const res = await call(tokens.manager, 'POST', '/api/items', { companyId: companyId(), ...payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(ITEM_MSG.created);
    return res.json().data;
  }

  /** The branch's view (the spec's GET /products) of the products whose name starts with a prefix. */
  async function branchView(branchId: string, search: string): Promise<Listed[]> {
    const res = await call(tokens.manager, 'GET', `/api/products?branchId=${branchId}&search=${search}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  const priceBySku = (rows: Listed[]) => Object.fromEntries(rows.map((r) => [r.sku, r.price]));

  async function lastAudit(action: string) {
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId()), eq(auditLogs.action, action)))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    return row;
  }

  it('creates a T-shirt in sizes once (the matrix), listed in both branches at the chain price', async () => {
    const tee = await createItem({
      name: 'Tee',
      description: 'Cotton',
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      sku: 'TEE',
      price: 20,
      cost: 8,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    expect(tee.optionNames).toEqual(['Size']);
    expect(tee.variants.map((v) => [v.name, v.sku, v.optionValues, v.price, v.cost])).toEqual([
      ['Tee / S', 'TEE-S', ['S'], 20, 8],
      ['Tee / M', 'TEE-M', ['M'], 20, 8],
      ['Tee / L', 'TEE-L', ['L'], 20, 8],
    ]);
    for (const variant of tee.variants) {
      expect(variant.listings.map((l) => [l.branch.id, l.price, l.priceOverridden, l.stockQuantity]).sort()).toEqual(
        [
          [tenant.main.id, 20, false, 0],
          [tenant.second.id, 20, false, 0],
        ].sort(),
      );
    }
    for (const branch of [tenant.main, tenant.second]) {
      const rows = await branchView(branch.id, 'Tee /');
      expect(rows.map((r) => [r.name, r.sku, r.price, r.stockQuantity])).toEqual([
        ['Tee / L', 'TEE-L', 20, 0],
        ['Tee / M', 'TEE-M', 20, 0],
        ['Tee / S', 'TEE-S', 20, 0],
      ]);
    }
    const audit = await lastAudit('item.create');
    expect(audit?.entityId).toBe(tee.id);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('explicit variants of two options; option values must come from the options, and at most three options', async () => {
    const shirt = await createItem({
      name: 'Polo',
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      variants: [
        { optionValues: ['M', 'Red'], sku: 'POLO-MR', price: 30 },
        { optionValues: ['L', 'Blue'], sku: 'POLO-LB', price: 32, cost: 11 },
      ],
    });
    expect(shirt.variants.map((v) => [v.name, v.price, v.listings.length])).toEqual([
      ['Polo / M / Red', 30, 0],
      ['Polo / L / Blue', 32, 0],
    ]);

    const wrongValue = await call(tokens.manager, 'POST', '/api/items', {
      companyId: companyId(),
      name: 'Bad',
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ optionValues: ['XL'], price: 5 }],
    });
    expect(wrongValue.statusCode).toBe(400);
    expect(wrongValue.body).toContain(ITEM_MSG.variantOptionValues);
    const four = await call(tokens.manager, 'POST', '/api/items', {
      companyId: companyId(),
      name: 'Bad',
      price: 5,
      options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
    });
    expect(four.statusCode).toBe(400);
    expect(four.body).toContain(ITEM_MSG.optionsMax);
    const noPrice = await call(tokens.manager, 'POST', '/api/items', { companyId: companyId(), name: 'Bad' });
    expect(noPrice.statusCode).toBe(400);
  });

  it('a branch override stands through a chain price change; clearing it follows the chain again', async () => {
    const item = await createItem({
      name: 'Mug',
      sku: 'MUG',
      price: 10,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const [mug] = item.variants;
    if (!mug) throw new Error('variant');

    const override = await call(tokens.manager, 'PUT', `/api/variants/${mug.id}/listings/${tenant.second.id}`, {
      price: 12.5,
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().data).toMatchObject({ price: 12.5, priceOverridden: true });
    expect((await lastAudit('listing.update'))?.branchId).toBe(tenant.second.id);

    const changed = await call(tokens.manager, 'PATCH', `/api/variants/${mug.id}`, { price: 11 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed
        .json()
        .data.listings.map((l: { branch: { id: string }; price: number }) => [l.branch.id, l.price])
        .sort(),
    ).toEqual(
      [
        [tenant.main.id, 11],
        [tenant.second.id, 12.5],
      ].sort(),
    );
    const audit = await lastAudit('variant.price_change');
    expect(audit).toMatchObject({ entityId: mug.id, before: { price: 10 }, after: { price: 11, listings: 1 } });
    expect(priceBySku(await branchView(tenant.main.id, 'Mug'))).toEqual({ MUG: 11 });
    expect(priceBySku(await branchView(tenant.second.id, 'Mug'))).toEqual({ MUG: 12.5 });

    const cleared = await call(tokens.manager, 'PUT', `/api/variants/${mug.id}/listings/${tenant.second.id}`, {
      price: null,
    });
    expect(cleared.json().data).toMatchObject({ price: 11, priceOverridden: false });
    await call(tokens.manager, 'PATCH', `/api/variants/${mug.id}`, { price: 9 });
    expect(priceBySku(await branchView(tenant.second.id, 'Mug'))).toEqual({ MUG: 9 });
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('a branch price set from the products screen is an override; the chain price itself is none', async () => {
    const item = await createItem({
      name: 'Kettle',
      sku: 'KET',
      price: 40,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const [listing] = (await branchView(tenant.main.id, 'Kettle')) as Listed[];
    const patched = await call(tokens.manager, 'PATCH', `/api/products/${listing?.id}`, { price: 45 });
    expect(patched.statusCode, patched.body).toBe(200);
    await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: [{ variantId: item.variants[0]?.id, price: 42 }],
    });
    expect(priceBySku(await branchView(tenant.main.id, 'Kettle'))).toEqual({ KET: 45 });
    expect(priceBySku(await branchView(tenant.second.id, 'Kettle'))).toEqual({ KET: 42 });
    // Back at the chain price: no override, so the next chain change reaches it.
    await call(tokens.manager, 'PATCH', `/api/products/${listing?.id}`, { price: 42 });
    await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: [{ variantId: item.variants[0]?.id, price: 43 }],
    });
    expect(priceBySku(await branchView(tenant.main.id, 'Kettle'))).toEqual({ KET: 43 });
  });

  it('a chain price change of many variants is one action with one audit row; an unknown variant changes nothing', async () => {
    const tee = await createItem({
      name: 'Cap',
      options: [{ name: 'Colour', values: ['Red', 'Blue', 'Green'] }],
      sku: 'CAP',
      price: 15,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const changes = tee.variants.map((v, i) => ({ variantId: v.id, price: 16 + i }));
    const res = await call(tokens.manager, 'POST', '/api/variants/prices', { companyId: companyId(), changes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ variants: 3, listings: 6 });
    expect(priceBySku(await branchView(tenant.second.id, 'Cap /'))).toEqual({
      'CAP-Red': 16,
      'CAP-Blue': 17,
      'CAP-Green': 18,
    });
    const audit = await lastAudit('variant.chain_price_change');
    expect(audit?.before).toEqual(Object.fromEntries(tee.variants.map((v) => [v.id, 15])));

    const foreign = await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: [
        { variantId: tee.variants[0]?.id, price: 99 },
        { variantId: '00000000-0000-4000-8000-000000000000', price: 99 },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect(priceBySku(await branchView(tenant.main.id, 'Cap /'))).toEqual({
      'CAP-Red': 16,
      'CAP-Blue': 17,
      'CAP-Green': 18,
    });

    // The largest change allowed fits the route's body limit (about 1.3 MB of JSON); one more is refused.
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        variantId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        price: 1234.56,
      }));
    const largest = await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: many(20_000),
    });
    expect(largest.statusCode, largest.body.slice(0, 200)).toBe(404);
    const tooMany = await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: many(20_001),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(ITEM_MSG.priceChangesMax);

    const twice = await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: [changes[0], changes[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(ITEM_MSG.priceChangesUnique);
  });

  it("a chain price change writes the variants alone: no listing's row, yet every following branch sells at it, syncs it and hears of it", async () => {
    const flask = await createItem({
      name: 'Flask',
      options: [{ name: 'Size', values: ['Small'] }],
      sku: 'FLASK',
      price: 30,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const variant = flask.variants[0];
    if (!variant) throw new Error('variant');
    await call(tokens.manager, 'PUT', `/api/variants/${variant.id}/listings/${tenant.second.id}`, { price: 33 });
    // Each listing row's version (xmin: the transaction that last wrote it) and the register's sync cursor.
    const rowVersions = () =>
      queryRows<{ id: string; branch: string; version: string; stored: string | null }>(
        db(),
        sql`select id, branch_id as branch, xmin::text as version, price::text as stored from products
             where company_id = ${companyId()} and variant_id = ${variant.id} order by branch_id`,
      );
    const before = await rowVersions();
    expect(before.map((r) => [r.branch, r.stored]).sort()).toEqual(
      [
        [tenant.main.id, null],
        [tenant.second.id, '33.00'],
      ].sort(),
    );
    const syncPage = async (cursor?: string) => {
      const qs = new URLSearchParams({ branchId: tenant.main.id, limit: '5000', ...(cursor && { cursor }) });
      const res = await call(tokens.cashier, 'GET', `/api/sync/catalogue?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { products: { id: string; price: number }[]; nextCursor: string; hasMore: boolean };
    };
    const first = await syncPage();
    expect(first.hasMore).toBe(false);
    const [events] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from live_events`);

    const res = await call(tokens.manager, 'POST', '/api/variants/prices', {
      companyId: companyId(),
      changes: [{ variantId: variant.id, price: 31.5 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ variants: 1, listings: 1 });
    expect(await rowVersions()).toEqual(before);
    expect(priceBySku(await branchView(tenant.main.id, 'Flask'))).toEqual({ 'FLASK-Small': 31.5 });
    expect(priceBySku(await branchView(tenant.second.id, 'Flask'))).toEqual({ 'FLASK-Small': 33 });

    // The register's next delta sends the main branch's listing at the new price.
    const mainListing = before.find((r) => r.branch === tenant.main.id);
    const delta = await syncPage(first.nextCursor);
    expect(delta.products.filter((p) => p.id === mainListing?.id)).toMatchObject([{ price: 31.5 }]);
    // The main branch's registers hear of it; the second branch's (its own price) do not.
    const heard = await queryRows<{ branch: string; products: string[] }>(
      db(),
      sql`select branch_id as branch, products from live_events order by id offset ${events?.n ?? 0}`,
    );
    expect(heard).toEqual([{ branch: tenant.main.id, products: [mainListing?.id] }]);

    // The sale checks the price the listing reads now: the old one is refused, the new one sold.
    const sale = (price: number) =>
      call(tokens.cashier, 'POST', '/api/transactions', {
        branchId: tenant.main.id,
        items: [{ product_id: mainListing?.id, quantity: 1, price }],
        subtotal: price,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: price,
        payment_method: 'card',
        amount_paid: price,
        change: 0,
      });
    const stocked = await call(tokens.manager, 'POST', '/api/inventory/adjustments', {
      productId: mainListing?.id,
      branchId: tenant.main.id,
      newQuantity: 5,
      reason: 'Delivery',
    });
    expect(stocked.statusCode, stocked.body).toBe(200);
    expect((await sale(30)).statusCode).toBe(409);
    const sold = await sale(31.5);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.items).toMatchObject([{ unitPrice: 31.5 }]);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("renaming the item renames its variants in every branch's view; an edit in one branch's view reaches the others", async () => {
    const item = await createItem({
      name: 'Scarf',
      options: [{ name: 'Colour', values: ['Grey'] }],
      price: 9,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const renamed = await call(tokens.manager, 'PATCH', `/api/items/${item.id}`, { name: 'Wool Scarf' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.variants[0].name).toBe('Wool Scarf / Grey');
    for (const branch of [tenant.main, tenant.second]) {
      expect((await branchView(branch.id, 'Scarf')).map((r) => r.name)).toEqual(['Wool Scarf / Grey']);
    }

    // The spec's product screen edits the catalogue: a one-variant item renamed in branch 1 is renamed in branch 2.
    const single = await createItem({
      name: 'Candle',
      sku: 'CANDLE',
      price: 3,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const [inMain] = await branchView(tenant.main.id, 'Candle');
    const category = await createCategory(db(), { companyId: companyId(), branchIds: [tenant.main.id] });
    const edited = await call(tokens.manager, 'PATCH', `/api/products/${inMain?.id}`, {
      name: 'Soy Candle',
      sku: 'CANDLE-SOY',
      categoryId: category.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [inSecond] = await branchView(tenant.second.id, 'Candle');
    expect(inSecond).toMatchObject({ name: 'Soy Candle', sku: 'CANDLE-SOY', categoryId: category.id });
    const again = await call(tokens.manager, 'GET', `/api/items/${single.id}`);
    expect(again.json().data).toMatchObject({ name: 'Soy Candle', category: { id: category.id } });
    expect(again.json().data.variants[0]).toMatchObject({ name: 'Soy Candle', sku: 'CANDLE-SOY' });

    // Deleting the category unlinks the item and its listings.
    const removed = await call(tokens.admin, 'DELETE', `/api/categories/${category.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [itemRow] = await db().select({ categoryId: items.categoryId }).from(items).where(eq(items.id, single.id));
    expect(itemRow?.categoryId).toBeNull();
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('a product added in a second branch with a known SKU lists the same variant; its own price is an override', async () => {
    const first = await call(tokens.manager, 'POST', '/api/products', {
      branchId: tenant.main.id,
      name: 'Green Tea',
      sku: 'GT-1',
      price: 5,
      cost: 3,
      stockQuantity: 4,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(tokens.manager, 'POST', '/api/products', {
      branchId: tenant.second.id,
      name: 'green tea',
      sku: 'gt-1',
      price: 6,
      cost: 3,
      stockQuantity: 2,
    });
    expect(second.statusCode, second.body).toBe(201);
    // The catalogue's name and SKU, the branch's own price.
    expect(second.json().data).toMatchObject({ name: 'Green Tea', sku: 'GT-1', price: 6, stockQuantity: 2 });
    const rows = await db()
      .select({ variantId: products.variantId, overridden: products.priceOverridden })
      .from(products)
      .where(and(eq(products.companyId, companyId()), eq(products.sku, 'GT-1')));
    expect(new Set(rows.map((r) => r.variantId)).size).toBe(1);
    expect(rows.map((r) => r.overridden).sort()).toEqual([false, true]);
  });

  it('an SKU names one variant in the whole company: 409 with a clear message wherever it is taken', async () => {
    await createItem({ name: 'Pen', sku: 'PEN-1', price: 1, branchIds: [tenant.second.id] });
    const item = await createItem({ name: 'Pencil', sku: 'PENCIL-1', price: 1, branchIds: [tenant.main.id] });

    const dup = await call(tokens.manager, 'POST', '/api/items', {
      companyId: companyId(),
      name: 'Pen 2',
      sku: 'pen-1',
      price: 2,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(catalogSkuTakenMessage('PEN-1'));

    const variantSku = await call(tokens.manager, 'PATCH', `/api/variants/${item.variants[0]?.id}`, { sku: 'PEN-1' });
    expect(variantSku.statusCode).toBe(409);
    expect(variantSku.json().message).toBe(catalogSkuTakenMessage('PEN-1'));

    // From the branch view: PEN-1 is listed in the second branch only, but it is still the company's.
    const [pencil] = await branchView(tenant.main.id, 'Pencil');
    const productSku = await call(tokens.manager, 'PATCH', `/api/products/${pencil?.id}`, { sku: 'PEN-1' });
    expect(productSku.statusCode).toBe(409);
    expect(productSku.json().message).toBe(catalogSkuTakenMessage('PEN-1'));

    // Its own SKU is no conflict.
    const same = await call(tokens.manager, 'PATCH', `/api/variants/${item.variants[0]?.id}`, { sku: 'PENCIL-1' });
    expect(same.statusCode, same.body).toBe(200);

    // Another company may use it.
    const otherToken = await login(ctx.app, other.manager.username);
    const elsewhere = await call(otherToken, 'POST', '/api/items', {
      companyId: other.company.id,
      name: 'Pen',
      sku: 'PEN-1',
      price: 1,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("cashiers get 403; another company's item, variant or branch is 404", async () => {
    const item = await createItem({ name: 'Lamp', price: 30 });
    expect((await call(tokens.cashier, 'GET', `/api/items?companyId=${companyId()}`)).statusCode).toBe(403);
    const otherToken = await login(ctx.app, other.manager.username);
    expect((await call(otherToken, 'GET', `/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await call(otherToken, 'PATCH', `/api/variants/${item.variants[0]?.id}`, { price: 1 })).statusCode).toBe(
      404,
    );
    const foreignBranch = await call(
      tokens.manager,
      'PUT',
      `/api/variants/${item.variants[0]?.id}/listings/${other.main.id}`,
      {
        price: null,
      },
    );
    expect(foreignBranch.statusCode).toBe(404);
    const foreignListing = await call(tokens.manager, 'POST', '/api/items', {
      companyId: companyId(),
      name: 'Lamp 2',
      price: 30,
      branchIds: [other.main.id],
    });
    expect(foreignListing.statusCode).toBe(404);
  });

  describe('barcodes', () => {
    it('a variant takes several barcodes; a scan in a branch that lists it finds it by any of them, or by its SKU', async () => {
      const item = await createItem({
        name: 'Hoodie',
        options: [{ name: 'Size', values: ['M', 'L'] }],
        sku: 'HOOD',
        price: 50,
        branchIds: [tenant.main.id],
      });
      const medium = item.variants[0];
      if (!medium) throw new Error('variant');
      const add = (code: string, kind?: string) =>
        call(tokens.manager, 'POST', `/api/variants/${medium.id}/barcodes`, { code, ...(kind && { kind }) });

      const ean = await add('4006381333931');
      expect(ean.statusCode, ean.body).toBe(201);
      expect(ean.json()).toMatchObject({ message: BARCODE_MSG.added, data: { code: '4006381333931', kind: 'ean13' } });
      expect((await add('036000291452')).json().data.kind).toBe('upca');
      expect((await add('HOOD M/2', 'code128')).json().data.kind).toBe('code128');
      // Digits read as Code 128 when the user says so (an in-house code, no check digit).
      expect((await add('1234567890123', 'code128')).statusCode).toBe(201);

      const scan = async (branchId: string, code: string) => {
        // The cashier works at the main branch; the manager looks at the second.
        const token = branchId === tenant.main.id ? tokens.cashier : tokens.manager;
        const res = await call(token, 'GET', `/api/products?branchId=${branchId}&sku=${encodeURIComponent(code)}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as Listed[]).map((r) => r.name);
      };
      expect(await scan(tenant.main.id, '4006381333931')).toEqual(['Hoodie / M']);
      expect(await scan(tenant.main.id, '036000291452')).toEqual(['Hoodie / M']);
      expect(await scan(tenant.main.id, 'HOOD M/2')).toEqual(['Hoodie / M']);
      expect(await scan(tenant.main.id, 'hood-m')).toEqual(['Hoodie / M']);
      // Barcodes are exact; the second branch does not list the variant.
      expect(await scan(tenant.main.id, 'hood m/2')).toEqual([]);
      expect(await scan(tenant.second.id, '4006381333931')).toEqual([]);

      const got = await call(tokens.manager, 'GET', `/api/items/${item.id}`);
      expect(got.json().data.variants[0].barcodes.map((b: { code: string }) => b.code)).toEqual([
        '4006381333931',
        '036000291452',
        'HOOD M/2',
        '1234567890123',
      ]);
      expect(got.json().data.variants[1].barcodes).toEqual([]);
      expect(await checkInvariants(db())).toEqual([]);

      // Removing one: the scan no longer finds it; the audit keeps what it was.
      const removed = await call(tokens.manager, 'DELETE', `/api/barcodes/${ean.json().data.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await scan(tenant.main.id, '4006381333931')).toEqual([]);
      expect((await lastAudit('barcode.remove'))?.before).toEqual({ code: '4006381333931', kind: 'ean13' });
      expect(await checkInvariants(db())).toEqual([]);
    });

    it('a listing added later, in another branch, carries the barcodes; so does the catalogue sync', async () => {
      const item = await createItem({ name: 'Beanie', sku: 'BEANIE', price: 12, branchIds: [tenant.main.id] });
      const [beanie] = item.variants;
      if (!beanie) throw new Error('variant');
      const first = await call(tokens.manager, 'GET', `/api/sync/catalogue?branchId=${tenant.main.id}&limit=5000`);
      const cursor = first.json().data.nextCursor as string;
      expect(
        (await call(tokens.manager, 'POST', `/api/variants/${beanie.id}/barcodes`, { code: '5012345678900' }))
          .statusCode,
      ).toBe(201);

      // The delta sync after the cursor re-sends the listing with its barcode.
      const delta = await call(
        tokens.manager,
        'GET',
        `/api/sync/catalogue?branchId=${tenant.main.id}&cursor=${cursor}`,
      );
      expect(delta.statusCode, delta.body).toBe(200);
      const sent = (delta.json().data.products as { sku: string; barcodes: string[] }[]).find(
        (p) => p.sku === 'BEANIE',
      );
      expect(sent?.barcodes).toEqual(['5012345678900']);

      const listed = await call(tokens.manager, 'PUT', `/api/variants/${beanie.id}/listings/${tenant.second.id}`, {
        price: null,
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const [inSecond] = await db()
        .select({ barcodes: products.barcodes })
        .from(products)
        .where(eq(products.id, listed.json().data.productId));
      expect(inSecond?.barcodes).toEqual(['5012345678900']);
      expect(await checkInvariants(db())).toEqual([]);
    });

    it("refuses a wrong check digit, a code taken in the company or another variant's SKU; another company may use it", async () => {
      const item = await createItem({ name: 'Socks', sku: 'SOCKS', price: 4 });
      const add = (code: string, kind?: string, token = tokens.manager, variantId = item.variants[0]?.id) =>
        call(token, 'POST', `/api/variants/${variantId}/barcodes`, { code, ...(kind && { kind }) });

      const wrongDigit = await add('4006381333932');
      expect(wrongDigit.statusCode).toBe(400);
      expect(wrongDigit.body).toContain(BARCODE_MSG.checkDigit);
      expect((await add('036000291453')).body).toContain(BARCODE_MSG.checkDigit);
      expect((await add('12345', 'ean13')).body).toContain(BARCODE_MSG.ean13Digits);
      expect((await add('caf\u00e9')).body).toContain(BARCODE_MSG.charset);
      expect((await add('')).statusCode).toBe(400);

      const taken = await add('036000291452');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(barcodeTakenMessage('036000291452'));
      const sku = await add('hood-l');
      expect(sku.statusCode).toBe(409);
      // Its own SKU as a barcode is allowed (it finds the same variant).
      expect((await add('SOCKS')).statusCode).toBe(201);

      const otherToken = await login(ctx.app, other.manager.username);
      const elsewhere = await call(otherToken, 'POST', '/api/items', {
        companyId: other.company.id,
        name: 'Socks',
        price: 4,
      });
      const otherVariant = elsewhere.json().data.variants[0].id;
      expect((await add('036000291452', undefined, otherToken, otherVariant)).statusCode).toBe(201);
      // Another company's variant or barcode is 404 to this company's manager.
      expect((await add('X-1', undefined, tokens.manager, otherVariant)).statusCode).toBe(404);
    });
  });

  it("reports by variant gather a variant's listings in every branch, by item its variants", async () => {
    const polo = await createItem({
      name: 'Polo',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      sku: 'POLO',
      price: 30,
      branchIds: [tenant.main.id, tenant.second.id],
    });
    const listing = async (sku: string, branchId: string) => {
      const [row] = await db()
        .select({ id: products.id, name: products.name, sku: products.sku, price: listingPrice() })
        .from(products)
        .where(and(eq(products.companyId, companyId()), eq(products.branchId, branchId), eq(products.sku, sku)));
      if (!row) throw new Error(`no listing of ${sku}`);
      return row;
    };
    const at = new Date('2024-06-03T10:00:00Z');
    const sell = async (branchId: string, lines: { sku: string; quantity: number }[]) =>
      createSale(db(), {
        companyId: companyId(),
        branchId,
        cashierId: tenant.admin.id,
        paymentMethod: 'card',
        createdAt: at,
        lines: await Promise.all(
          lines.map(async (l) => ({ product: await listing(l.sku, branchId), quantity: l.quantity })),
        ),
      });
    await sell(tenant.main.id, [
      { sku: 'POLO-S', quantity: 2 },
      { sku: 'POLO-M', quantity: 1 },
    ]);
    await sell(tenant.second.id, [{ sku: 'POLO-M', quantity: 3 }]);

    const report = async (kind: string, scope: string) => {
      const res = await call(
        tokens.admin,
        'GET',
        `/api/reports/${kind}?${scope}&startDate=2024-06-03&endDate=2024-06-03`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.rows.map((r: { label: string; quantity: number; revenue: number }) => [r.label, r.quantity, r.revenue]);
    };
    const chain = `companyId=${companyId()}`;
    // The branch's view: one row per listing; the chain's: a variant once, whatever branches sold it.
    expect((await report('sales-by-product', chain)).sort()).toEqual(
      [
        ['Polo / M', 1, 30],
        ['Polo / M', 3, 90],
        ['Polo / S', 2, 60],
      ].sort(),
    );
    expect((await report('sales-by-variant', chain)).sort()).toEqual(
      [
        ['Polo / M', 4, 120],
        ['Polo / S', 2, 60],
      ].sort(),
    );
    expect(await report('sales-by-item', chain)).toEqual([['Polo', 6, 180]]);
    expect(await report('sales-by-item', `branchId=${tenant.second.id}`)).toEqual([['Polo', 3, 90]]);
    expect(polo.variants).toHaveLength(2);
  });

  it('lists page on the server and search matches names and variant SKUs', async () => {
    const page1 = await call(tokens.manager, 'GET', `/api/items?companyId=${companyId()}&limit=2&page=1`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data).toHaveLength(2);
    expect(page1.json().meta.total).toBeGreaterThan(2);
    const bySku = await call(tokens.manager, 'GET', `/api/items?companyId=${companyId()}&search=tee-m`);
    expect(bySku.json().data.map((i: { name: string }) => i.name)).toEqual(['Tee']);
  });
});
