import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, products } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCustomer, createProduct, createTenant, login, request } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Item = { id: string; deleted: boolean; price?: number; stockQuantity?: number; name?: string };
type Page = { products: Item[]; nextCursor: string; hasMore: boolean };

describe(`catalogue and customer sync (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { manager: string; cashier: string };
  const db = () => ctx.database.db;

  const get = (url: string, token = tokens.cashier) => request(ctx.app, token, { url });

  /** Every page of one sync from `cursor`: the items in order and the cursor of the next sync. */
  async function syncAll(cursor?: string, limit = 2): Promise<{ items: Item[]; next: string; pages: number }> {
    const items: Item[] = [];
    let pages = 0;
    let at = cursor;
    for (;;) {
      const qs = new URLSearchParams({ branchId: tenant.main.id, limit: String(limit), ...(at && { cursor: at }) });
      const res = await get(`/api/sync/catalogue?${qs}`);
      expect(res.statusCode).toBe(200);
      const page = res.json().data as Page;
      pages++;
      items.push(...page.products);
      at = page.nextCursor;
      if (!page.hasMore) return { items, next: page.nextCursor, pages };
    }
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    tokens = {
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  let first: { items: Item[]; next: string };
  const made: { id: string; name: string; price: string }[] = [];

  it('a first sync loads every live product of the branch in pages, without cost, with the branch and its rules', async () => {
    for (let i = 0; i < 5; i++) {
      made.push(
        await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, stockQuantity: 10 }),
      );
    }
    const gone = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
    await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.second.id });

    const res = await get(`/api/sync/catalogue?branchId=${tenant.main.id}&limit=2`);
    const body = res.json().data;
    expect(body.branch).toMatchObject({ id: tenant.main.id, currency: expect.any(String), timezone: 'Asia/Karachi' });
    expect(typeof body.branch.taxRate).toBe('number');
    expect(body.rules).toMatchObject({ branchId: tenant.main.id, offlineLimitHours: 72 });
    expect(body.products).toHaveLength(2);
    expect(body.hasMore).toBe(true);
    for (const p of body.products) expect(Object.keys(p)).not.toContain('cost');

    first = await syncAll();
    const ids = first.items.map((i) => i.id).sort();
    expect(ids).toEqual(made.map((m) => m.id).sort());
    expect(first.items.every((i) => i.deleted === false)).toBe(true);
    expect(first.items.find((i) => i.id === made[0]?.id)).toMatchObject({
      price: 80,
      stockQuantity: 10,
      name: made[0]?.name,
    });
  });

  it('a later sync answers the changes since: stock moved by a sale, a price edit, a deletion (tombstone), a new product', async () => {
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const sale = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: a.id, quantity: 3, price: 80 }],
        subtotal: 240,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 240,
        payment_method: 'card',
        amount_paid: 240,
        change: 0,
      },
    });
    expect(sale.statusCode).toBe(201);
    expect(
      (
        await request(ctx.app, tokens.manager, {
          method: 'PATCH',
          url: `/api/products/${b.id}`,
          payload: { price: 99.5 },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await request(ctx.app, tokens.manager, { method: 'DELETE', url: `/api/products/${c.id}` })).statusCode,
    ).toBe(200);
    const fresh = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });

    const delta = await syncAll(first.next, 100);
    const byId = new Map(delta.items.map((i) => [i.id, i]));
    expect(byId.get(a.id)).toMatchObject({ deleted: false, stockQuantity: 7 });
    expect(byId.get(b.id)).toMatchObject({ deleted: false, price: 99.5 });
    expect(byId.get(c.id)).toEqual({ id: c.id, deleted: true });
    expect(byId.get(fresh.id)).toMatchObject({ deleted: false });
    // Unchanged products are not sent again. On PostgreSQL the watermark is the oldest transaction of the
    // whole cluster (other test files run beside this one), so a delta may overlap: what it re-sends
    // must then be the product as the register already has it. The embedded database has no overlap.
    const unchanged = byId.get((made[3] as { id: string }).id);
    if (engineName() === 'pglite') expect(unchanged).toBeUndefined();
    else if (unchanged) expect(unchanged).toEqual(first.items.find((i) => i.id === unchanged.id));

    // Nothing changed since: no new state (an empty page on PGlite), and the cursor moves on.
    const idle = await syncAll(delta.next);
    if (engineName() === 'pglite') expect(idle.items).toEqual([]);
    const known = (id: string) => delta.items.find((i) => i.id === id) ?? first.items.find((i) => i.id === id);
    for (const item of idle.items) expect(item).toEqual(known(item.id));
  });

  it('a sale stamps the stock (stock_xid), not the catalogue cursor (change_xid); the delta pages both kinds in order', async () => {
    const stamps = async (id: string) => {
      const [row] = await db()
        .select({ change: products.changeXid, stock: products.stockXid, stockQuantity: products.stockQuantity })
        .from(products)
        .where(eq(products.id, id));
      return row as { change: number; stock: number; stockQuantity: number };
    };
    const start = await syncAll(undefined, 100);
    const make = () =>
      createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, price: '10.00', stockQuantity: 5 });
    const sold = await make();
    const edited = await make();
    const untouched = await make();
    const afterCreate = await syncAll(start.next, 100);
    const before = await stamps(sold.id);
    const sale = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: sold.id, quantity: 2, price: 10 }],
        subtotal: 20,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 20,
        payment_method: 'card',
        amount_paid: 20,
        change: 0,
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const after = await stamps(sold.id);
    expect(after.stockQuantity).toBe(3);
    expect(after.change).toBe(before.change);
    expect(after.stock).toBeGreaterThan(before.change);
    // An edit stamps change_xid; an update that changes nothing stamps neither.
    const edit = await request(ctx.app, tokens.manager, {
      method: 'PATCH',
      url: `/api/products/${edited.id}`,
      payload: { name: 'Renamed for the sync' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await stamps(edited.id)).change).toBeGreaterThan(before.change);
    const quiet = await stamps(untouched.id);
    await db().update(products).set({ name: untouched.name }).where(eq(products.id, untouched.id));
    expect(await stamps(untouched.id)).toEqual(quiet);

    // Pages of one row: the sold product (by stock_xid) and the edited one (by change_xid) both arrive.
    const delta = await syncAll(afterCreate.next, 1);
    const byId = new Map(delta.items.map((i) => [i.id, i]));
    expect(byId.get(sold.id)).toMatchObject({ stockQuantity: 3 });
    expect(byId.get(edited.id)).toMatchObject({ name: 'Renamed for the sync' });
    if (engineName() === 'pglite') expect(byId.has(untouched.id)).toBe(false);
  });

  it('refuses a broken cursor and a limit above 5000 with 400', async () => {
    const bad = await get(`/api/sync/catalogue?branchId=${tenant.main.id}&cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid sync cursor: start a full sync without one');
    const big = await get(`/api/sync/catalogue?branchId=${tenant.main.id}&limit=5001`);
    expect(big.statusCode).toBe(400);
    expect((await get(`/api/sync/catalogue?branchId=${tenant.main.id}&limit=5000`)).statusCode).toBe(200);
  });

  it('syncs the branch customers (phone, name, email), then only the new and changed ones', async () => {
    const ana = await createCustomer(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Ana',
      phone: '0300-1',
      email: 'ana@example.com',
    });
    await createCustomer(db(), {
      companyId: tenant.company.id,
      branchId: tenant.second.id,
      name: 'Elsewhere',
      phone: '0300-9',
    });
    const res = await get(`/api/sync/customers?branchId=${tenant.main.id}`);
    expect(res.statusCode).toBe(200);
    const all = res.json().data;
    expect(all.customers).toEqual([
      {
        id: ana.id,
        name: 'Ana',
        phone: '0300-1',
        email: 'ana@example.com',
        creditBalance: 0,
        accountBalance: 0,
        creditLimit: 0,
      },
    ]);
    expect(all.hasMore).toBe(false);
    await request(ctx.app, tokens.manager, {
      method: 'PATCH',
      url: `/api/customers/${ana.id}`,
      payload: { name: 'Ana B' },
    });
    const bo = await createCustomer(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Bo',
      phone: '0300-2',
    });
    const delta = (await get(`/api/sync/customers?branchId=${tenant.main.id}&cursor=${all.nextCursor}`)).json().data;
    expect(delta.customers.map((c: { id: string; name: string }) => [c.id, c.name]).sort()).toEqual(
      [
        [ana.id, 'Ana B'],
        [bo.id, 'Bo'],
      ].sort(),
    );
  });

  it("a sale naming a known customer's phone leaves the customer's sync stamp as it was; an edit moves it", async () => {
    const known = await createCustomer(db(), { companyId: tenant.company.id, branchId: tenant.main.id, name: 'Kim' });
    const stamp = async () =>
      (await db().select({ x: customers.changeXid }).from(customers).where(eq(customers.id, known.id)))[0]?.x;
    const before = await stamp();
    const product = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const sale = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: product.id, quantity: 1, price: 80 }],
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
        customer: { phone: known.phone, name: 'Kim' },
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().data.customer).toMatchObject({ id: known.id });
    expect(await stamp()).toBe(before);
    await db().update(customers).set({ email: 'kim@example.com' }).where(eq(customers.id, known.id));
    expect(await stamp()).toBeGreaterThan(before ?? 0);
  });

  it('keeps the branch to its staff: another branch of a cashier is 404', async () => {
    expect((await get(`/api/sync/catalogue?branchId=${tenant.second.id}`)).statusCode).toBe(404);
    expect((await get(`/api/sync/catalogue?branchId=${tenant.second.id}`, tokens.manager)).statusCode).toBe(200);
  });
});
