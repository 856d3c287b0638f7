import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed/demo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, login } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

describe(`demo data (${engineName()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.database.db, { timezone: 'Asia/Karachi' });
  });
  afterAll(() => ctx.close());

  it("keeps every product's stock equal to the signed sum of its movements, never below 0 on the way", async () => {
    const rows = await queryRows<{ name: string; stock: number; ledger: string; lowest: number | null }>(
      ctx.database.db,
      sql`
        select p.name, p.stock_quantity::float8 as stock,
               coalesce(sum(case when m.direction = 'in' then m.quantity else -m.quantity end), 0) as ledger,
               min(m.new_quantity) as lowest
        from products p left join stock_movements m on m.company_id = p.company_id and m.product_id = p.id
        group by p.company_id, p.id, p.name, p.stock_quantity`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.ledger), row.name).toBe(row.stock);
      if (row.lowest !== null) expect(Number(row.lowest), row.name).toBeGreaterThanOrEqual(0);
    }
  });

  it('chains each movement from the previous quantity to the new one', async () => {
    const broken = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`
        select count(*) as n from (
          select new_quantity, previous_quantity,
                 lag(new_quantity) over (partition by company_id, product_id order by created_at, id) as before
          from stock_movements) m
        where m.before is not null and m.before <> m.previous_quantity`,
    );
    expect(Number(broken[0]?.n)).toBe(0);
  });

  it('has three weeks of sales with unique receipt numbers and a few returns, visible to the manager', async () => {
    const [counts] = await queryRows<{ sales: string; receipts: string; returns: string; days: string }>(
      ctx.database.db,
      sql`
        select (select count(*) from sales) as sales,
               (select count(distinct (branch_id, receipt_number)) from sales) as receipts,
               (select count(*) from returns) as returns,
               (select count(distinct date_trunc('day', created_at)) from sales) as days`,
    );
    expect(Number(counts?.sales)).toBeGreaterThan(100);
    expect(counts?.receipts).toBe(counts?.sales);
    expect(Number(counts?.returns)).toBeGreaterThan(0);
    expect(Number(counts?.days)).toBeGreaterThanOrEqual(20);

    const token = await login(ctx.app, 'manager', 'Demo1234');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().data;
    const branchId = me.company[0].branches.find((b: { isMain: boolean }) => b.isMain).id;
    const analytics = await ctx.app.inject({
      method: 'GET',
      url: `/api/transactions/analytics?branchId=${branchId}`,
      headers: bearer(token),
    });
    const figures = analytics.json().data;
    expect(figures.grossTransactions).toBeGreaterThan(50);
    expect(figures.totalReturns).toBeGreaterThan(0);
    expect(figures.netRevenue).toBeLessThan(figures.grossRevenue);
  });

  it('is one catalogue: a product of both branches is one variant; the T-shirt has three sizes, M two barcodes', async () => {
    const listings = await queryRows<{ sku: string; branches: number; variants: number }>(
      ctx.database.db,
      sql`select sku, count(distinct branch_id)::int as branches, count(distinct variant_id)::int as variants
          from products where deleted_at is null group by sku order by sku`,
    );
    expect(listings.length).toBeGreaterThan(10);
    for (const l of listings) expect([l.sku, l.branches, l.variants]).toEqual([l.sku, 2, 1]);
    // One set of categories, each shown in both branches.
    const [categories] = await queryRows<{ names: number; rows: number }>(
      ctx.database.db,
      sql`select count(distinct name)::int as names, count(*)::int as rows from categories`,
    );
    expect(categories?.rows).toBe(categories?.names);

    const token = await login(ctx.app, 'admin', 'Demo1234');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().data;
    const company = me.company[0];
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/items?companyId=${company.id}&search=T-Shirt`,
      headers: bearer(token),
    });
    const [tee] = found.json().data;
    const item = (await ctx.app.inject({ method: 'GET', url: `/api/items/${tee.id}`, headers: bearer(token) })).json()
      .data;
    expect(
      item.variants.map((v: { name: string; barcodes: { code: string }[]; listings: { price: number }[] }) => [
        v.name,
        v.barcodes.map((b) => b.code),
        v.listings.map((l) => l.price).sort(),
      ]),
    ).toEqual([
      ['T-Shirt / S', ['8901234500019'], [799, 799]],
      ['T-Shirt / M', ['8901234500026', '8901234500101'], [799, 849]],
      ['T-Shirt / L', ['8901234500033'], [799, 799]],
    ]);
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
