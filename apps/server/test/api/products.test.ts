import { randomUUID } from 'node:crypto';
import { PRODUCT_MSG, skuDuplicateMessage } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, products, stockMovements } from '../../src/db/schema';
import { listTuning } from '../../src/features/products/products.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  collection,
  createBrand,
  createCategory,
  createProduct,
  createTenant,
  createTwoTenants,
  login,
} from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let skuCounter = 0;
const newSku = () => `T-${Date.now().toString(36)}-${(skuCounter++).toString(36)}`;

describe(`products API (${engineName()})`, () => {
  let ctx: TestContext;
  let a: Tenant;
  let b: Tenant;
  let tokens: { adminA: string; managerA: string; cashierA: string; adminB: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ a, b, tokens } = await createTwoTenants(ctx.app, ctx.database.db));
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const { list, get, create, patch, del } = collection(() => ctx.app, 'products');
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Test Product',
    sku: newSku(),
    categoryId: null,
    brandId: null,
    cost: 50,
    price: 80,
    stockQuantity: 12,
    description: 'A test product',
    branchId: a.main.id,
    ...overrides,
  });
  const movementsOf = (productId: string) =>
    db().select().from(stockMovements).where(eq(stockMovements.productId, productId));
  const auditOf = (productId: string, action: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, productId), eq(auditLogs.action, action)));

  describe('POST /products', () => {
    it('creates the product (201) with the spec fields and the success message', async () => {
      const category = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id] });
      const brand = await createBrand(db(), { companyId: a.company.id, branchId: a.main.id });
      const sku = newSku();
      const res = await create(
        tokens.adminA,
        body({ sku, categoryId: category.id, brandId: brand.id, cost: 12.345, price: 20.5 }),
      );
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json).toMatchObject({ success: true, message: 'Product created successfully' });
      expect(json.data).toEqual({
        id: expect.any(String),
        name: 'Test Product',
        sku,
        categoryId: category.id,
        brandId: brand.id,
        category: { id: category.id, name: category.name },
        brand: { id: brand.id, name: brand.name },
        cost: 12.35,
        price: 20.5,
        stockQuantity: 12,
        lowStockThreshold: 10,
        maxStock: 1000,
        description: 'A test product',
        branchId: a.main.id,
        unit: 'piece',
        taxRate: null,
        taxIncluded: false,
        barcodes: [],
      });
    });

    it('writes one initial_stock movement with the opening quantity', async () => {
      const res = await create(tokens.managerA, body({ stockQuantity: 37 }));
      expect(res.statusCode).toBe(201);
      const movements = await movementsOf(res.json().data.id);
      expect(movements).toHaveLength(1);
      expect(movements[0]).toMatchObject({
        movementType: 'initial_stock',
        direction: 'in',
        quantity: 37,
        previousQuantity: 0,
        newQuantity: 37,
        userId: a.manager.id,
        branchId: a.main.id,
        companyId: a.company.id,
      });
    });

    it('writes no movement for a product that starts at 0', async () => {
      const res = await create(tokens.adminA, body({ stockQuantity: 0 }));
      expect(res.statusCode).toBe(201);
      expect(await movementsOf(res.json().data.id)).toHaveLength(0);
    });

    it('treats an empty SKU as none; several products may have none', async () => {
      const first = await create(tokens.adminA, body({ sku: '' }));
      const second = await create(tokens.adminA, body({ sku: '  ' }));
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(first.json().data.sku).toBeNull();
    });

    it('answers 404 for a category or brand of another company or another branch', async () => {
      const otherCategory = await createCategory(db(), { companyId: b.company.id, branchIds: [b.main.id] });
      const otherBrand = await createBrand(db(), { companyId: b.company.id, branchId: b.main.id });
      const secondBranchBrand = await createBrand(db(), { companyId: a.company.id, branchId: a.second.id });
      const secondBranchCategory = await createCategory(db(), { companyId: a.company.id, branchIds: [a.second.id] });
      for (const payload of [
        body({ categoryId: otherCategory.id }),
        body({ categoryId: secondBranchCategory.id }),
        body({ categoryId: randomUUID() }),
      ]) {
        const res = await create(tokens.adminA, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          message: PRODUCT_MSG.categoryNotFound,
          errors: { categoryId: expect.any(String) },
        });
      }
      for (const payload of [body({ brandId: otherBrand.id }), body({ brandId: secondBranchBrand.id })]) {
        const res = await create(tokens.adminA, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: PRODUCT_MSG.brandNotFound });
      }
    });
  });

  describe('validation', () => {
    it.each([
      ['name', { name: '' }, PRODUCT_MSG.nameRequired],
      ['name', { name: '   ' }, PRODUCT_MSG.nameRequired],
      ['name', { name: undefined }, PRODUCT_MSG.nameRequired],
      ['sku', { sku: 'AB C' }, PRODUCT_MSG.skuCharset],
      ['sku', { sku: 'AB/1' }, PRODUCT_MSG.skuCharset],
      ['sku', { sku: 'ÄÖ-1' }, PRODUCT_MSG.skuCharset],
      ['price', { price: 0 }, PRODUCT_MSG.priceGtZero],
      ['price', { price: -5 }, PRODUCT_MSG.priceGtZero],
      ['price', { price: 'abc' }, PRODUCT_MSG.priceGtZero],
      ['stockQuantity', { stockQuantity: -1 }, PRODUCT_MSG.stockNegative],
      ['cost', { cost: -1 }, PRODUCT_MSG.costGtZero],
    ])('400 on %s %j with the spec message', async (field, overrides, message) => {
      const res = await create(tokens.adminA, body(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message,
        errors: { [field]: message },
      });
    });

    it("requires a buying price above 0 from users who see cost ('Buying price must be greater than 0')", async () => {
      for (const token of [tokens.adminA, tokens.managerA]) {
        for (const cost of [0, undefined]) {
          const res = await create(token, body({ cost }));
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({
            message: PRODUCT_MSG.costGtZero,
            errors: { cost: PRODUCT_MSG.costGtZero },
          });
        }
      }
      const created = await create(tokens.adminA, body());
      const res = await patch(tokens.managerA, created.json().data.id, { cost: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRODUCT_MSG.costGtZero);
    });

    it('accepts letters, digits, hyphens and underscores in a SKU', async () => {
      const res = await create(tokens.adminA, body({ sku: `Ab_9-${newSku()}` }));
      expect(res.statusCode).toBe(201);
    });

    it('answers malformed input with 400, never 500', async () => {
      const created = (await create(tokens.adminA, body())).json().data;
      const bad: [() => Promise<{ statusCode: number }>, string][] = [
        [() => create(tokens.adminA, body({ stockQuantity: 1.5 })), 'fractional stock'],
        [() => create(tokens.adminA, body({ price: 1e20 })), 'huge price'],
        [() => create(tokens.adminA, body({ name: 42 })), 'number name'],
        [() => create(tokens.adminA, body({ branchId: 'nope' })), 'bad branch id'],
        [() => create(tokens.adminA, body({ categoryId: 'nope' })), 'bad category id'],
        [() => create(tokens.adminA, [1, 2]), 'array body'],
        [() => create(tokens.adminA, body({ description: 5 })), 'number description'],
        [() => create(tokens.adminA, body({ lowStockThreshold: -1 })), 'negative threshold'],
        [() => create(tokens.adminA, body({ sku: 'x'.repeat(65) })), 'long sku'],
        [() => patch(tokens.adminA, created.id, { price: null }), 'null price'],
        [() => patch(tokens.adminA, 'not-a-uuid', { name: 'x' }), 'bad id'],
        [() => get(tokens.adminA, 'not-a-uuid'), 'bad id get'],
        [() => list(tokens.adminA, { branchId: a.main.id, page: 0 }), 'page 0'],
        [() => list(tokens.adminA, { branchId: a.main.id, limit: 101 }), 'limit 101'],
        [() => list(tokens.adminA, { branchId: a.main.id, page: 'x' }), 'page x'],
        [() => list(tokens.adminA, {}), 'no branch'],
        [() => list(tokens.adminA, { branchId: a.main.id, categoryId: 'x' }), 'bad category filter'],
      ];
      for (const [send, what] of bad) {
        const res = await send();
        expect(res.statusCode, what).toBe(400);
      }
    });
  });

  describe('SKU uniqueness', () => {
    it('answers 409 with a clear message for a SKU already used in the branch, case-insensitively', async () => {
      const sku = newSku();
      expect((await create(tokens.adminA, body({ sku }))).statusCode).toBe(201);
      const res = await create(tokens.adminA, body({ sku: sku.toLowerCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: skuDuplicateMessage(sku.toLowerCase()),
        errors: { sku: skuDuplicateMessage(sku.toLowerCase()) },
      });
    });

    it('lets exactly one of several concurrent creates with the same SKU through; the rest get 409, never 500', async () => {
      const sku = newSku();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => create(i % 2 ? tokens.adminA : tokens.managerA, body({ sku }))),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().message).toBe(skuDuplicateMessage(sku));
      }
    });

    it('allows the same SKU in another branch', async () => {
      const sku = newSku();
      expect((await create(tokens.adminA, body({ sku }))).statusCode).toBe(201);
      expect((await create(tokens.adminA, body({ sku, branchId: a.second.id }))).statusCode).toBe(201);
    });

    it('lets a deleted product’s SKU be used again', async () => {
      const sku = newSku();
      const first = await create(tokens.adminA, body({ sku }));
      expect((await del(tokens.adminA, first.json().data.id)).statusCode).toBe(200);
      const again = await create(tokens.adminA, body({ sku }));
      expect(again.statusCode).toBe(201);
    });

    it('answers 409 when an update takes another product’s SKU, and allows keeping its own', async () => {
      const taken = newSku();
      await create(tokens.adminA, body({ sku: taken }));
      const own = newSku();
      const product = (await create(tokens.adminA, body({ sku: own }))).json().data;
      const res = await patch(tokens.adminA, product.id, { sku: taken.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(skuDuplicateMessage(taken.toUpperCase()));
      expect((await patch(tokens.adminA, product.id, { sku: own.toLowerCase(), name: 'Renamed' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('GET /products', () => {
    let branch: Awaited<ReturnType<typeof createTenant>>['second'];
    let parent: { id: string; name: string };
    let child: { id: string; name: string };
    beforeAll(async () => {
      // A quiet branch of its own so counts are exact.
      const t = await createTenant(db());
      branch = t.main;
      parent = await createCategory(db(), { companyId: t.company.id, branchIds: [branch.id], name: 'Drinks' });
      child = await createCategory(db(), {
        companyId: t.company.id,
        branchIds: [branch.id],
        name: 'Juice',
        parentId: parent.id,
      });
      const brand = await createBrand(db(), { companyId: t.company.id, branchId: branch.id, name: 'FizzCo' });
      const base = { companyId: t.company.id, branchId: branch.id };
      await createProduct(db(), {
        ...base,
        name: 'Apple Juice',
        sku: 'JU-APPLE',
        categoryId: child.id,
        brandId: brand.id,
      });
      await createProduct(db(), { ...base, name: 'Orange Juice', sku: 'JU-ORANGE', categoryId: child.id });
      await createProduct(db(), { ...base, name: 'Cola', sku: 'COLA-1', categoryId: parent.id, brandId: brand.id });
      await createProduct(db(), { ...base, name: 'Bread', sku: 'BR-1' });
      await createProduct(db(), { ...base, name: '100% Juice_mix', sku: 'MIX-1' });
      await createProduct(db(), { ...base, name: 'Gone Juice', sku: 'GONE-1', deletedAt: new Date() });
      tokensForList = await login(ctx.app, t.admin.username);
    });
    let tokensForList: string;

    it('pages with meta { total, page, limit, totalPages } and skips deleted products', async () => {
      const res = await list(tokensForList, { branchId: branch.id, page: 2, limit: 2 });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.success).toBe(true);
      expect(json.meta).toEqual({ total: 5, page: 2, limit: 2, totalPages: 3 });
      expect(json.data.map((p: { name: string }) => p.name)).toEqual(['Bread', 'Cola']);
    });

    it('defaults to page 1 and limit 10', async () => {
      const json = (await list(tokensForList, { branchId: branch.id })).json();
      expect(json.meta).toEqual({ total: 5, page: 1, limit: 10, totalPages: 1 });
    });

    it('searches name or SKU, case-insensitively, and joins category and brand names', async () => {
      const byName = (await list(tokensForList, { branchId: branch.id, search: 'juice' })).json();
      expect(byName.data.map((p: { name: string }) => p.name)).toEqual([
        '100% Juice_mix',
        'Apple Juice',
        'Orange Juice',
      ]);
      const apple = byName.data.find((p: { name: string }) => p.name === 'Apple Juice');
      expect(apple.category).toEqual({ id: child.id, name: 'Juice' });
      expect(apple.brand).toMatchObject({ name: 'FizzCo' });
      const bySku = (await list(tokensForList, { branchId: branch.id, search: 'ju-or' })).json();
      expect(bySku.data.map((p: { name: string }) => p.name)).toEqual(['Orange Juice']);
      expect(bySku.meta.total).toBe(1);
    });

    it('takes % and _ in a search literally', async () => {
      const json = (await list(tokensForList, { branchId: branch.id, search: '100%' })).json();
      expect(json.data.map((p: { name: string }) => p.name)).toEqual(['100% Juice_mix']);
      expect((await list(tokensForList, { branchId: branch.id, search: '_' })).json().meta.total).toBe(1);
    });

    it('puts an exact SKU match first (barcode) and finds it with limit=1 (price check)', async () => {
      const json = (await list(tokensForList, { branchId: branch.id, search: 'cola-1', limit: 1 })).json();
      expect(json.data.map((p: { sku: string }) => p.sku)).toEqual(['COLA-1']);
      const exact = (await list(tokensForList, { branchId: branch.id, sku: 'ju-apple' })).json();
      expect(exact.data.map((p: { name: string }) => p.name)).toEqual(['Apple Juice']);
    });

    it('filters by category including its subcategories, and by brand', async () => {
      const inParent = (await list(tokensForList, { branchId: branch.id, categoryId: parent.id })).json();
      expect(inParent.data.map((p: { name: string }) => p.name)).toEqual(['Apple Juice', 'Cola', 'Orange Juice']);
      const inChild = (await list(tokensForList, { branchId: branch.id, categoryId: child.id })).json();
      expect(inChild.meta.total).toBe(2);
    });

    it('answers an empty page, not an error, past the end', async () => {
      const json = (await list(tokensForList, { branchId: branch.id, page: 9 })).json();
      expect(json.data).toEqual([]);
      expect(json.meta.total).toBe(5);
    });

    it('keeps the total on an empty page past the end of a search, and answers no match with 0', async () => {
      const past = (await list(tokensForList, { branchId: branch.id, search: 'juice', page: 5, limit: 2 })).json();
      expect(past.data).toEqual([]);
      expect(past.meta).toEqual({ total: 3, page: 5, limit: 2, totalPages: 2 });
      const none = (await list(tokensForList, { branchId: branch.id, search: 'zzzz' })).json();
      expect(none.meta.total).toBe(0);
      expect((await list(tokensForList, { branchId: branch.id, sku: 'NOPE-1' })).json().meta.total).toBe(0);
    });

    it('reports the server time in a Server-Timing header', async () => {
      const res = await list(tokensForList, { branchId: branch.id, search: 'juice' });
      expect(res.headers['server-timing']).toMatch(/^app;dur=\d+(\.\d+)?$/);
    });
  });

  describe('GET /products past 500 matches (meta.totalCapped)', () => {
    // The cap is 500 (listTuning.countStep) for the first pages. 1,206 products: 100 that never match 'tea', 5 whose name starts with it, 1,100 that contain it
    // later in the name (all after the others by name), and one whose SKU is exactly 'TEA'.
    const pad = (n: number) => String(n).padStart(4, '0');
    const range = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i + 1));
    const apples = range(100, (i) => `Apple ${pad(i)}`);
    const blends = range(5, (i) => `Tea Blend ${pad(i)}`);
    const greens = range(1100, (i) => `Zz Green Tea ${pad(i)}`);
    const all = [...apples, 'Kettle', ...blends, ...greens];
    // The search ranking: exact SKU, then names that start with the term, then the rest, by name.
    const ranked = ['Kettle', ...blends, ...greens];
    let branchId: string;
    let token: string;
    const names = (json: { data: { name: string }[] }) => json.data.map((p) => p.name);
    beforeAll(async () => {
      const t = await createTenant(db());
      branchId = t.main.id;
      const rows = all.map((name, i) => ({
        companyId: t.company.id,
        branchId,
        name,
        sku: name === 'Kettle' ? 'TEA' : `CAP-${pad(i)}`,
        cost: '10.00',
        price: '20.00',
      }));
      for (let i = 0; i < rows.length; i += 400) {
        await db()
          .insert(products)
          .values(rows.slice(i, i + 400));
      }
      token = await login(ctx.app, t.cashier.username);
    });

    it('counts a listing up to 500 and then says "more than 500", with a pager that goes on', async () => {
      const json = (await list(token, { branchId, page: 1, limit: 10 })).json();
      expect(json.meta).toEqual({ total: 500, page: 1, limit: 10, totalPages: 50, totalCapped: true });
      expect(names(json)).toEqual(all.slice(0, 10));
      const wide = (await list(token, { branchId, page: 1, limit: 100 })).json();
      expect(wide.meta).toEqual({ total: 500, page: 1, limit: 100, totalPages: 5, totalCapped: true });
    });

    it('counts on to the next multiple of 500 from the page that reaches it, exactly when below it', async () => {
      const middle = (await list(token, { branchId, page: 50, limit: 10 })).json();
      expect(middle.meta).toEqual({ total: 1000, page: 50, limit: 10, totalPages: 100, totalCapped: true });
      expect(names(middle)).toEqual(all.slice(490, 500));
      const json = (await list(token, { branchId, page: 100, limit: 10 })).json();
      expect(json.meta).toEqual({ total: 1206, page: 100, limit: 10, totalPages: 121 });
      expect(names(json)).toEqual(all.slice(990, 1000));
      const last = (await list(token, { branchId, page: 121, limit: 10 })).json();
      expect(names(last)).toEqual(all.slice(1200));
    });

    it('caps the total of a frequent search term and keeps its ranking: exact SKU, name prefix, then by name', async () => {
      const first = (await list(token, { branchId, search: 'tea', page: 1, limit: 10 })).json();
      expect(first.meta).toEqual({ total: 500, page: 1, limit: 10, totalPages: 50, totalCapped: true });
      expect(names(first)).toEqual(ranked.slice(0, 10));
      const second = (await list(token, { branchId, search: 'TEA', page: 2, limit: 10 })).json();
      expect(names(second)).toEqual(ranked.slice(10, 20));
      const priceCheck = (await list(token, { branchId, search: 'tea', limit: 1 })).json();
      expect(priceCheck.data.map((p: { sku: string }) => p.sku)).toEqual(['TEA']);
      const deep = (await list(token, { branchId, search: 'tea', page: 100, limit: 10 })).json();
      expect(deep.meta).toEqual({ total: 1106, page: 100, limit: 10, totalPages: 111 });
      expect(names(deep)).toEqual(ranked.slice(990, 1000));
      // More than 500 names start with 'zz g': counted from the prefix alone.
      const prefixed = (await list(token, { branchId, search: 'zz g', page: 3, limit: 10 })).json();
      expect(prefixed.meta).toEqual({ total: 500, page: 3, limit: 10, totalPages: 50, totalCapped: true });
      expect(names(prefixed)).toEqual(greens.slice(20, 30));
      const past = (await list(token, { branchId, search: 'tea', page: 200, limit: 10 })).json();
      expect(past.data).toEqual([]);
      expect(past.meta).toEqual({ total: 1106, page: 200, limit: 10, totalPages: 111 });
    });

    it('ranks every match when the matches lie beyond the name-ordered walk', async () => {
      const saved = { ...listTuning };
      // The walk now reads only the first 20 names (all Apples): the page comes from ranking every match.
      Object.assign(listTuning, { walkMin: 20, walkPerRow: 1 });
      try {
        const json = (await list(token, { branchId, search: 'tea', page: 1, limit: 10 })).json();
        expect(json.meta).toEqual({ total: 500, page: 1, limit: 10, totalPages: 50, totalCapped: true });
        expect(names(json)).toEqual(ranked.slice(0, 10));
        const green = (await list(token, { branchId, search: 'green', page: 3, limit: 10 })).json();
        expect(names(green)).toEqual(greens.slice(20, 30));
      } finally {
        Object.assign(listTuning, saved);
      }
    });

    it('answers a rare term exactly, without totalCapped', async () => {
      const json = (await list(token, { branchId, search: 'blend', limit: 10 })).json();
      expect(json.meta).toEqual({ total: 5, page: 1, limit: 10, totalPages: 1 });
      expect(names(json)).toEqual(blends);
    });
  });

  describe('cost and cashiers', () => {
    it('never includes cost in any answer to a cashier: list, get, create, update', async () => {
      const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, cost: '33.00' });
      const listed = (await list(tokens.cashierA, { branchId: a.main.id, limit: 100 })).json();
      expect(listed.data.length).toBeGreaterThan(0);
      for (const p of listed.data) expect(p).not.toHaveProperty('cost');
      const searched = (await list(tokens.cashierA, { branchId: a.main.id, search: product.sku ?? '' })).json();
      expect(searched.data[0]).not.toHaveProperty('cost');
      const got = await get(tokens.cashierA, product.id);
      expect(got.statusCode).toBe(200);
      expect(got.json().data).not.toHaveProperty('cost');
      const created = await create(tokens.cashierA, body({ cost: 0 }));
      expect(created.statusCode).toBe(201);
      expect(created.json().data).not.toHaveProperty('cost');
      const updated = await patch(tokens.cashierA, product.id, { price: 99 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).not.toHaveProperty('cost');
      expect(updated.json().data.price).toBe(99);
      for (const res of [got, created, updated]) expect(res.body).not.toMatch(/"cost"/);
    });

    it('shows cost to Super Admins and Managers', async () => {
      const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, cost: '33.10' });
      for (const token of [tokens.adminA, tokens.managerA]) {
        expect((await get(token, product.id)).json().data.cost).toBe(33.1);
      }
    });

    it('ignores any cost a cashier sends: stored as 0 on create, unchanged on update', async () => {
      const created = await create(tokens.cashierA, body({ cost: 999 }));
      expect(created.statusCode).toBe(201);
      const [stored] = await db().select().from(products).where(eq(products.id, created.json().data.id));
      expect(Number(stored?.cost)).toBe(0);
      const noCost = await create(tokens.cashierA, body({ cost: undefined }));
      expect(noCost.statusCode).toBe(201);

      const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, cost: '40.00' });
      expect((await patch(tokens.cashierA, product.id, { cost: 1, name: 'Cashier edit' })).statusCode).toBe(200);
      const [after] = await db().select().from(products).where(eq(products.id, product.id));
      expect(after?.cost).toBe('40.00');
      expect(after?.name).toBe('Cashier edit');
      expect(await auditOf(product.id, 'product.price_change')).toHaveLength(0);
    });
  });

  describe('PATCH /products/{id}', () => {
    it('writes an audit row with before/after for a price or cost change', async () => {
      const product = await createProduct(db(), {
        companyId: a.company.id,
        branchId: a.main.id,
        cost: '50.00',
        price: '80.00',
      });
      const res = await patch(tokens.managerA, product.id, { price: 85.5, cost: 52 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Product updated successfully', data: { price: 85.5, cost: 52 } });
      const rows = await auditOf(product.id, 'product.price_change');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: a.manager.id,
        companyId: a.company.id,
        branchId: a.main.id,
        before: { price: 80, cost: 50 },
        after: { price: 85.5, cost: 52 },
      });
    });

    it('writes no price audit row when price and cost stay the same', async () => {
      const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, price: '80.00' });
      expect((await patch(tokens.adminA, product.id, { name: 'New name', price: 80 })).statusCode).toBe(200);
      expect(await auditOf(product.id, 'product.price_change')).toHaveLength(0);
    });

    it('updates fields, clears category and brand with null, and ignores stockQuantity (stock moves by adjustment)', async () => {
      const category = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id] });
      const product = await createProduct(db(), {
        companyId: a.company.id,
        branchId: a.main.id,
        categoryId: category.id,
        stockQuantity: 5,
      });
      const res = await patch(tokens.adminA, product.id, {
        name: 'Updated',
        description: '',
        categoryId: null,
        lowStockThreshold: 3,
        maxStock: 50,
        stockQuantity: 500,
        branchId: a.main.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Updated',
        description: null,
        categoryId: null,
        category: null,
        lowStockThreshold: 3,
        maxStock: 50,
        stockQuantity: 5,
      });
      expect(await movementsOf(product.id)).toHaveLength(1);
    });

    it('refuses to move a product to another branch (400)', async () => {
      const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
      const res = await patch(tokens.adminA, product.id, { branchId: a.second.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRODUCT_MSG.otherBranch);
    });
  });

  describe('DELETE /products/{id}', () => {
    it('soft-deletes: gone from get and list, row, movements and audit kept', async () => {
      const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, stockQuantity: 4 });
      const res = await del(tokens.managerA, product.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Product deleted successfully' });
      expect((await get(tokens.managerA, product.id)).statusCode).toBe(404);
      expect((await del(tokens.managerA, product.id)).statusCode).toBe(404);
      expect((await patch(tokens.managerA, product.id, { name: 'x' })).statusCode).toBe(404);
      const listed = (await list(tokens.managerA, { branchId: a.main.id, search: product.sku ?? '' })).json();
      expect(listed.meta.total).toBe(0);
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(await movementsOf(product.id)).toHaveLength(1);
      expect(await auditOf(product.id, 'product.delete')).toHaveLength(1);
    });
  });

  describe('scope', () => {
    it("answers 404 for another company's product on every endpoint", async () => {
      const foreign = await createProduct(db(), { companyId: b.company.id, branchId: b.main.id });
      for (const token of [tokens.adminA, tokens.managerA, tokens.cashierA]) {
        expect((await get(token, foreign.id)).statusCode).toBe(404);
        expect((await patch(token, foreign.id, { name: 'Hijack' })).statusCode).toBe(404);
        expect((await del(token, foreign.id)).statusCode).toBe(404);
        expect((await list(token, { branchId: b.main.id })).statusCode).toBe(404);
        expect((await create(token, body({ branchId: b.main.id }))).statusCode).toBe(404);
      }
      const [row] = await db().select().from(products).where(eq(products.id, foreign.id));
      expect(row?.deletedAt).toBeNull();
      expect(row?.name).not.toBe('Hijack');
      expect((await get(tokens.adminB, foreign.id)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown product id and an unknown branch', async () => {
      expect((await get(tokens.adminA, randomUUID())).statusCode).toBe(404);
      expect((await list(tokens.adminA, { branchId: randomUUID() })).statusCode).toBe(404);
    });

    it("answers 404 to a cashier for another branch's products, even in their company", async () => {
      const other = await createProduct(db(), { companyId: a.company.id, branchId: a.second.id });
      expect((await get(tokens.cashierA, other.id)).statusCode).toBe(404);
      expect((await patch(tokens.cashierA, other.id, { name: 'x' })).statusCode).toBe(404);
      expect((await del(tokens.cashierA, other.id)).statusCode).toBe(404);
      expect((await list(tokens.cashierA, { branchId: a.second.id })).statusCode).toBe(404);
      expect((await create(tokens.cashierA, body({ branchId: a.second.id }))).statusCode).toBe(404);
      // Managers move between the company's branches.
      expect((await get(tokens.managerA, other.id)).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/products?branchId=${a.main.id}` });
      expect(res.statusCode).toBe(401);
    });
  });
});
