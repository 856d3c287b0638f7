import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sales, stockMovements } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { type DeviceKey, enrolDevice } from '../helpers/device';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Result = { id: string | null; status: number; replayed: boolean; code: string | null; message: string };

/**
 * POST /transactions/batch: a register's queued sales of one branch in one request, recorded in
 * order by the one sale path (createSale), each under its own Idempotency-Key, each answering its own
 * result; the batch's branchId reached like any branchId.
 */
describe(`sale batch upload (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { manager: string; cashier: string };
  let register: { id: string; code: string };
  let device: DeviceKey;
  let sequence = 0;

  const db = () => ctx.database.db;

  /** A card sale of one line as the register queues it offline (no tax or discount). */
  function offlineSale(product: { id: string; price: string }, quantity = 1, branchId = tenant.main.id) {
    const price = Number(product.price);
    const total = Number((price * quantity).toFixed(2));
    return {
      id: randomUUID(),
      branchId,
      items: [{ product_id: product.id, quantity, price, unit_price: price }],
      subtotal: total,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total,
      payment_method: 'card',
      amount_paid: total,
      change: 0,
      register_id: register.id,
      offline: true,
      sold_at: new Date(Date.now() - 3_600_000).toISOString(),
      receipt_number: `${register.code}-${String(++sequence).padStart(6, '0')}`,
    };
  }

  /** The outbox rows of these sales: each keyed by its own id, as the register keys them. */
  /** Sales that claim what only a register can (offline, its time or number) carry its signature. */
  const batchOf = (list: Record<string, unknown>[], branchId = tenant.main.id) => ({
    branchId,
    sales: list.map((sale) => ({
      idempotency_key: (sale.id as string | undefined) ?? randomUUID(),
      sale,
      ...(Boolean(sale.offline || sale.sold_at || sale.receipt_number) && { signature: device.sign(sale) }),
    })),
  });

  const send = (payload: unknown, token = tokens.cashier) =>
    request(ctx.app, token, { method: 'POST', url: '/api/transactions/batch', payload });

  const resultsOf = (res: { json: () => { data: { results: Result[] } } }) => res.json().data.results;

  const stockOf = async (id: string) =>
    (await db().select({ q: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.q;

  const salesCount = async (ids: string[]) =>
    (await db().select({ n: count() }).from(sales).where(inArray(sales.id, ids)))[0]?.n;

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    other = await createTenant(db());
    tokens = {
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    const enrolled = await enrolDevice(ctx.app, {
      token: tokens.cashier,
      branchId: tenant.main.id,
      trustedBy: tokens.manager,
    });
    register = enrolled.register;
    device = enrolled.key;
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  it('records the sales in the batch order, one result each, and a batch sent again records nothing twice', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 10,
    });
    const quantities = [1, 2, 3, 4];
    const list = quantities.map((q) => offlineSale(product, q));
    const batch = batchOf(list);

    const res = await send(batch);
    expect(res.statusCode).toBe(200);
    const results = resultsOf(res);
    expect(results).toEqual(
      list.map((sale) => ({
        id: sale.id,
        status: 201,
        replayed: false,
        code: null,
        message: 'Payment processed successfully',
      })),
    );
    // In order: each sale's movement starts from the stock the sales before it left (10, 9, 7, 4).
    const movements = await db()
      .select({ ref: stockMovements.referenceId, previous: stockMovements.previousQuantity })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.movementType, 'sale')));
    const previousOf = new Map(movements.map((m) => [m.ref, m.previous]));
    expect(list.map((sale) => previousOf.get(sale.id))).toEqual([10, 9, 7, 4]);
    expect(await stockOf(product.id)).toBe(0);
    const stored = await db()
      .select({ id: sales.id, receipt: sales.receiptNumber })
      .from(sales)
      .where(
        inArray(
          sales.id,
          list.map((s) => s.id),
        ),
      );
    expect(new Map(stored.map((s) => [s.id, s.receipt]))).toEqual(new Map(list.map((s) => [s.id, s.receipt_number])));

    // The same batch again (its answer was lost): the same results as replays; no sale, no unit twice.
    const again = await send(batch);
    expect(again.statusCode).toBe(200);
    expect(resultsOf(again)).toEqual(results.map((r) => ({ ...r, replayed: true })));
    expect(await salesCount(list.map((s) => s.id))).toBe(4);
    expect(await stockOf(product.id)).toBe(0);

    // A batch that repeats a recorded sale before a new one: the first replays, the second is recorded.
    const more = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 5,
    });
    const next = offlineSale(more, 2);
    const mixed = await send(batchOf([list[3] as Record<string, unknown>, next]));
    expect(resultsOf(mixed).map((r) => [r.id, r.status, r.replayed])).toEqual([
      [list[3]?.id, 201, true],
      [next.id, 201, false],
    ]);
    expect(await stockOf(more.id)).toBe(3);
  });

  it('a bad sale among good ones is refused alone, with the answer POST /transactions gives it', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 10,
    });
    const first = offlineSale(product);
    const malformed = { ...offlineSale(product), items: [{ product_id: product.id, quantity: 0, price: 80 }] };
    const notASale = 'not a sale';
    const otherBranchProduct = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.second.id,
    });
    const foreignLine = offlineSale(otherBranchProduct);
    const last = offlineSale(product, 2);
    const batch = batchOf([first, malformed, foreignLine, last]);
    // An item that is no object at all is the schema's: the whole request is 400, nothing recorded.
    const broken = await send({ ...batch, sales: [...batch.sales, { idempotency_key: randomUUID(), sale: notASale }] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Each sale must be an object');
    expect(await salesCount([first.id, last.id])).toBe(0);

    const res = await send(batch);
    expect(res.statusCode).toBe(200);
    const results = resultsOf(res);
    expect(results.map((r) => [r.id, r.status, r.code])).toEqual([
      [first.id, 201, null],
      [malformed.id, 400, 'VALIDATION_ERROR'],
      [foreignLine.id, 404, 'NOT_FOUND'],
      [last.id, 201, null],
    ]);
    expect(results[1]).toMatchObject({
      message: 'Quantity must be above 0',
      errors: { 'items.0.quantity': 'Quantity must be above 0' },
    });
    expect(results[2]?.message).toBe('Product not found');
    // The same answers POST /transactions gives each of them alone (online: what only the register may
    // claim goes in a signed batch).
    for (const [index, sale] of [
      [1, malformed],
      [2, foreignLine],
    ] as const) {
      const single = await ctx.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: { authorization: `Bearer ${tokens.cashier}`, 'idempotency-key': sale.id },
        payload: { ...sale, offline: undefined, sold_at: undefined, receipt_number: undefined },
      });
      expect(single.statusCode).toBe(results[index]?.status);
      expect(single.json().message).toBe(results[index]?.message);
    }
    expect(await salesCount([first.id, malformed.id, foreignLine.id, last.id])).toBe(2);
    expect(await stockOf(product.id)).toBe(7);

    // A key reused for another sale is that sale's 422; an online sale at a stale price its 409.
    const reused = { ...offlineSale(product), id: randomUUID() };
    const stale = {
      ...offlineSale(product),
      offline: undefined,
      register_id: undefined,
      receipt_number: undefined,
      sold_at: undefined,
      items: [{ product_id: product.id, quantity: 1, price: 79 }],
      subtotal: 79,
      total: 79,
      amount_paid: 79,
    };
    const refused = await send({
      branchId: tenant.main.id,
      sales: [
        { idempotency_key: first.id, sale: reused, signature: device.sign(reused) },
        { idempotency_key: stale.id, sale: stale },
      ],
    });
    expect(resultsOf(refused).map((r) => [r.status, r.code, r.message])).toEqual([
      [422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different sale'],
      [409, 'CONFLICT', `The price of ${product.name} has changed to 80.00. Please refresh the cart.`],
    ]);
    expect(await stockOf(product.id)).toBe(7);
  });

  it("a sale of another branch than the batch's is refused (400), the others recorded", async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const secondProduct = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.second.id });
    const good = offlineSale(product);
    const elsewhere = {
      ...offlineSale(secondProduct, 1, tenant.second.id),
      register_id: undefined,
      receipt_number: undefined,
    };
    const res = await send(batchOf([elsewhere, good]), tokens.manager);
    expect(res.statusCode).toBe(200);
    expect(resultsOf(res)).toEqual([
      {
        id: elsewhere.id,
        status: 400,
        replayed: false,
        code: 'BAD_REQUEST',
        message: "The sale's branch is not the batch's branch",
        errors: { branchId: "The sale's branch is not the batch's branch" },
      },
      { id: good.id, status: 201, replayed: false, code: null, message: 'Payment processed successfully' },
    ]);
    expect(await salesCount([elsewhere.id, good.id])).toBe(1);
    expect(await stockOf(secondProduct.id)).toBe(20);
  });

  it('the batch branchId out of reach is 404 for the whole batch: another company, or another branch for a cashier', async () => {
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const foreign = await createProduct(db(), { companyId: other.company.id, branchId: other.main.id });
    const sale = offlineSale(foreign, 1, other.main.id);
    const outside = await send(
      batchOf([{ ...sale, register_id: undefined, receipt_number: undefined }], other.main.id),
      tokens.manager,
    );
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Branch not found' });

    const secondProduct = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.second.id });
    const atSecond = {
      ...offlineSale(secondProduct, 1, tenant.second.id),
      register_id: undefined,
      receipt_number: undefined,
    };
    const cashierElsewhere = await send(batchOf([atSecond], tenant.second.id), tokens.cashier);
    expect(cashierElsewhere.statusCode).toBe(404);
    expect(cashierElsewhere.json().code).toBe('NOT_FOUND');
    expect(await salesCount([sale.id, atSecond.id])).toBe(0);
    expect(await stockOf(foreign.id)).toBe(20);
    expect(await stockOf(secondProduct.id)).toBe(20);
    expect(await stockOf(product.id)).toBe(20);
  });

  it('a batch holds 1 to 50 sales', async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 60,
    });
    const tooMany = batchOf(Array.from({ length: 51 }, () => offlineSale(product)));
    const res = await send(tooMany);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A batch holds at most 50 sales');
    const empty = await send({ branchId: tenant.main.id, sales: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The batch is empty');
    expect(await stockOf(product.id)).toBe(60);
  });
});
