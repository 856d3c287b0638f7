import { randomUUID } from 'node:crypto';
import { CATEGORY_MSG } from '@pos/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryBranches, products } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { collection, createCategory, createProduct, createTenant, createTwoTenants, login } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type CategoryJson = { id: string; name: string; description: string | null; parentId: string | null };

describe(`categories API (${engineName()})`, () => {
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
  const { list, create, patch, del } = collection(() => ctx.app, 'categories');
  const exists = async (ids: string[]) =>
    (await db().select({ id: categories.id }).from(categories).where(inArray(categories.id, ids))).length;
  const branchesOf = async (categoryId: string) =>
    (
      await db()
        .select({ branchId: categoryBranches.branchId })
        .from(categoryBranches)
        .where(eq(categoryBranches.categoryId, categoryId))
    )
      .map((r) => r.branchId)
      .sort();

  describe('POST /categories', () => {
    it('creates a root and a subcategory, trimmed, attached to the given branch', async () => {
      const root = await create(tokens.managerA, {
        name: '  Beverages ',
        description: ' Drinks aisle ',
        parentId: null,
        branchIds: [a.main.id],
      });
      expect(root.statusCode).toBe(201);
      expect(root.json()).toMatchObject({
        success: true,
        message: 'Category created successfully',
        data: {
          name: 'Beverages',
          description: 'Drinks aisle',
          parentId: null,
          branchIds: [a.main.id],
          childCount: 0,
        },
      });
      const child = await create(tokens.managerA, {
        name: 'Soft Drinks',
        description: '',
        parentId: root.json().data.id,
        branchIds: [a.main.id],
      });
      expect(child.statusCode).toBe(201);
      expect(child.json().data).toMatchObject({ parentId: root.json().data.id, description: null });
    });

    it("attaches the parent chain to the child's branch, so each branch's tree stays whole", async () => {
      const root = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id] });
      const mid = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id], parentId: root.id });
      const res = await create(tokens.adminA, { name: 'Leaf', parentId: mid.id, branchIds: [a.second.id] });
      expect(res.statusCode).toBe(201);
      expect(await branchesOf(root.id)).toEqual([a.main.id, a.second.id].sort());
      expect(await branchesOf(mid.id)).toEqual([a.main.id, a.second.id].sort());
    });

    it("answers 404 for a parent in another company and doesn't create anything", async () => {
      const foreign = await createCategory(db(), { companyId: b.company.id, branchIds: [b.main.id] });
      for (const parentId of [foreign.id, randomUUID()]) {
        const res = await create(tokens.adminA, { name: 'Sneaky', parentId, branchIds: [a.main.id] });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          message: CATEGORY_MSG.parentNotFound,
          errors: { parentId: expect.any(String) },
        });
      }
      const [row] = await db()
        .select()
        .from(categories)
        .where(and(eq(categories.companyId, a.company.id), eq(categories.name, 'Sneaky')));
      expect(row).toBeUndefined();
    });

    it('answers 404 to a cashier for a parent only attached to another branch', async () => {
      const elsewhere = await createCategory(db(), { companyId: a.company.id, branchIds: [a.second.id] });
      const res = await create(tokens.cashierA, { name: 'Child', parentId: elsewhere.id, branchIds: [a.main.id] });
      expect(res.statusCode).toBe(404);
    });

    it('answers 404 for a branch of another company, and for a cashier another branch', async () => {
      expect((await create(tokens.adminA, { name: 'X', branchIds: [b.main.id] })).statusCode).toBe(404);
      expect((await create(tokens.adminA, { name: 'X', branchIds: [a.main.id, b.main.id] })).statusCode).toBe(404);
      expect((await create(tokens.cashierA, { name: 'X', branchIds: [a.second.id] })).statusCode).toBe(404);
      expect((await create(tokens.cashierA, { name: 'X', branchIds: [a.main.id] })).statusCode).toBe(201);
    });

    it('validates: name required (trimmed), branchIds required, ids well-formed; 400 never 500', async () => {
      for (const name of ['', '   ', undefined]) {
        const res = await create(tokens.adminA, { name, branchIds: [a.main.id] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: CATEGORY_MSG.nameRequired,
          errors: { name: CATEGORY_MSG.nameRequired },
        });
      }
      for (const branchIds of [[], undefined]) {
        const res = await create(tokens.adminA, { name: 'X', branchIds });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(CATEGORY_MSG.branchRequired);
      }
      for (const payload of [
        { name: 'X', branchIds: ['nope'] },
        { name: 'X', branchIds: [a.main.id], parentId: 'nope' },
        { name: 'x'.repeat(201), branchIds: [a.main.id] },
        { name: ['X'], branchIds: [a.main.id] },
        [],
      ]) {
        expect((await create(tokens.adminA, payload)).statusCode).toBe(400);
      }
    });
  });

  describe('GET /categories', () => {
    let t: Tenant;
    let token: string;
    let drinks: { id: string };
    beforeAll(async () => {
      t = await createTenant(db());
      token = await login(ctx.app, t.admin.username);
      const on = { companyId: t.company.id, branchIds: [t.main.id] };
      drinks = await createCategory(db(), { ...on, name: 'Drinks', description: 'Cold things' });
      await createCategory(db(), { ...on, name: 'Juice', parentId: drinks.id });
      await createCategory(db(), { ...on, name: 'Soda', parentId: drinks.id, description: 'Fizzy' });
      await createCategory(db(), { ...on, name: 'bakery', description: 'Bread and cold cakes' });
      await createCategory(db(), { ...on, name: 'Dairy' });
      await createCategory(db(), { companyId: t.company.id, branchIds: [t.second.id], name: 'Elsewhere' });
    });

    it("lists the branch's categories flat, by name, with parentId, branchIds, childCount and meta", async () => {
      const res = await list(token, { branchId: t.main.id, page: 1, limit: 3 });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.meta).toEqual({ total: 5, page: 1, limit: 3, totalPages: 2 });
      expect(json.data.map((c: CategoryJson) => c.name)).toEqual(['bakery', 'Dairy', 'Drinks']);
      expect(json.data[2]).toEqual({
        id: drinks.id,
        name: 'Drinks',
        description: 'Cold things',
        parentId: null,
        branchIds: [t.main.id],
        childCount: 2,
      });
    });

    it('loads a whole tree in one call with limit up to 1000, and rejects more', async () => {
      const res = await list(token, { branchId: t.main.id, limit: 1000 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(5);
      expect((await list(token, { branchId: t.main.id, limit: 1001 })).statusCode).toBe(400);
    });

    it('searches name or description, case-insensitively', async () => {
      const cold = (await list(token, { branchId: t.main.id, search: 'COLD' })).json();
      expect(cold.data.map((c: CategoryJson) => c.name)).toEqual(['bakery', 'Drinks']);
      const fizzy = (await list(token, { branchId: t.main.id, search: 'fizz' })).json();
      expect(fizzy.data.map((c: CategoryJson) => c.name)).toEqual(['Soda']);
      expect(fizzy.meta.total).toBe(1);
    });

    it('narrows to roots or to the children of one category', async () => {
      const roots = (await list(token, { branchId: t.main.id, parentId: 'root' })).json();
      expect(roots.data.map((c: CategoryJson) => c.name)).toEqual(['bakery', 'Dairy', 'Drinks']);
      const children = (await list(token, { branchId: t.main.id, parentId: drinks.id })).json();
      expect(children.data.map((c: CategoryJson) => c.name)).toEqual(['Juice', 'Soda']);
    });

    it('answers 404 for a branch of another company, and for a cashier another branch', async () => {
      expect((await list(tokens.adminA, { branchId: t.main.id })).statusCode).toBe(404);
      expect((await list(tokens.cashierA, { branchId: a.second.id })).statusCode).toBe(404);
      expect((await list(tokens.cashierA, { branchId: a.main.id })).statusCode).toBe(200);
      expect((await list(tokens.adminA, {})).statusCode).toBe(400);
    });
  });

  describe('PATCH /categories/{id}', () => {
    it('renames and moves; parentId null makes a root', async () => {
      const on = { companyId: a.company.id, branchIds: [a.main.id] };
      const x = await createCategory(db(), on);
      const y = await createCategory(db(), on);
      const moved = await patch(tokens.managerA, y.id, { name: 'Renamed', parentId: x.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ data: { id: y.id, name: 'Renamed', parentId: x.id } });
      const root = await patch(tokens.managerA, y.id, { parentId: null });
      expect(root.json().data.parentId).toBeNull();
    });

    it('refuses to make a category its own parent or ancestor (400), at any depth', async () => {
      const on = { companyId: a.company.id, branchIds: [a.main.id] };
      const top = await createCategory(db(), on);
      const mid = await createCategory(db(), { ...on, parentId: top.id });
      const leaf = await createCategory(db(), { ...on, parentId: mid.id });
      for (const parentId of [top.id, mid.id, leaf.id]) {
        const res = await patch(tokens.adminA, top.id, { parentId });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: CATEGORY_MSG.ownAncestor,
          errors: { parentId: CATEGORY_MSG.ownAncestor },
        });
      }
      expect((await patch(tokens.adminA, mid.id, { parentId: leaf.id })).statusCode).toBe(400);
      const [row] = await db().select().from(categories).where(eq(categories.id, top.id));
      expect(row?.parentId).toBeNull();
    });

    it('lets only one of two crossing moves through, so no cycle forms under concurrency', async () => {
      const on = { companyId: a.company.id, branchIds: [a.main.id] };
      const x = await createCategory(db(), on);
      const y = await createCategory(db(), on);
      const results = await Promise.all([
        patch(tokens.adminA, x.id, { parentId: y.id }),
        patch(tokens.managerA, y.id, { parentId: x.id }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const rows = await db()
        .select()
        .from(categories)
        .where(inArray(categories.id, [x.id, y.id]));
      expect(rows.filter((r) => r.parentId === null)).toHaveLength(1);
    });

    it('answers 404 for a new parent in another company', async () => {
      const mine = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id] });
      const foreign = await createCategory(db(), { companyId: b.company.id, branchIds: [b.main.id] });
      const res = await patch(tokens.adminA, mine.id, { parentId: foreign.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CATEGORY_MSG.parentNotFound);
    });

    it("answers 404 for another company's category, and to a cashier for another branch's", async () => {
      const foreign = await createCategory(db(), { companyId: b.company.id, branchIds: [b.main.id] });
      for (const token of [tokens.adminA, tokens.managerA, tokens.cashierA]) {
        expect((await patch(token, foreign.id, { name: 'Hijack' })).statusCode).toBe(404);
      }
      const elsewhere = await createCategory(db(), { companyId: a.company.id, branchIds: [a.second.id] });
      expect((await patch(tokens.cashierA, elsewhere.id, { name: 'x' })).statusCode).toBe(404);
      expect((await patch(tokens.managerA, elsewhere.id, { name: 'ok' })).statusCode).toBe(200);
      const mine = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id] });
      expect((await patch(tokens.cashierA, mine.id, { name: 'Cashier rename' })).statusCode).toBe(200);
      expect((await patch(tokens.adminA, mine.id, { name: '' })).json().message).toBe(CATEGORY_MSG.nameRequired);
    });
  });

  describe('DELETE /categories/{id}', () => {
    it('removes the subcategories and leaves their products in place, uncategorised', async () => {
      const on = { companyId: a.company.id, branchIds: [a.main.id, a.second.id] };
      const top = await createCategory(db(), on);
      const mid = await createCategory(db(), { ...on, parentId: top.id });
      const leaf = await createCategory(db(), { ...on, parentId: mid.id });
      const sibling = await createCategory(db(), on);
      const inTop = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id, categoryId: top.id });
      const inLeaf = await createProduct(db(), { companyId: a.company.id, branchId: a.second.id, categoryId: leaf.id });
      const deletedInMid = await createProduct(db(), {
        companyId: a.company.id,
        branchId: a.main.id,
        categoryId: mid.id,
        deletedAt: new Date(),
      });
      const inSibling = await createProduct(db(), {
        companyId: a.company.id,
        branchId: a.main.id,
        categoryId: sibling.id,
      });

      const res = await del(tokens.managerA, top.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Category deleted successfully',
        data: { id: top.id, deletedCategories: 3, uncategorisedProducts: 2 },
      });
      expect(await exists([top.id, mid.id, leaf.id])).toBe(0);
      expect(await exists([sibling.id])).toBe(1);
      const rows = await db()
        .select({ id: products.id, categoryId: products.categoryId })
        .from(products)
        .where(inArray(products.id, [inTop.id, inLeaf.id, deletedInMid.id, inSibling.id]));
      const byId = new Map(rows.map((r) => [r.id, r.categoryId]));
      expect(rows).toHaveLength(4);
      expect(byId.get(inTop.id)).toBeNull();
      expect(byId.get(inLeaf.id)).toBeNull();
      expect(byId.get(deletedInMid.id)).toBeNull();
      expect(byId.get(inSibling.id)).toBe(sibling.id);
      expect(await branchesOf(top.id)).toEqual([]);
      expect((await del(tokens.managerA, top.id)).statusCode).toBe(404);
    });

    it("answers 404 for another company's category and to a cashier for another branch's", async () => {
      const foreign = await createCategory(db(), { companyId: b.company.id, branchIds: [b.main.id] });
      for (const token of [tokens.adminA, tokens.managerA, tokens.cashierA]) {
        expect((await del(token, foreign.id)).statusCode).toBe(404);
      }
      expect(await exists([foreign.id])).toBe(1);
      const elsewhere = await createCategory(db(), { companyId: a.company.id, branchIds: [a.second.id] });
      expect((await del(tokens.cashierA, elsewhere.id)).statusCode).toBe(404);
      expect(await exists([elsewhere.id])).toBe(1);
      expect((await del(tokens.adminA, randomUUID())).statusCode).toBe(404);
      expect((await del(tokens.adminA, 'nope')).statusCode).toBe(400);
      expect((await del(tokens.adminB, foreign.id)).statusCode).toBe(200);
    });
  });
});
