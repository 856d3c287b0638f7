import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { scheduleEmbeddedMaintenance, vacuumAnalyzeAll } from '../../src/db/maintenance';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant } from '../helpers/factories';

describe(`embedded database maintenance (${engineName()})`, () => {
  let ctx: TestContext;
  let companyId: string;
  let branchId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const tenant = await createTenant(ctx.database.db);
    companyId = tenant.company.id;
    branchId = tenant.main.id;
  });
  afterAll(() => ctx.close());

  /** The planner's row count for a table: -1 until the table is first vacuumed or analyzed. */
  const plannerRows = async (table: string) => {
    const [row] = await queryRows<{ reltuples: number }>(
      ctx.database.db,
      sql`select reltuples::float8 as reltuples from pg_class where oid = ${table}::regclass`,
    );
    return Number(row?.reltuples);
  };

  it('vacuums and analyzes every table, so the planner knows how many rows they hold', async () => {
    for (let i = 0; i < 5; i++) await createProduct(ctx.database.db, { companyId, branchId });
    const tables = await vacuumAnalyzeAll(ctx.database.db);
    expect(tables).toEqual(expect.arrayContaining(['products', 'sales', 'sale_items', 'stock_movements']));
    expect(await plannerRows('products')).toBe(5);
  });

  it('runs on its schedule until stopped', async () => {
    for (let i = 0; i < 3; i++) await createProduct(ctx.database.db, { companyId, branchId });
    expect(await plannerRows('products')).toBe(5);
    const errors: unknown[] = [];
    const stop = scheduleEmbeddedMaintenance(ctx.database.db, {
      firstAfterMs: 0,
      intervalMs: 60_000,
      onError: (e) => errors.push(e),
    });
    try {
      for (let i = 0; i < 100 && (await plannerRows('products')) !== 8; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect(await plannerRows('products')).toBe(8);
    expect(errors).toEqual([]);
  });
});
