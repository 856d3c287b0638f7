import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed/demo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, login } from '../helpers/factories';

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
        select p.name, p.stock_quantity as stock,
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
});
