import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNameMarks } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCustomer, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';
import { expectPagesEqualOffset } from '../helpers/pages';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/**
 * The customers list's runs (migration 0027): each branch's order (name, id) cut into runs of
 * about 1,000 customers by kept marks, so any page is a walk of one run. Whatever writes customers (one
 * statement of thousands, a rename, a move, a delete, one by one), the marks count every run exactly
 * (invariant 8), and every page of the list is exactly OFFSET's page with the right total.
 */
describe(`customer runs (${engineName()})`, () => {
  let ctx: TestContext;
  let t: Tenant;
  let token: string;
  const db = () => ctx.database.db;

  /** Inserts `n` customers of the branch in one statement; names from `name` (an SQL expression of g). */
  async function insertMany(branchId: string, n: number, name: string, tag: string) {
    await db().execute(
      sql`insert into customers (company_id, branch_id, name, phone)
          select ${t.company.id}::uuid, ${branchId}::uuid, ${sql.raw(name)}, ${tag} || lpad(g::text, 7, '0')
          from generate_series(1, ${n}) g`,
    );
  }

  async function marks(branchId: string) {
    return db()
      .select({ name: customerNameMarks.name, customers: customerNameMarks.customers })
      .from(customerNameMarks)
      .where(and(eq(customerNameMarks.companyId, t.company.id), eq(customerNameMarks.branchId, branchId)))
      .orderBy(asc(customerNameMarks.name), asc(customerNameMarks.id));
  }

  async function expectListed(branchId: string, limit: number, search?: string) {
    const pattern = search ? `%${search}%` : undefined;
    return expectPagesEqualOffset({
      app: ctx.app,
      db: db(),
      token,
      url: `/api/customers?branchId=${branchId}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      table: 'customers',
      where: sql`company_id = ${t.company.id}::uuid and branch_id = ${branchId}::uuid
        ${pattern ? sql`and (name ilike ${pattern} or phone ilike ${pattern} or email ilike ${pattern})` : sql``}`,
      order: 'name, id',
      limit,
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    t = await createTenant(db());
    token = await login(ctx.app, t.admin.username);
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  it('a branch without customers has no marks and an empty list', async () => {
    expect(await marks(t.second.id)).toEqual([]);
    const res = await request(ctx.app, token, { url: `/api/customers?branchId=${t.second.id}&page=1&limit=10` });
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('4,500 customers in one statement: five runs from the first mark, every page as OFFSET', async () => {
    // Names in no order of insertion, 300 of them shared (the id breaks the tie).
    await insertMany(t.main.id, 4500, `'Name ' || md5((g % 4200)::text)`, '031');
    const cut = await marks(t.main.id);
    expect(cut[0]).toMatchObject({ name: '' });
    expect(cut.map((m) => m.customers)).toEqual([1000, 1000, 1000, 1000, 500]);
    expect(await checkInvariants(db())).toEqual([]);
    expect(await expectListed(t.main.id, 100)).toBe(4500);
  });

  it('a run grown past 2,000 is cut again; renames, moves and deletes count out of one run and into another', async () => {
    // 1,600 names right after a mark's name (hex: safe in the SQL): they land in one run, or two.
    const [, second] = await marks(t.main.id);
    expect(second?.name).toMatch(/^Name [0-9a-f]{32}$/);
    await insertMany(t.main.id, 1600, `'${second?.name}' || lpad(g::text, 5, '0')`, '032');
    expect((await marks(t.main.id)).every((m) => m.customers <= 2000)).toBe(true);
    expect(await checkInvariants(db())).toEqual([]);

    await db().execute(
      sql`update customers set name = 'Renamed ' || name
          where company_id = ${t.company.id}::uuid and branch_id = ${t.main.id}::uuid and phone like '031%' and phone < '0310000400'`,
    );
    await db().execute(
      sql`update customers set branch_id = ${t.second.id}::uuid
          where company_id = ${t.company.id}::uuid and branch_id = ${t.main.id}::uuid and phone like '032%' and phone < '0320000700'`,
    );
    await db().execute(
      sql`delete from customers
          where company_id = ${t.company.id}::uuid and branch_id = ${t.main.id}::uuid and phone like '031%' and phone > '0310004000'`,
    );
    // The sale's upsert of a known phone updates the row without moving it.
    await db().execute(
      sql`update customers set phone = phone where company_id = ${t.company.id}::uuid and phone = '0310000001'`,
    );
    for (let i = 0; i < 5; i += 1) await createCustomer(db(), { companyId: t.company.id, branchId: t.main.id });
    expect(await checkInvariants(db())).toEqual([]);

    expect(await expectListed(t.main.id, 100)).toBe(4500 + 1600 - 699 - 500 + 5);
    expect(await expectListed(t.second.id, 100)).toBe(699);
  });

  it('a search pages its matches as OFFSET does', async () => {
    expect(await expectListed(t.main.id, 50, 'Renamed Name a')).toBeGreaterThan(0);
  });
});
