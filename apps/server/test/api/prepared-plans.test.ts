import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';
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

  // PostgreSQL: each new pooled connection is set before the pool hands it out (onConnect), so the caller's first
  // statement runs alone on it. Sent from the pool's 'connect' event, the `set` was still running when that first
  // statement came, which node-postgres deprecates (a warning in the server's log at every start).
  it.runIf(engineName() === 'postgresql')(
    'holds on a new pooled connection from its first statement, with none queued before it',
    async () => {
      const query = pg.Client.prototype.query;
      const queuedBehind: unknown[] = [];
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] },
        ...args: unknown[]
      ) {
        if (this._activeQuery || this._queryQueue.length > 0) queuedBehind.push(args[0]);
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query);
      // A pool of its own on the same database: its one idle connection (the migration's) is fewer than the
      // queries run at once, so new connections are opened for them.
      const { connectionString } = (ctx.database.db as unknown as { $client: pg.Pool }).$client.options;
      let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
      try {
        database = await openDatabase({ databaseUrl: connectionString, poolMax: 4 });
        const { db } = database;
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            queryRows<{ mode: string }>(
              db,
              sql`select current_setting('plan_cache_mode') as mode, pg_sleep(0.05) is not null as slept`,
            ),
          ),
        );
        expect(answers.map(([row]) => row?.mode)).toEqual(Array(4).fill('force_generic_plan'));
        expect(queuedBehind).toEqual([]);
      } finally {
        spy.mockRestore();
        await database?.close();
      }
    },
  );
});
