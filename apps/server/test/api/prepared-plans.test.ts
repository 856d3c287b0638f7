import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { COMMIT_PLAIN_SALE } from '../../src/features/transactions/transactions.repo';
import { salePayload } from '../access/access-table';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, login, request } from '../helpers/factories';

/**
 * A fixed statement is prepared by name and planned once per connection (db/client.ts, PLAN_ONCE): its generic
 * plan. Left to PostgreSQL's cost comparison, the plain sale statement (a card sale without a customer) was
 * re-planned at every sale; PGlite's own queries are unnamed, parsed and planned at every run. One connection
 * in the pool (PGlite has one), so the sales and the look-up share it.
 */
describe(`the sale statement prepared by name (${engineName()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ DATABASE_POOL_MAX: '1' });
  });
  afterAll(() => ctx.close());

  it('is planned once, not at every sale', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const product = await createProduct(db, { companyId: tenant.company.id, branchId: tenant.main.id });
    const token = await login(ctx.app, tenant.cashier.username);
    const sales = 8;
    for (let i = 0; i < sales; i++) {
      const payload = salePayload(tenant.main.id, product);
      const res = await request(ctx.app, token, { method: 'POST', url: '/api/transactions', payload });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await queryRows<{ generic: number; custom: number }>(
      db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name = ${COMMIT_PLAIN_SALE.name}`,
    );
    expect(rows).toEqual([{ generic: sales, custom: 0 }]);
  });
});
