import { randomUUID } from 'node:crypto';
import { computeCartTotals, PRODUCT_MSG, ROLE_IDS, USER_MSG } from '@pos/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, products, users } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBrand,
  createCategory,
  createProduct,
  createSale,
  createTwoTenants,
  createUser,
  login,
  request,
} from '../helpers/factories';

type Line = { product: { id: string; price: string }; quantity: number };

function salePayload(branchId: string, lines: Line[], extra: Record<string, unknown> = {}) {
  const items = lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, price: Number(l.product.price) }));
  const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
  return {
    branchId,
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
    ...extra,
  };
}

// Ids outside the caller's reach are 404 wherever they sit, the request body included,
// exactly like ids that do not exist; and a role without the permission gets 403 whatever the ids.
describe(`ids in request bodies (${engineName()})`, () => {
  let ctx: TestContext;
  let cast: Awaited<ReturnType<typeof createTwoTenants>>;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await createTwoTenants(ctx.app, db());
  });
  afterAll(() => ctx.close());

  describe('PATCH /products/{own id} with a branchId', () => {
    it("answers 404 to another company's branch and to a branch that does not exist", async () => {
      const { a, b, tokens } = cast;
      const own = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
      for (const token of [tokens.adminA, tokens.managerA]) {
        for (const branchId of [b.main.id, randomUUID()]) {
          const res = await request(ctx.app, token, {
            method: 'PATCH',
            url: `/api/products/${own.id}`,
            payload: { name: 'Moved', branchId },
          });
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Branch not found' });
        }
      }
      const [row] = await db().select().from(products).where(eq(products.id, own.id));
      expect(row?.name).toBe(own.name);
      expect(row?.branchId).toBe(a.main.id);
    });

    it('still refuses (400) a move to another branch the caller can reach', async () => {
      const { a, tokens } = cast;
      const own = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
      const res = await request(ctx.app, tokens.adminA, {
        method: 'PATCH',
        url: `/api/products/${own.id}`,
        payload: { branchId: a.second.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRODUCT_MSG.otherBranch);
    });
  });

  describe('POST and PATCH /users with a branchId', () => {
    it("answers 404 to another company's branch in POST and PATCH", async () => {
      const { a, b, tokens } = cast;
      for (const token of [tokens.adminA, tokens.managerA]) {
        const created = await request(ctx.app, token, {
          method: 'POST',
          url: '/api/users',
          payload: {
            name: 'New Cashier',
            email: 'new@example.com',
            username: `u${randomUUID().slice(0, 8)}`,
            password: 'Secret123',
            roleIds: [ROLE_IDS.cashier],
            branchId: b.second.id,
          },
        });
        expect(created.statusCode).toBe(404);
        const patched = await request(ctx.app, token, {
          method: 'PATCH',
          url: `/api/users/${a.cashier.id}`,
          payload: { branchId: b.second.id },
        });
        expect(patched.statusCode).toBe(404);
      }
    });

    it('refuses (400) a branch of another company the caller can reach', async () => {
      const { a, b } = cast;
      // A Super Admin of both companies reaches B's branches, so naming one is no secret: 400.
      const both = await createUser(db(), { roleId: ROLE_IDS.superAdmin, companyId: a.company.id });
      await db().insert(companyMembers).values({ companyId: b.company.id, userId: both.id });
      const token = await login(ctx.app, both.username);
      const res = await request(ctx.app, token, {
        method: 'PATCH',
        url: `/api/users/${a.cashier.id}`,
        payload: { branchId: b.main.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(USER_MSG.branchOtherCompany);
    });

    it("answers a cashier 403 for every user id and company id, whoever's they are", async () => {
      const { a, b, tokens } = cast;
      for (const id of [a.manager.id, a.cashier.id, b.cashier.id, b.admin.id, randomUUID()]) {
        const res = await request(ctx.app, tokens.cashierA, {
          method: 'PATCH',
          url: `/api/users/${id}`,
          payload: { name: 'Nope' },
        });
        expect(res.statusCode).toBe(403);
      }
      for (const companyId of [a.company.id, b.company.id, randomUUID()]) {
        const res = await request(ctx.app, tokens.cashierA, {
          method: 'POST',
          url: '/api/users',
          payload: {
            name: 'Nope Nope',
            email: 'nope@example.com',
            username: `n${randomUUID().slice(0, 8)}`,
            password: 'Secret123',
            roleIds: [ROLE_IDS.cashier],
            companyId,
          },
        });
        expect(res.statusCode).toBe(403);
        const list = await request(ctx.app, tokens.cashierA, { url: `/api/users?companyId=${companyId}` });
        expect(list.statusCode).toBe(403);
      }
      const [row] = await db().select().from(users).where(eq(users.id, b.cashier.id));
      expect(row?.name).toBe(b.cashier.name);
    });
  });

  describe('POST /transactions', () => {
    it('answers 404 to a product of another company, of another branch, and to an unknown product', async () => {
      const { a, b, tokens } = cast;
      const own = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
      const foreign = await createProduct(db(), { companyId: b.company.id, branchId: b.main.id });
      const otherBranch = await createProduct(db(), { companyId: a.company.id, branchId: a.second.id });
      const unknown = { id: randomUUID(), price: '80.00' };
      for (const product of [foreign, otherBranch, unknown]) {
        const res = await request(ctx.app, tokens.cashierA, {
          method: 'POST',
          url: '/api/transactions',
          payload: salePayload(a.main.id, [
            { product: own, quantity: 1 },
            { product, quantity: 1 },
          ]),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Product not found' });
      }
      const [row] = await db().select().from(products).where(eq(products.id, own.id));
      expect(row?.stockQuantity).toBe(own.stockQuantity);
    });

    it('still answers 409 for a product of the branch that was deleted', async () => {
      const { a, tokens } = cast;
      const gone = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
      await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
      const res = await request(ctx.app, tokens.cashierA, {
        method: 'POST',
        url: '/api/transactions',
        payload: salePayload(a.main.id, [{ product: gone, quantity: 1 }]),
      });
      expect(res.statusCode).toBe(409);
    });

    it("answers a cashier 404 for another branch's sale id, as for any id they cannot read", async () => {
      const { a, tokens } = cast;
      const mainProduct = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
      const secondProduct = await createProduct(db(), { companyId: a.company.id, branchId: a.second.id });
      const { sale: elsewhere } = await createSale(db(), {
        companyId: a.company.id,
        branchId: a.second.id,
        cashierId: a.manager.id,
        lines: [{ product: secondProduct, quantity: 1 }],
      });
      const res = await request(ctx.app, tokens.cashierA, {
        method: 'POST',
        url: '/api/transactions',
        payload: salePayload(a.main.id, [{ product: mainProduct, quantity: 1 }], { id: elsewhere.id }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Transaction not found' });
      // What the cashier sees for that id anywhere else: the same 404.
      expect((await request(ctx.app, tokens.cashierA, { url: `/api/transactions/${elsewhere.id}` })).statusCode).toBe(
        404,
      );
      // A random id is a new sale.
      const fresh = await request(ctx.app, tokens.cashierA, {
        method: 'POST',
        url: '/api/transactions',
        payload: salePayload(a.main.id, [{ product: mainProduct, quantity: 1 }], { id: randomUUID() }),
      });
      expect(fresh.statusCode).toBe(201);

      // The manager reads every branch of the company: for them the id is taken (422, the idempotency rule).
      const byManager = await request(ctx.app, tokens.managerA, {
        method: 'POST',
        url: '/api/transactions',
        payload: salePayload(a.main.id, [{ product: mainProduct, quantity: 1 }], { id: elsewhere.id }),
      });
      expect(byManager.statusCode).toBe(422);
      // And a sale of the cashier's own branch made under another key: 422 as before.
      const own = fresh.json().data.id as string;
      const reused = await request(ctx.app, tokens.cashierA, {
        method: 'POST',
        url: '/api/transactions',
        payload: salePayload(a.main.id, [{ product: mainProduct, quantity: 2 }], { id: own }),
      });
      expect(reused.statusCode).toBe(422);
    });
  });

  describe('ids in list filters', () => {
    it("answers 404 to another company's category, brand or product, and filters by one within reach", async () => {
      const { a, b, tokens } = cast;
      const foreignCategory = await createCategory(db(), { companyId: b.company.id, branchIds: [b.main.id] });
      const foreignBrand = await createBrand(db(), { companyId: b.company.id, branchId: b.main.id });
      const foreignProduct = await createProduct(db(), { companyId: b.company.id, branchId: b.main.id });
      const ownCategory = await createCategory(db(), { companyId: a.company.id, branchIds: [a.main.id] });
      const branch = a.main.id;
      for (const url of [
        `/api/products?branchId=${branch}&categoryId=${foreignCategory.id}`,
        `/api/products?branchId=${branch}&brandId=${foreignBrand.id}`,
        `/api/categories?branchId=${branch}&parentId=${foreignCategory.id}`,
        `/api/inventory/stock?branchId=${branch}&categoryId=${foreignCategory.id}`,
        `/api/inventory/movements?branchId=${branch}&productId=${foreignProduct.id}`,
        `/api/products?branchId=${branch}&categoryId=${randomUUID()}`,
      ]) {
        const res = await request(ctx.app, tokens.adminA, { url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      const own = await request(ctx.app, tokens.adminA, {
        url: `/api/products?branchId=${branch}&categoryId=${ownCategory.id}`,
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toEqual([]);
    });
  });
});
