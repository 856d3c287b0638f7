import { INVENTORY_MSG, MSG, PRODUCT_MSG } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../src/db/schema';
import { seedDemo } from '../../src/db/seed/demo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBrand,
  createCategory,
  createProduct,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** What a shop would trip over, on the server's side. */
describe(`shop API (${engineName()})`, () => {
  let ctx: TestContext;
  let a: Tenant;
  let b: Tenant;
  let tokens: { adminA: string; managerA: string; cashierA: string; adminB: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    a = await createTenant(ctx.database.db, { shifts: true });
    b = await createTenant(ctx.database.db, { shifts: true });
    const [adminA, managerA, cashierA, adminB] = await Promise.all([
      login(ctx.app, a.admin.username),
      login(ctx.app, a.manager.username),
      login(ctx.app, a.cashier.username),
      login(ctx.app, b.admin.username),
    ]);
    tokens = { adminA, managerA, cashierA, adminB };
  });
  afterAll(() => ctx.close());

  const companyCurrency = async (token: string, companyId: string) => {
    const res = await request(ctx.app, token, { url: '/api/auth/companies' });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string; currency: string }[]).find((c) => c.id === companyId)?.currency;
  };

  describe('company currency (item 2)', () => {
    const company = (currency?: unknown) => ({
      name: 'Currency Co',
      address: '1 Money Street',
      phone: '0300-1234567',
      email: 'money@example.com',
      ...(currency !== undefined && { currency }),
    });

    it('is set at company setup (any case in, the ISO code out) and PKR by default', async () => {
      const usd = await request(ctx.app, tokens.adminA, {
        method: 'POST',
        url: '/api/auth/companies',
        payload: company('usd'),
      });
      expect(usd.statusCode).toBe(201);
      expect(usd.json().data.currency).toBe('USD');
      const plain = await request(ctx.app, tokens.adminA, {
        method: 'POST',
        url: '/api/auth/companies',
        payload: company(),
      });
      expect(plain.statusCode).toBe(201);
      expect(plain.json().data.currency).toBe('PKR');
      expect(await companyCurrency(tokens.adminA, usd.json().data.id)).toBe('USD');
    });

    it('refuses a code that is not ISO 4217 with a clear 400', async () => {
      for (const currency of ['XYZ1', 'dollars', '', 'ZZZ']) {
        const res = await request(ctx.app, tokens.adminA, {
          method: 'POST',
          url: '/api/auth/companies',
          payload: company(currency),
        });
        expect(res.statusCode, currency).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: MSG.invalidCurrency });
      }
    });

    it("comes with the session's companies (login and /auth/me) so every screen formats from it", async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: a.cashier.username, password: 'Secret123' },
      });
      expect(res.json().user.company[0].currency).toBe('PKR');
      const me = await request(ctx.app, tokens.cashierA, { url: '/api/auth/me' });
      expect(me.json().data.company[0].currency).toBe('PKR');
    });

    it('is changed in settings by a Super Admin of the company only', async () => {
      const tenant = await createTenant(ctx.database.db, { shifts: true });
      const [admin, manager] = await Promise.all([
        login(ctx.app, tenant.admin.username),
        login(ctx.app, tenant.manager.username),
      ]);
      const post = (token: string, payload: unknown) =>
        request(ctx.app, token, { method: 'POST', url: '/api/settings/currency', payload });
      expect((await post(manager, { companyId: tenant.company.id, currency: 'EUR' })).statusCode).toBe(403);
      expect((await post(tokens.adminB, { companyId: tenant.company.id, currency: 'EUR' })).statusCode).toBe(404);
      const bad = await post(admin, { companyId: tenant.company.id, currency: 'EURO' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MSG.invalidCurrency);
      const ok = await post(admin, { companyId: tenant.company.id, currency: 'eur' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toEqual({ companyId: tenant.company.id, currency: 'EUR' });
      expect(await companyCurrency(admin, tenant.company.id)).toBe('EUR');
    });
  });

  describe('company tax registration: NTN and STRN for the receipt header', () => {
    const companyRow = async (token: string, companyId: string) => {
      const res = await request(ctx.app, token, { url: '/api/auth/companies' });
      return (res.json().items as { id: string; taxId: string | null; strn: string | null }[]).find(
        (c) => c.id === companyId,
      );
    };

    it("is set in settings by the company's Super Admin, audited, and comes with the session's companies", async () => {
      const tenant = await createTenant(ctx.database.db, { shifts: true });
      const [admin, manager] = await Promise.all([
        login(ctx.app, tenant.admin.username),
        login(ctx.app, tenant.manager.username),
      ]);
      const post = (token: string, payload: unknown) =>
        request(ctx.app, token, { method: 'POST', url: '/api/settings/tax-registration', payload });
      const payload = { companyId: tenant.company.id, taxId: ' 1234567-8 ', strn: '32-77-8761-234-56' };
      expect((await post(manager, payload)).statusCode).toBe(403);
      expect((await post(tokens.adminB, payload)).statusCode).toBe(404);

      const ok = await post(admin, payload);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toEqual({ companyId: tenant.company.id, taxId: '1234567-8', strn: '32-77-8761-234-56' });
      expect(await companyRow(admin, tenant.company.id)).toMatchObject({
        taxId: '1234567-8',
        strn: '32-77-8761-234-56',
      });
      const me = await request(ctx.app, admin, { url: '/api/auth/me' });
      expect(me.json().data.company.find((c: { id: string }) => c.id === tenant.company.id)).toMatchObject({
        strn: '32-77-8761-234-56',
      });

      // Empty clears a number (both are optional).
      const cleared = await post(admin, { companyId: tenant.company.id, taxId: '', strn: null });
      expect(cleared.json().data).toEqual({ companyId: tenant.company.id, taxId: null, strn: null });
      const audit = await request(ctx.app, admin, {
        url: `/api/audit-logs?companyId=${tenant.company.id}&action=company.tax_registration&limit=10`,
      });
      expect(audit.statusCode).toBe(200);
      // Newest first.
      expect(audit.json().data.map((r: { before: unknown; after: unknown }) => [r.before, r.after])).toEqual([
        [
          { taxId: '1234567-8', strn: '32-77-8761-234-56' },
          { taxId: null, strn: null },
        ],
        [
          { taxId: null, strn: null },
          { taxId: '1234567-8', strn: '32-77-8761-234-56' },
        ],
      ]);
    });

    it('refuses a malformed NTN or STRN with a clear 400 and changes nothing', async () => {
      const companyId = a.company.id;
      const before = await companyRow(tokens.adminA, companyId);
      const cases: [unknown, unknown, string][] = [
        ['NTN-1234567', null, MSG.invalidNtn],
        ['123456', null, MSG.invalidNtn],
        ['1234567-89', null, MSG.invalidNtn],
        [null, '327787612345', MSG.invalidStrn],
        [null, '32-77-8761-234-567', MSG.invalidStrn],
        [null, 'STRN 3277876123456', MSG.invalidStrn],
        [null, '3'.repeat(10_000), MSG.invalidStrn],
      ];
      for (const [taxId, strn, message] of cases) {
        const res = await request(ctx.app, tokens.adminA, {
          method: 'POST',
          url: '/api/settings/tax-registration',
          payload: { companyId, taxId, strn },
        });
        expect(res.statusCode, `${taxId} ${strn}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message });
      }
      expect(await companyRow(tokens.adminA, companyId)).toEqual(before);
      // The other form of each: a 13-digit CNIC as the NTN, a STRN without dashes.
      const cnic = await request(ctx.app, tokens.adminA, {
        method: 'POST',
        url: '/api/settings/tax-registration',
        payload: { companyId, taxId: '35202-1234567-1', strn: '3277876123456' },
      });
      expect(cnic.statusCode).toBe(200);
    });
  });

  describe('delete dialogs: what a delete touches (item 5)', () => {
    it("counts a category's live products, its subcategories' products included, and its subcategories", async () => {
      const db = ctx.database.db;
      const parent = await createCategory(db, { companyId: a.company.id, branchIds: [a.main.id] });
      const child = await createCategory(db, { companyId: a.company.id, branchIds: [a.main.id], parentId: parent.id });
      await createProduct(db, { companyId: a.company.id, branchId: a.main.id, categoryId: parent.id });
      await createProduct(db, { companyId: a.company.id, branchId: a.main.id, categoryId: child.id });
      await createProduct(db, {
        companyId: a.company.id,
        branchId: a.main.id,
        categoryId: child.id,
        deletedAt: new Date(),
      });
      const res = await request(ctx.app, tokens.managerA, { url: `/api/categories/${parent.id}/usage` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { products: 2, subcategories: 1 } });
      const leaf = await request(ctx.app, tokens.managerA, { url: `/api/categories/${child.id}/usage` });
      expect(leaf.json().data).toEqual({ products: 1, subcategories: 0 });
      // Another tenant's id is a 404, as everywhere.
      expect((await request(ctx.app, tokens.adminB, { url: `/api/categories/${parent.id}/usage` })).statusCode).toBe(
        404,
      );
    });

    it("counts a brand's live products", async () => {
      const db = ctx.database.db;
      const brand = await createBrand(db, { companyId: a.company.id, branchId: a.main.id });
      await createProduct(db, { companyId: a.company.id, branchId: a.main.id, brandId: brand.id });
      await createProduct(db, { companyId: a.company.id, branchId: a.main.id, brandId: brand.id });
      const res = await request(ctx.app, tokens.cashierA, { url: `/api/brands/${brand.id}/usage` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ products: 2, subcategories: 0 });
      expect((await request(ctx.app, tokens.adminB, { url: `/api/brands/${brand.id}/usage` })).statusCode).toBe(404);
    });
  });

  describe('limit messages (item 6)', () => {
    it('a stock increase past the limit says what the limit is', async () => {
      const product = await createProduct(ctx.database.db, { companyId: a.company.id, branchId: a.main.id });
      const res = await request(ctx.app, tokens.managerA, {
        method: 'POST',
        url: '/api/inventory/adjustments',
        payload: { productId: product.id, branchId: a.main.id, newQuantity: 999_999_999_999, reason: 'Delivery' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVENTORY_MSG.quantityTooLarge);
      expect(res.json().message).toContain('1,000,000,000');
    });

    it('a sale line quantity past the limit says what the limit is', async () => {
      const product = await createProduct(ctx.database.db, { companyId: a.company.id, branchId: a.main.id });
      const res = await request(ctx.app, tokens.cashierA, {
        method: 'POST',
        url: '/api/transactions',
        payload: {
          branchId: a.main.id,
          items: [{ product_id: product.id, quantity: 999_999_999_999, price: 80 }],
          subtotal: 80,
          tax: 0,
          tax_rate: 0,
          discount_type: 'amount',
          discount_value: 0,
          discount_amount: 0,
          total: 80,
          payment_method: 'card',
          amount_paid: 80,
          change: 0,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Quantity must be at most 100,000');
    });

    it('a product price or stock past the limit says what the limit is', async () => {
      const base = { name: 'Huge', branchId: a.main.id, cost: 1, price: 2, stockQuantity: 1 };
      for (const patch of [{ price: 999_999_999_999 }, { stockQuantity: 999_999_999_999 }]) {
        const res = await request(ctx.app, tokens.managerA, {
          method: 'POST',
          url: '/api/products',
          payload: { ...base, ...patch },
        });
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        expect(res.json().message).toBe(PRODUCT_MSG.amountTooLarge);
        expect(res.json().message).toContain('1,000,000,000');
      }
    });
  });

  describe('users list (item 8)', () => {
    it('lists everyone of the company without a branch filter, the Super Admin and other branches included', async () => {
      const other = await createUser(ctx.database.db, { companyId: a.company.id, branchId: a.second.id });
      const res = await request(ctx.app, tokens.adminA, { url: `/api/users?companyId=${a.company.id}&limit=100` });
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as { id: string }[]).map((u) => u.id);
      expect(ids).toEqual(expect.arrayContaining([a.admin.id, a.manager.id, a.cashier.id, other.id]));
      expect(ids).not.toContain(b.admin.id);
      const main = await request(ctx.app, tokens.adminA, {
        url: `/api/users?companyId=${a.company.id}&branchId=${a.main.id}&limit=100`,
      });
      const mainIds = (main.json().data as { id: string }[]).map((u) => u.id);
      expect(mainIds).toEqual(expect.arrayContaining([a.manager.id, a.cashier.id]));
      expect(mainIds).not.toContain(other.id);
    });
  });
});

describe(`demo catalogue (${engineName()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.database.db, { timezone: 'Asia/Karachi' });
  });
  afterAll(() => ctx.close());

  it('files every product under the subcategory it belongs to (item 10)', async () => {
    const rows = await ctx.database.db
      .select({ sku: products.sku, category: categories.name })
      .from(products)
      .innerJoin(categories, and(eq(categories.companyId, products.companyId), eq(categories.id, products.categoryId)));
    const categoryOf = new Map(rows.map((r) => [r.sku, r.category]));
    expect(categoryOf.get('DAI-CHED-200')).toBe('Cheese');
    expect(categoryOf.get('SNK-BISC-CH')).toBe('Biscuits');
    expect(categoryOf.get('BEV-GTEA-25')).toBe('Tea & Coffee');
    expect(categoryOf.get('BEV-COF-100')).toBe('Tea & Coffee');
    expect(categoryOf.get('DAI-MILK-1L')).toBe('Milk');
    expect(categoryOf.get('SNK-CHIP-70')).toBe('Chips');
    expect(categoryOf.get('BEV-COLA-15')).toBe('Soft Drinks');
  });
});
