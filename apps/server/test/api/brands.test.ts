import { randomUUID } from 'node:crypto';
import { BRAND_MSG } from '@pos/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, products } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { collection, createBrand, createProduct, createTenant, createTwoTenants, login } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

describe(`brands API (${engineName()})`, () => {
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
  const { list, create, patch, del } = collection(() => ctx.app, 'brands');

  it('creates a brand (201) with a trimmed name and the success message', async () => {
    const res = await create(tokens.cashierA, { name: '  Acme  ', branchId: a.main.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Brand added successfully',
      data: { id: expect.any(String), name: 'Acme', branchId: a.main.id },
    });
  });

  it("answers 400 'Brand name is required' for a blank or missing name, never 500", async () => {
    for (const name of ['', '  ', undefined, null]) {
      const res = await create(tokens.adminA, { name, branchId: a.main.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: BRAND_MSG.nameRequired, errors: { name: BRAND_MSG.nameRequired } });
    }
    expect((await create(tokens.adminA, { name: 'X', branchId: 'nope' })).statusCode).toBe(400);
    expect((await create(tokens.adminA, { name: 'x'.repeat(201), branchId: a.main.id })).statusCode).toBe(400);
  });

  it('answers 409 for a name already used in the branch (case-insensitive); another branch may reuse it', async () => {
    await create(tokens.adminA, { name: 'Duplicate Co', branchId: a.main.id });
    const res = await create(tokens.adminA, { name: 'duplicate co', branchId: a.main.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: BRAND_MSG.duplicate, errors: { name: BRAND_MSG.duplicate } });
    expect((await create(tokens.adminA, { name: 'Duplicate Co', branchId: a.second.id })).statusCode).toBe(201);
  });

  it('lists the branch brands by name with search and meta', async () => {
    const t = await createTenant(db());
    const token = await login(ctx.app, t.admin.username);
    for (const name of ['Zeta', 'alpha', 'Beta', 'Alphabet']) {
      await createBrand(db(), { companyId: t.company.id, branchId: t.main.id, name });
    }
    await createBrand(db(), { companyId: t.company.id, branchId: t.second.id, name: 'Other branch' });
    const page = (await list(token, { branchId: t.main.id, page: 1, limit: 3 })).json();
    expect(page.meta).toEqual({ total: 4, page: 1, limit: 3, totalPages: 2 });
    expect(page.data.map((x: { name: string }) => x.name)).toEqual(['alpha', 'Alphabet', 'Beta']);
    const found = (await list(token, { branchId: t.main.id, search: 'ALPH' })).json();
    expect(found.data.map((x: { name: string }) => x.name)).toEqual(['alpha', 'Alphabet']);
    expect(found.meta.total).toBe(2);
    expect((await list(token, { branchId: t.main.id, limit: 500 })).statusCode).toBe(400);
  });

  it('renames a brand (PATCH with the form values)', async () => {
    const brand = await createBrand(db(), { companyId: a.company.id, branchId: a.main.id });
    const res = await patch(tokens.managerA, brand.id, { name: 'Renamed Brand', branchId: a.second.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Brand updated successfully',
      data: { id: brand.id, name: 'Renamed Brand', branchId: a.main.id },
    });
    expect((await patch(tokens.managerA, brand.id, { name: '' })).json().message).toBe(BRAND_MSG.nameRequired);
    const taken = await createBrand(db(), { companyId: a.company.id, branchId: a.main.id });
    expect((await patch(tokens.managerA, brand.id, { name: taken.name.toUpperCase() })).statusCode).toBe(409);
    expect((await patch(tokens.managerA, brand.id, { name: 'renamed brand' })).statusCode).toBe(200);
  });

  it('deletes a brand and keeps its products, without a brand', async () => {
    const brand = await createBrand(db(), { companyId: a.company.id, branchId: a.main.id });
    const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, brandId: brand.id });
    const res = await del(tokens.adminA, brand.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Brand deleted successfully',
      data: { id: brand.id, unlinkedProducts: 1 },
    });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row?.brandId).toBeNull();
    expect(await db().select().from(brands).where(eq(brands.id, brand.id))).toHaveLength(0);
    expect((await del(tokens.adminA, brand.id)).statusCode).toBe(404);
  });

  it("answers 404 for another company's brand and branch on every endpoint", async () => {
    const foreign = await createBrand(db(), { companyId: b.company.id, branchId: b.main.id });
    for (const token of [tokens.adminA, tokens.managerA, tokens.cashierA]) {
      expect((await list(token, { branchId: b.main.id })).statusCode).toBe(404);
      expect((await create(token, { name: 'X', branchId: b.main.id })).statusCode).toBe(404);
      expect((await patch(token, foreign.id, { name: 'Hijack' })).statusCode).toBe(404);
      expect((await del(token, foreign.id)).statusCode).toBe(404);
    }
    const [row] = await db().select().from(brands).where(eq(brands.id, foreign.id));
    expect(row?.name).toBe(foreign.name);
    expect((await patch(tokens.adminA, randomUUID(), { name: 'x' })).statusCode).toBe(404);
    expect((await patch(tokens.adminB, foreign.id, { name: 'Mine' })).statusCode).toBe(200);
  });

  it("answers 404 to a cashier for another branch's brands", async () => {
    const elsewhere = await createBrand(db(), { companyId: a.company.id, branchId: a.second.id });
    expect((await list(tokens.cashierA, { branchId: a.second.id })).statusCode).toBe(404);
    expect((await create(tokens.cashierA, { name: 'X', branchId: a.second.id })).statusCode).toBe(404);
    expect((await patch(tokens.cashierA, elsewhere.id, { name: 'x' })).statusCode).toBe(404);
    expect((await del(tokens.cashierA, elsewhere.id)).statusCode).toBe(404);
    expect((await list(tokens.managerA, { branchId: a.second.id })).statusCode).toBe(200);
  });
});
