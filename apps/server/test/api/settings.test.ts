import { randomUUID } from 'node:crypto';
import { MSG, ROLE_IDS } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, branches } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createTenant, createUser, login, request } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

describe(`tax settings API (${engineName()})`, () => {
  let ctx: TestContext;
  let a: Tenant;
  let b: Tenant;
  let tokens: { adminA: string; managerA: string; cashierA: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    a = await createTenant(ctx.database.db);
    b = await createTenant(ctx.database.db);
    const [adminA, managerA, cashierA] = await Promise.all([
      login(ctx.app, a.admin.username),
      login(ctx.app, a.manager.username),
      login(ctx.app, a.cashier.username),
    ]);
    tokens = { adminA, managerA, cashierA };
  });
  afterAll(() => ctx.close());

  const getTax = (token: string, branchId: string) =>
    request(ctx.app, token, { url: `/api/settings/tax?branchId=${encodeURIComponent(branchId)}` });
  const postTax = (token: string, payload: unknown) =>
    request(ctx.app, token, { method: 'POST', url: '/api/settings/tax', payload });
  const storedRate = async (branchId: string) => {
    const [row] = await ctx.database.db
      .select({ taxRate: branches.taxRate })
      .from(branches)
      .where(eq(branches.id, branchId));
    return Number(row?.taxRate);
  };
  /** A fresh tenant so each test that writes starts from a known rate. */
  const freshTenant = async () => {
    const tenant = await createTenant(ctx.database.db);
    return { tenant, token: await login(ctx.app, tenant.admin.username) };
  };

  describe('GET /settings/tax', () => {
    it('answers { success, data: { branchId, taxRate } } with 0 for a new branch', async () => {
      const res = await getTax(tokens.adminA, a.main.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { branchId: a.main.id, taxRate: 0 } });
    });

    it('answers any in-scope user: Manager for any branch of the company, Cashier for their branch', async () => {
      expect((await getTax(tokens.managerA, a.main.id)).statusCode).toBe(200);
      expect((await getTax(tokens.managerA, a.second.id)).statusCode).toBe(200);
      expect((await getTax(tokens.cashierA, a.main.id)).statusCode).toBe(200);
    });

    it("answers 404 for a branch outside the user's scope", async () => {
      for (const token of [tokens.adminA, tokens.managerA, tokens.cashierA]) {
        expect((await getTax(token, b.main.id)).statusCode).toBe(404);
      }
      // A Cashier is fixed to their branch.
      expect((await getTax(tokens.cashierA, a.second.id)).statusCode).toBe(404);
      expect((await getTax(tokens.adminA, randomUUID())).statusCode).toBe(404);
    });

    it('answers 400 without a branchId or with one that is not a uuid', async () => {
      expect((await request(ctx.app, tokens.adminA, { url: '/api/settings/tax' })).statusCode).toBe(400);
      expect((await getTax(tokens.adminA, 'main')).statusCode).toBe(400);
      expect((await getTax(tokens.adminA, `${a.main.id}' or '1'='1`)).statusCode).toBe(400);
    });

    it('answers 401 without a token', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/settings/tax?branchId=${a.main.id}` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /settings/tax', () => {
    it('lets a Super Admin set the rate of one branch, which GET then answers, leaving other branches alone', async () => {
      const { tenant, token } = await freshTenant();
      const res = await postTax(token, { taxRate: 17.5, branchId: tenant.main.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { branchId: tenant.main.id, taxRate: 17.5 } });
      expect((await getTax(token, tenant.main.id)).json().data.taxRate).toBe(17.5);
      const managerToken = await login(ctx.app, tenant.manager.username);
      expect((await getTax(managerToken, tenant.main.id)).json().data.taxRate).toBe(17.5);
      expect((await getTax(token, tenant.second.id)).json().data.taxRate).toBe(0);
      expect(await storedRate(tenant.main.id)).toBe(17.5);
    });

    it('accepts the bounds 0 and 100', async () => {
      const { tenant, token } = await freshTenant();
      expect((await postTax(token, { taxRate: 100, branchId: tenant.main.id })).statusCode).toBe(200);
      expect(await storedRate(tenant.main.id)).toBe(100);
      expect((await postTax(token, { taxRate: 0, branchId: tenant.main.id })).statusCode).toBe(200);
      expect(await storedRate(tenant.main.id)).toBe(0);
    });

    it('writes an audit row with who, before and after', async () => {
      const { tenant, token } = await freshTenant();
      await postTax(token, { taxRate: 5, branchId: tenant.second.id });
      await postTax(token, { taxRate: 12.25, branchId: tenant.second.id });
      const rows = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, tenant.company.id), eq(auditLogs.action, 'settings.tax')));
      expect(rows).toHaveLength(2);
      const last = rows.find((r) => (r.after as { taxRate: number }).taxRate === 12.25);
      expect(last).toMatchObject({
        userId: tenant.admin.id,
        branchId: tenant.second.id,
        entityId: tenant.second.id,
        before: { taxRate: 5 },
        after: { taxRate: 12.25 },
      });
      expect(last?.createdAt).toBeInstanceOf(Date);
    });

    it('keeps the audit trail a chain when updates race: each before is the previous after', async () => {
      const { tenant, token } = await freshTenant();
      const rates = [1, 2, 3, 4, 5, 6];
      const results = await Promise.all(rates.map((taxRate) => postTax(token, { taxRate, branchId: tenant.main.id })));
      expect(results.map((r) => r.statusCode)).toEqual(rates.map(() => 200));
      const rows = await ctx.database.db
        .select({ before: auditLogs.before, after: auditLogs.after })
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, tenant.company.id), eq(auditLogs.action, 'settings.tax')));
      const byValue = (x: number, y: number) => x - y;
      const befores = rows.map((r) => (r.before as { taxRate: number }).taxRate).sort(byValue);
      const afters = rows.map((r) => (r.after as { taxRate: number }).taxRate);
      const final = await storedRate(tenant.main.id);
      // Starting from 0, the befores are 0 plus every after except the final rate.
      expect(befores).toEqual([0, ...afters.filter((r) => r !== final)].sort(byValue));
    });

    it('refuses a Manager and a Cashier with 403 and keeps the rate', async () => {
      const { tenant, token } = await freshTenant();
      await postTax(token, { taxRate: 8, branchId: tenant.main.id });
      for (const user of [tenant.manager, tenant.cashier]) {
        const res = await postTax(await login(ctx.app, user.username), { taxRate: 50, branchId: tenant.main.id });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      expect(await storedRate(tenant.main.id)).toBe(8);
    });

    it("answers 404 for another company's branch, also to a Super Admin who is not a member, and changes nothing", async () => {
      const res = await postTax(tokens.adminA, { taxRate: 42, branchId: b.main.id });
      expect(res.statusCode).toBe(404);
      // A Manager may not set tax at all: 403 whatever the branch.
      expect((await postTax(tokens.managerA, { taxRate: 42, branchId: b.main.id })).statusCode).toBe(403);
      expect((await postTax(tokens.adminA, { taxRate: 42, branchId: randomUUID() })).statusCode).toBe(404);
      expect(await storedRate(b.main.id)).toBe(0);
    });

    it('lets the super user set any branch', async () => {
      const { tenant } = await freshTenant();
      const operator = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin, isSuperUser: true });
      const res = await postTax(await login(ctx.app, operator.username), { taxRate: 3, branchId: tenant.main.id });
      expect(res.statusCode).toBe(200);
      expect(await storedRate(tenant.main.id)).toBe(3);
    });

    it.each([
      ['a missing rate', {}, MSG.taxRequired],
      ['a null rate', { taxRate: null }, MSG.taxRequired],
      ['an empty string', { taxRate: '' }, MSG.taxRequired],
      ['a numeric string', { taxRate: '5' }, MSG.taxRequired],
      ['a negative rate', { taxRate: -0.01 }, MSG.taxNegative],
      ['a rate above 100', { taxRate: 100.01 }, MSG.taxMax],
      ['a huge rate', { taxRate: 1e308 }, MSG.taxMax],
    ])('answers 400 for %s with the spec message', async (_label, body, message) => {
      const res = await postTax(tokens.adminA, { branchId: a.main.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { taxRate: message } });
    });

    it.each([
      ['a missing branchId', { taxRate: 5 }],
      ['a branchId that is not a uuid', { taxRate: 5, branchId: 'main' }],
      ['a numeric branchId', { taxRate: 5, branchId: 7 }],
    ])('answers 400 for %s', async (_label, payload) => {
      const res = await postTax(tokens.adminA, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('branchId');
    });

    it.each([
      ['malformed JSON', '{"taxRate": 5,'],
      [
        'a number literal too large for a double',
        '{"taxRate": 1e400, "branchId": "00000000-0000-4000-8000-000000000000"}',
      ],
      ['a JSON array', '[5]'],
    ])('answers 400 for %s', async (_label, body) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/tax',
        headers: { authorization: `Bearer ${tokens.adminA}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    });
  });
});
