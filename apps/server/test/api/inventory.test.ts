import { randomUUID } from 'node:crypto';
import { computeCartTotals } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditLogs, products, stockMovements } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBranch,
  createCategory,
  createCompany,
  createProduct,
  createTenant,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';
import { expectPagesEqualOffset } from '../helpers/pages';

describe(`inventory (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { admin: string; manager: string; cashier: string };
  let other: { branchId: string; productId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db, { shifts: true });
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    const company = await createCompany(ctx.database.db);
    const branch = await createBranch(ctx.database.db, { companyId: company.id, isMain: true });
    const product = await createProduct(ctx.database.db, { companyId: company.id, branchId: branch.id });
    other = { branchId: branch.id, productId: product.id };
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const get = (token: string, url: string) => request(ctx.app, token, { url });
  const adjust = (token: string, payload: unknown) =>
    request(ctx.app, token, { method: 'POST', url: '/api/inventory/adjustments', payload });

  async function stockOf(productId: string) {
    const [row] = await db()
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.companyId, tenant.company.id), eq(products.id, productId)));
    return row?.stock;
  }

  async function signedLedger(productId: string) {
    const [row] = await db()
      .select({
        signed: sql<string>`coalesce(sum(case when ${stockMovements.direction} = 'in' then ${stockMovements.quantity} else -${stockMovements.quantity} end), 0)`,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, tenant.company.id), eq(stockMovements.productId, productId)));
    return Number(row?.signed);
  }

  describe('GET /inventory/stock', () => {
    let branchId: string;
    let categoryId: string;

    beforeAll(async () => {
      const branch = await createBranch(db(), { companyId: tenant.company.id });
      branchId = branch.id;
      const parent = await createCategory(db(), {
        companyId: tenant.company.id,
        branchIds: [branchId],
        name: 'Drinks',
      });
      const child = await createCategory(db(), {
        companyId: tenant.company.id,
        branchIds: [branchId],
        name: 'Soda',
        parentId: parent.id,
      });
      categoryId = parent.id;
      const make = (name: string, stockQuantity: number, extra: Record<string, unknown> = {}) =>
        createProduct(db(), {
          companyId: tenant.company.id,
          branchId,
          name,
          sku: `SKU-${name.replaceAll(' ', '')}`,
          stockQuantity,
          lowStockThreshold: 5,
          maxStock: 100,
          cost: '2.50',
          ...extra,
        });
      await make('Apple Juice', 0, { categoryId: parent.id }); // out (and low)
      await make('Banana', 3); // low
      await make('Cola', 50, { categoryId: child.id }); // normal
      await make('Dates', 100); // over
      await make('Eggs', 5); // low (at the threshold)
      await make('Flour', 120); // over
      await make('Gone', 7, { deletedAt: new Date() }); // deleted: never listed
    });

    const list = (query: string, token = tokens.manager) =>
      get(token, `/api/inventory/stock?branchId=${branchId}${query}`);

    it('pages the live products by name with their status and meta', async () => {
      const res = await list('&limit=4');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.meta).toEqual({ total: 6, page: 1, limit: 4, totalPages: 2 });
      expect(body.data.map((r: { name: string }) => r.name)).toEqual(['Apple Juice', 'Banana', 'Cola', 'Dates']);
      expect(body.data.map((r: { status: string }) => r.status)).toEqual(['out', 'low', 'normal', 'over']);
      expect(body.data[0].category).toEqual({ id: categoryId, name: 'Drinks' });
      expect(body.data[1].category).toBeNull();
      const page2 = (await list('&limit=4&page=2')).json();
      expect(page2.data.map((r: { name: string }) => r.name)).toEqual(['Eggs', 'Flour']);
    });

    it('filters by stock status, lowStock, search and category (with subcategories)', async () => {
      const names = async (query: string) =>
        (await list(query)).json().data.map((r: { name: string }) => r.name) as string[];
      expect(await names('&stockStatus=low')).toEqual(['Apple Juice', 'Banana', 'Eggs']);
      expect(await names('&lowStock=true&limit=10')).toEqual(['Apple Juice', 'Banana', 'Eggs']);
      expect(await names('&stockStatus=out')).toEqual(['Apple Juice']);
      expect(await names('&stockStatus=over')).toEqual(['Dates', 'Flour']);
      expect(await names('&stockStatus=normal')).toEqual(['Cola']);
      expect(await names('&stockStatus=all')).toHaveLength(6);
      expect(await names('&search=an')).toEqual(['Banana']);
      expect(await names('&search=sku-col')).toEqual(['Cola']);
      expect(await names(`&categoryId=${categoryId}`)).toEqual(['Apple Juice', 'Cola']);
      expect(await names(`&categoryId=${categoryId}&stockStatus=low`)).toEqual(['Apple Juice']);
    });

    it('shows cost and stockValue to managers, never to a cashier', async () => {
      const manager = (await list('&search=dates')).json().data[0];
      expect(manager).toMatchObject({ cost: 2.5, stockValue: 250, stockQuantity: 100, maxStock: 100 });
      const cashierBranchRes = await get(tokens.cashier, `/api/inventory/stock?branchId=${tenant.main.id}`);
      expect(cashierBranchRes.statusCode).toBe(200);
      await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, name: 'Main Item' });
      const cashierRows = (await get(tokens.cashier, `/api/inventory/stock?branchId=${tenant.main.id}`)).json().data;
      expect(cashierRows.length).toBeGreaterThan(0);
      for (const row of cashierRows) {
        expect(row).not.toHaveProperty('cost');
        expect(row).not.toHaveProperty('stockValue');
      }
    });

    it('answers 404 for another branch of a cashier and another company, 400 for bad queries', async () => {
      expect((await list('', tokens.cashier)).statusCode).toBe(404);
      expect((await get(tokens.admin, `/api/inventory/stock?branchId=${other.branchId}`)).statusCode).toBe(404);
      expect((await get(tokens.manager, `/api/inventory/stock?branchId=${randomUUID()}`)).statusCode).toBe(404);
      expect((await get(tokens.manager, '/api/inventory/stock')).statusCode).toBe(400);
      expect((await list('&stockStatus=bogus')).statusCode).toBe(400);
      expect((await list('&limit=101')).statusCode).toBe(400);
      expect((await list('&categoryId=nope')).statusCode).toBe(400);
      expect((await request(ctx.app, undefined, { url: `/api/inventory/stock?branchId=${branchId}` })).statusCode).toBe(
        401,
      );
    });
  });

  describe('POST /inventory/adjustments', () => {
    it('sets the counted quantity: one adjustment movement, an audit row, the message', async () => {
      const p = await createProduct(db(), {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        stockQuantity: 20,
      });
      const up = await adjust(tokens.manager, {
        productId: p.id,
        branchId: tenant.main.id,
        newQuantity: 25,
        reason: '  Recount  ',
      });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({
        success: true,
        message: 'Stock increased by 5 units successfully',
        data: { previousQuantity: 20, newQuantity: 25, difference: 5, product: { id: p.id, stockQuantity: 25 } },
      });
      expect(up.json().data.product).toHaveProperty('stockValue', 1250);

      const down = await adjust(tokens.admin, {
        productId: p.id,
        branchId: tenant.main.id,
        newQuantity: 22,
        reason: 'Damaged',
      });
      expect(down.statusCode).toBe(200);
      expect(down.json().message).toBe('Stock decreased by 3 units successfully');
      expect(down.json().data).toMatchObject({ previousQuantity: 25, newQuantity: 22, difference: -3 });

      const movements = await db()
        .select()
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.companyId, tenant.company.id),
            eq(stockMovements.productId, p.id),
            eq(stockMovements.movementType, 'adjustment'),
          ),
        )
        .orderBy(stockMovements.createdAt);
      expect(movements).toHaveLength(2);
      expect(movements[0]).toMatchObject({
        direction: 'in',
        quantity: 5,
        previousQuantity: 20,
        newQuantity: 25,
        reason: 'Recount',
        userId: tenant.manager.id,
        branchId: tenant.main.id,
      });
      expect(movements[1]).toMatchObject({ direction: 'out', quantity: 3, previousQuantity: 25, newQuantity: 22 });
      expect(await stockOf(p.id)).toBe(22);
      expect(await signedLedger(p.id)).toBe(22);

      const audits = await db()
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.companyId, tenant.company.id),
            eq(auditLogs.entityId, p.id),
            eq(auditLogs.action, 'stock.adjust'),
          ),
        );
      expect(audits).toHaveLength(2);
      const first = audits.find((a) => a.userId === tenant.manager.id);
      expect(first?.before).toEqual({ stockQuantity: 20 });
      expect(first?.after).toMatchObject({ stockQuantity: 25, difference: 5, reason: 'Recount' });

      const history = (
        await get(tokens.cashier, `/api/inventory/movements?branchId=${tenant.main.id}&productId=${p.id}`)
      ).json();
      expect(history.meta.total).toBe(3);
      expect(history.data[0]).toMatchObject({
        movementType: 'adjustment',
        direction: 'out',
        quantity: 3,
        previousQuantity: 25,
        newQuantity: 22,
        reason: 'Damaged',
        userName: tenant.admin.name,
        product: { id: p.id, name: p.name, sku: p.sku },
      });
      expect(history.data[2].movementType).toBe('initial_stock');
    });

    it('a decrease to 0 is allowed; the same quantity is a 400', async () => {
      const p = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, stockQuantity: 4 });
      const res = await adjust(tokens.manager, {
        productId: p.id,
        branchId: tenant.main.id,
        newQuantity: 0,
        reason: 'Lost',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.product.status).toBe('out');
      const same = await adjust(tokens.manager, {
        productId: p.id,
        branchId: tenant.main.id,
        newQuantity: 0,
        reason: 'Again',
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toBe('Stock is already at that quantity');
    });

    it('validates the body (400), forbids a cashier (403), hides other scopes (404)', async () => {
      const p = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
      const base = { productId: p.id, branchId: tenant.main.id, newQuantity: 30, reason: 'Count' };
      for (const bad of [
        { ...base, reason: '   ' },
        { ...base, reason: undefined },
        { ...base, reason: 'x'.repeat(501) },
        { ...base, newQuantity: -1 },
        { ...base, newQuantity: 1.5 },
        { ...base, newQuantity: '7' },
        { ...base, productId: 'nope' },
        { ...base, branchId: undefined },
      ]) {
        const res = await adjust(tokens.manager, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().success).toBe(false);
      }
      expect((await adjust(tokens.cashier, base)).statusCode).toBe(403);
      // Another company's branch and product, a product of another branch, an unknown product.
      expect(
        (await adjust(tokens.admin, { ...base, branchId: other.branchId, productId: other.productId })).statusCode,
      ).toBe(404);
      expect((await adjust(tokens.admin, { ...base, productId: other.productId })).statusCode).toBe(404);
      expect((await adjust(tokens.manager, { ...base, branchId: tenant.second.id })).statusCode).toBe(404);
      expect((await adjust(tokens.manager, { ...base, productId: randomUUID() })).statusCode).toBe(404);
      // A cashier may not adjust stock at all: 403 whatever the branch (it tells them nothing about it).
      expect((await adjust(tokens.cashier, { ...base, branchId: tenant.second.id })).statusCode).toBe(403);
      expect(await stockOf(p.id)).toBe(20);
    });

    it('an adjustment concurrent with sales leaves stock equal to initial plus the sum of movements', async () => {
      const p = await createProduct(db(), {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        price: '10.00',
        stockQuantity: 100,
      });
      const items = [{ product_id: p.id, quantity: 2, price: 10 }];
      const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
      const sale = {
        branchId: tenant.main.id,
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
        ...Array.from({ length: 10 }, () =>
          request(ctx.app, tokens.cashier, { method: 'POST', url: '/api/transactions', payload: sale }),
        ),
        ...[150, 60, 90].map((newQuantity) =>
          adjust(tokens.manager, { productId: p.id, branchId: tenant.main.id, newQuantity, reason: 'Stock take' }),
        ),
      ]);
      const sales = results.slice(0, 10);
      const adjustments = results.slice(10);
      for (const res of sales) expect([201, 409]).toContain(res.statusCode);
      for (const res of adjustments) expect([200, 400]).toContain(res.statusCode);
      expect(sales.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);

      const stock = await stockOf(p.id);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(await signedLedger(p.id)).toBe(stock);

      // Every movement continues from where another left off: the quantities moved from (plus the final
      // stock) are exactly the quantities moved to (plus the 0 the product started from).
      const chain = await db()
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.companyId, tenant.company.id), eq(stockMovements.productId, p.id)));
      const adjustmentsWritten = chain.filter((m) => m.movementType === 'adjustment');
      expect(adjustmentsWritten).toHaveLength(adjustments.filter((r) => r.statusCode === 200).length);
      for (const m of chain) {
        expect(m.newQuantity - m.previousQuantity).toBe(m.direction === 'in' ? m.quantity : -m.quantity);
      }
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      expect(sorted([...chain.map((m) => m.previousQuantity), stock ?? -1])).toEqual(
        sorted([0, ...chain.map((m) => m.newQuantity)]),
      );
    });
  });

  describe('GET /inventory/movements', () => {
    let branchId: string;
    let productIds: string[];

    beforeAll(async () => {
      const branch = await createBranch(db(), { companyId: tenant.company.id, timezone: 'Asia/Karachi' });
      branchId = branch.id;
      const a = await createProduct(db(), { companyId: tenant.company.id, branchId, name: 'Alpha', stockQuantity: 10 });
      const b = await createProduct(db(), { companyId: tenant.company.id, branchId, name: 'Beta', stockQuantity: 0 });
      productIds = [a.id, b.id];
      // Karachi is UTC+5: 2024-03-01 23:30 local is 18:30Z; 2024-03-02 00:30 local is 2024-03-01 19:30Z.
      const at = (iso: string) => new Date(iso);
      await db()
        .insert(stockMovements)
        .values([
          {
            companyId: tenant.company.id,
            branchId,
            productId: b.id,
            movementType: 'purchase',
            direction: 'in',
            quantity: 5,
            previousQuantity: 0,
            newQuantity: 5,
            createdAt: at('2024-03-01T18:30:00Z'),
          },
          {
            companyId: tenant.company.id,
            branchId,
            productId: b.id,
            movementType: 'damage',
            direction: 'out',
            quantity: 2,
            previousQuantity: 5,
            newQuantity: 3,
            createdAt: at('2024-03-01T19:30:00Z'),
          },
        ]);
      // Beta's stock follows its movements (the ledger invariant checked at the end of this file).
      await db()
        .update(products)
        .set({ stockQuantity: 3 })
        .where(and(eq(products.companyId, tenant.company.id), eq(products.id, b.id)));
      await db()
        .update(stockMovements)
        .set({ createdAt: at('2024-02-01T00:00:00Z') })
        .where(and(eq(stockMovements.companyId, tenant.company.id), eq(stockMovements.productId, a.id)));
    });

    const list = (query: string, token = tokens.manager) =>
      get(token, `/api/inventory/movements?branchId=${branchId}${query}`);

    it('lists newest first with product, type and direction, paged', async () => {
      const res = await list('&limit=2');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(body.data.map((m: { movementType: string }) => m.movementType)).toEqual(['damage', 'purchase']);
      expect(body.data[0]).toMatchObject({
        direction: 'out',
        quantity: 2,
        previousQuantity: 5,
        newQuantity: 3,
        product: { id: productIds[1], name: 'Beta' },
        createdAt: '2024-03-01T19:30:00.000Z',
      });
      expect((await list('&limit=2&page=2')).json().data[0].movementType).toBe('initial_stock');
    });

    it('filters by product, type and local dates (inclusive, branch time zone)', async () => {
      const types = async (query: string) =>
        (await list(query)).json().data.map((m: { movementType: string }) => m.movementType) as string[];
      expect(await types(`&productId=${productIds[0]}`)).toEqual(['initial_stock']);
      expect(await types('&movementType=purchase')).toEqual(['purchase']);
      expect(await types('&startDate=2024-03-01&endDate=2024-03-01')).toEqual(['purchase']);
      expect(await types('&startDate=2024-03-02')).toEqual(['damage']);
      expect(await types('&endDate=2024-02-29')).toEqual(['initial_stock']);
      expect(await types('&movementType=all&productId=')).toHaveLength(3);
    });

    it('rejects bad filters (400) and other scopes (404)', async () => {
      expect((await list('&movementType=theft')).statusCode).toBe(400);
      expect((await list('&startDate=2024-02-30')).statusCode).toBe(400);
      expect((await list('&startDate=2024-03-02&endDate=2024-03-01')).statusCode).toBe(400);
      expect((await list('&productId=nope')).statusCode).toBe(400);
      expect((await list('', tokens.cashier)).statusCode).toBe(404);
      expect((await get(tokens.admin, `/api/inventory/movements?branchId=${other.branchId}`)).statusCode).toBe(404);
    });
  });

  /**
   * The movements list counts and seeks from stock_movements_daily (migration 0023, lib/keyset.repo.ts):
   * the kept counts equal the ledger after writes of several types (through the API and straight into
   * the table, some without a user, updated and deleted rows included), every total equals count(*),
   * and every page from either end equals OFFSET's page, across days and with each filter.
   */
  describe('GET /inventory/movements: kept counts and deep pages', () => {
    let branchId: string;
    let productIds: string[];

    const keptCounts = async () =>
      queryRows<{ key: string; n: number }>(
        db(),
        sql`select day::text || ' ' || movement_type || ' ' || user_id::text as key, movements as n
            from stock_movements_daily where company_id = ${tenant.company.id} and branch_id = ${branchId}
            and movements <> 0 order by 1`,
      );
    const ledgerCounts = async () =>
      queryRows<{ key: string; n: number }>(
        db(),
        sql`select ((created_at at time zone 'America/New_York')::date)::text || ' ' || movement_type || ' ' ||
                   coalesce(user_id, '00000000-0000-0000-0000-000000000000')::text as key, count(*)::int as n
            from stock_movements where company_id = ${tenant.company.id} and branch_id = ${branchId}
            group by 1 order by 1`,
      );

    beforeAll(async () => {
      // New York: UTC-5 in January, so 03:00Z is the evening of the day before.
      const branch = await createBranch(db(), { companyId: tenant.company.id, timezone: 'America/New_York' });
      branchId = branch.id;
      const made = [];
      for (const name of ['Gamma', 'Delta', 'Epsilon']) {
        made.push(await createProduct(db(), { companyId: tenant.company.id, branchId, name, stockQuantity: 50 }));
      }
      productIds = made.map((p) => p.id);
      const types = ['purchase', 'sale', 'return', 'transfer_in', 'expiry'] as const;
      const rows: (typeof stockMovements.$inferInsert)[] = [];
      for (let i = 0; i < 41; i += 1) {
        const type = types[i % types.length] ?? 'sale';
        rows.push({
          companyId: tenant.company.id,
          branchId,
          productId: productIds[i % 3] ?? '',
          movementType: type,
          direction: type === 'sale' || type === 'expiry' ? 'out' : 'in',
          quantity: 1,
          previousQuantity: 0,
          newQuantity: 0,
          userId: i % 4 === 0 ? null : tenant.manager.id,
          // Two movements to an instant (ids order them), one every 7 hours over twelve days.
          createdAt: new Date(Date.UTC(2024, 0, 3, 3) + Math.floor(i / 2) * 7 * 3_600_000),
        });
      }
      await db().insert(stockMovements).values(rows.slice(0, 20));
      await db().insert(stockMovements).values(rows.slice(20));
    });

    it('keeps the counts equal to the ledger through inserts, API writes, updates and deletes', async () => {
      expect(await keptCounts()).toEqual(await ledgerCounts());
      const productId = productIds[0];
      expect(
        (await adjust(tokens.manager, { branchId, productId, newQuantity: 70, reason: 'Recount' })).statusCode,
      ).toBe(200);
      const writeOff = await request(ctx.app, tokens.manager, {
        method: 'POST',
        url: '/api/inventory/write-offs',
        payload: { branchId, productId, type: 'damage', quantity: 2, reason: 'Broken' },
      });
      expect(writeOff.statusCode, writeOff.body).toBe(201);
      expect(await keptCounts()).toEqual(await ledgerCounts());
      // The ledger is append-only in the application; the counts follow a moved day and a removed row anyway.
      await db().execute(
        sql`update stock_movements set created_at = created_at - interval '3 days'
            where company_id = ${tenant.company.id} and branch_id = ${branchId} and movement_type = 'return'`,
      );
      await db().execute(
        sql`delete from stock_movements where company_id = ${tenant.company.id} and id = (
              select id from stock_movements where company_id = ${tenant.company.id} and branch_id = ${branchId}
              and movement_type = 'transfer_in' order by created_at, id limit 1)`,
      );
      expect(await keptCounts()).toEqual(await ledgerCounts());
      // Stock follows the ledger again (the invariant at the end of this file).
      await db().execute(
        sql`update products p set stock_quantity = (
              select coalesce(sum(case when m.direction = 'in' then m.quantity else -m.quantity end), 0)
              from stock_movements m where m.company_id = p.company_id and m.product_id = p.id)
            where p.company_id = ${tenant.company.id} and p.branch_id = ${branchId}`,
      );
    });

    it("every total equals count(*) and every page equals OFFSET's page, from either end, with each filter", async () => {
      const base = sql`company_id = ${tenant.company.id} and branch_id = ${branchId}`;
      const local = (bound: string) => sql`(${bound}::date)::timestamp at time zone 'America/New_York'`;
      const cases = [
        { query: '', where: base },
        { query: '&movementType=sale', where: sql`${base} and movement_type = 'sale'` },
        {
          query: '&startDate=2024-01-04&endDate=2024-01-09',
          where: sql`${base} and created_at >= ${local('2024-01-04')} and created_at < ${local('2024-01-10')}`,
        },
        {
          query: '&movementType=purchase&endDate=2024-01-10',
          where: sql`${base} and movement_type = 'purchase' and created_at < ${local('2024-01-11')}`,
        },
        { query: `&productId=${productIds[1]}`, where: sql`${base} and product_id = ${productIds[1]}` },
        {
          query: `&productId=${productIds[2]}&startDate=2024-01-05`,
          where: sql`${base} and product_id = ${productIds[2]} and created_at >= ${local('2024-01-05')}`,
        },
      ];
      for (const c of cases) {
        for (const limit of [3, 4]) {
          const total = await expectPagesEqualOffset({
            app: ctx.app,
            db: db(),
            token: tokens.manager,
            url: `/api/inventory/movements?branchId=${branchId}${c.query}`,
            table: 'stock_movements',
            where: c.where,
            order: 'created_at desc, id desc',
            limit,
          });
          expect(total, c.query).toBeGreaterThan(limit);
        }
      }
    });
  });

  it('the data invariants hold at the end (stock ledger, sale and refund totals, receipts, daily totals)', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
