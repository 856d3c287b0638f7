import { randomUUID } from 'node:crypto';
import { computeCartTotals, ROLE_IDS } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, sales } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createSale, createTwoTenants, createUser, login, request } from '../helpers/factories';

function salePayload(branchId: string, product: { id: string; price: string }, id: string) {
  const items = [{ product_id: product.id, quantity: 1, price: Number(product.price) }];
  const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
  return {
    id,
    branchId,
    items,
    subtotal: totals.subtotal,
    tax: 0,
    tax_rate: 0,
    discount_type: 'amount',
    discount_value: 0,
    discount_amount: 0,
    total: totals.total,
    payment_method: 'card',
    amount_paid: totals.total,
    change: 0,
  };
}

// A register chooses its sale ids; one id must name one sale for everyone who can read it.
describe(`register-chosen sale ids across companies (${engineName()})`, () => {
  let ctx: TestContext;
  let cast: Awaited<ReturnType<typeof createTwoTenants>>;
  let both: string;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await createTestContext();
    cast = await createTwoTenants(ctx.app, db());
    // A Super Admin of company A who is also a member of company B.
    const user = await createUser(db(), { roleId: ROLE_IDS.superAdmin, companyId: cast.a.company.id });
    await db().insert(companyMembers).values({ companyId: cast.b.company.id, userId: user.id });
    both = await login(ctx.app, user.username);
  });
  afterAll(() => ctx.close());

  const saleInB = async () => {
    const { b } = cast;
    const product = await createProduct(db(), { companyId: b.company.id, branchId: b.main.id });
    const { sale } = await createSale(db(), {
      companyId: b.company.id,
      branchId: b.main.id,
      cashierId: b.cashier.id,
      lines: [{ product, quantity: 1 }],
    });
    return sale;
  };

  it('refuses a new sale whose id is already used in another company the caller can read', async () => {
    const { a } = cast;
    const taken = await saleInB();
    const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
    const res = await request(ctx.app, both, {
      method: 'POST',
      url: '/api/transactions',
      payload: salePayload(a.main.id, product, taken.id),
    });
    // The same answer as any id already taken within the caller's reach (the idempotency rule).
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    const inA = await db()
      .select()
      .from(sales)
      .where(and(eq(sales.companyId, a.company.id), eq(sales.id, taken.id)));
    expect(inA).toHaveLength(0);
    // Its own sale of B still opens for that user, in B.
    const read = await request(ctx.app, both, { url: `/api/transactions/${taken.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.receiptNumber).toBe(taken.receiptNumber);
  });

  it('resolves an id used in two companies within the company the caller has selected', async () => {
    const { a, b, tokens } = cast;
    const inB = await saleInB();
    // A manager of A cannot read B: their sale takes the id (refusing would tell them B has it).
    const product = await createProduct(db(), { companyId: a.company.id, branchId: a.main.id });
    const made = await request(ctx.app, tokens.managerA, {
      method: 'POST',
      url: '/api/transactions',
      payload: salePayload(a.main.id, product, inB.id),
    });
    expect(made.statusCode).toBe(201);
    const inA = made.json().data;
    expect(inA.id).toBe(inB.id);

    // The user of both companies opens each one within the company selected.
    const fromA = await request(ctx.app, both, { url: `/api/transactions/${inB.id}?companyId=${a.company.id}` });
    expect(fromA.statusCode).toBe(200);
    expect(fromA.json().data).toMatchObject({ receiptNumber: inA.receiptNumber, branch: { id: a.main.id } });
    const fromB = await request(ctx.app, both, { url: `/api/transactions/${inB.id}?companyId=${b.company.id}` });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().data).toMatchObject({ receiptNumber: inB.receiptNumber, branch: { id: b.main.id } });
    // Without a selection they are asked to choose, never shown one of the two at random.
    const unselected = await request(ctx.app, both, { url: `/api/transactions/${inB.id}` });
    expect(unselected.statusCode).toBe(409);
    expect(unselected.json()).toMatchObject({ success: false, code: 'AMBIGUOUS_ID' });

    // Users of one company read their own, and naming the other company is 404.
    const byManagerA = await request(ctx.app, tokens.managerA, { url: `/api/transactions/${inB.id}` });
    expect(byManagerA.json().data.branch.id).toBe(a.main.id);
    const byAdminB = await request(ctx.app, tokens.adminB, { url: `/api/transactions/${inB.id}` });
    expect(byAdminB.json().data.branch.id).toBe(b.main.id);
    const crossed = await request(ctx.app, tokens.managerA, {
      url: `/api/transactions/${inB.id}?companyId=${b.company.id}`,
    });
    expect(crossed.statusCode).toBe(404);
    const unknownCompany = await request(ctx.app, both, {
      url: `/api/transactions/${inB.id}?companyId=${randomUUID()}`,
    });
    expect(unknownCompany.statusCode).toBe(404);
  });
});
