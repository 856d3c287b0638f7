import { randomUUID } from 'node:crypto';
import { MSG, ROLE_IDS } from '@pos/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, companies, companyMembers } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createBranch, createCompany, createTenant, createUser, login, request } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Item = { id: string };
const ids = (items: Item[]) => items.map((i) => i.id);

const companyForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Retail',
  address: '12 Market Road, Lahore',
  phone: '0300-1234567',
  email: 'owner@acme.test',
  taxId: 'NTN-1234',
  ...overrides,
});
const branchForm = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Gulberg',
  address: '45 Main Boulevard',
  phone: '0300-7654321',
  companyId,
  isMain: false,
  ...overrides,
});

describe(`companies and branches API (${engineName()})`, () => {
  let ctx: TestContext;
  let a: Tenant;
  let b: Tenant;
  let tokens: { adminA: string; managerA: string; cashierA: string; adminB: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    a = await createTenant(ctx.database.db);
    b = await createTenant(ctx.database.db);
    const [adminA, managerA, cashierA, adminB] = await Promise.all([
      login(ctx.app, a.admin.username),
      login(ctx.app, a.manager.username),
      login(ctx.app, a.cashier.username),
      login(ctx.app, b.admin.username),
    ]);
    tokens = { adminA, managerA, cashierA, adminB };
  });
  afterAll(() => ctx.close());

  const listCompanies = (token: string) => request(ctx.app, token, { url: '/api/auth/companies' });
  const postCompany = (token: string, payload: unknown) =>
    request(ctx.app, token, { method: 'POST', url: '/api/auth/companies', payload });
  const listBranches = (token: string, companyId: string, query = '') =>
    request(ctx.app, token, { url: `/api/auth/companies/${companyId}/branches${query}` });
  const postBranch = (token: string, payload: unknown) =>
    request(ctx.app, token, { method: 'POST', url: '/api/auth/branches', payload });
  const loginUser = async (username: string) =>
    (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Secret123' } })
    ).json().user;

  describe('GET /auth/companies', () => {
    it('answers 401 without a token', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/companies' })).statusCode).toBe(401);
    });

    it('gives a Manager and a Cashier their one company as { items }', async () => {
      for (const token of [tokens.managerA, tokens.cashierA]) {
        const res = await listCompanies(token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true });
        expect(res.json().items).toEqual([
          expect.objectContaining({ id: a.company.id, name: a.company.name, address: a.company.address }),
        ]);
      }
    });

    it('gives a Super Admin only the companies they belong to', async () => {
      const res = await listCompanies(tokens.adminA);
      expect(ids(res.json().items)).toEqual([a.company.id]);
    });

    it('gives a Super Admin who belongs to two companies both', async () => {
      const admin = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin, companyId: a.company.id });
      await ctx.database.db.insert(companyMembers).values({ companyId: b.company.id, userId: admin.id });
      const res = await listCompanies(await login(ctx.app, admin.username));
      expect(ids(res.json().items).sort()).toEqual([a.company.id, b.company.id].sort());
    });

    it('gives the super user (isSuperUser) every company, also in the login company list', async () => {
      const operator = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin, isSuperUser: true });
      const extra = await createCompany(ctx.database.db);
      const all = await ctx.database.db.select({ id: companies.id }).from(companies);
      const res = await listCompanies(await login(ctx.app, operator.username));
      expect(ids(res.json().items).sort()).toEqual(ids(all).sort());
      expect(ids(res.json().items)).toContain(extra.id);
      const user = await loginUser(operator.username);
      expect(user.isSuperUser).toBe(true);
      expect(ids(user.company).sort()).toEqual(ids(all).sort());
    });

    it('gives a user without a company an empty list', async () => {
      const admin = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin });
      const res = await listCompanies(await login(ctx.app, admin.username));
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([]);
      expect((await loginUser(admin.username)).company).toEqual([]);
    });
  });

  describe('POST /auth/companies', () => {
    it('creates the company (201), makes the creator a member and writes an audit row', async () => {
      const res = await postCompany(tokens.adminA, companyForm({ name: 'Created By Admin A' }));
      expect(res.statusCode).toBe(201);
      const company = res.json().data;
      expect(company).toMatchObject({ ...companyForm({ name: 'Created By Admin A' }), id: expect.any(String) });

      expect(ids((await listCompanies(tokens.adminA)).json().items)).toContain(company.id);
      expect(ids((await loginUser(a.admin.username)).company)).toContain(company.id);
      // Not visible to a Super Admin of another company.
      expect(ids((await listCompanies(tokens.adminB)).json().items)).not.toContain(company.id);

      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, company.id), eq(auditLogs.action, 'company.create')));
      expect(audit).toMatchObject({ userId: a.admin.id, entityId: company.id });
    });

    it('takes the onboarding path: a new Super Admin creates a company and its main branch', async () => {
      const admin = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin });
      const token = await login(ctx.app, admin.username);
      const company = (await postCompany(token, companyForm({ taxId: undefined }))).json().data;
      expect(company.taxId).toBeNull();

      const res = await postBranch(token, branchForm(company.id, { isMain: true, name: 'Head Office' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        companyId: company.id,
        isMain: true,
        isActive: true,
        name: 'Head Office',
      });

      const user = await loginUser(admin.username);
      expect(user.company).toEqual([
        expect.objectContaining({ id: company.id, branches: [expect.objectContaining({ id: res.json().data.id })] }),
      ]);
    });

    it('refuses a Manager and a Cashier with 403 and creates nothing', async () => {
      const before = await ctx.database.db.select({ n: count() }).from(companies);
      for (const token of [tokens.managerA, tokens.cashierA]) {
        const res = await postCompany(token, companyForm());
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const after = await ctx.database.db.select({ n: count() }).from(companies);
      expect(after[0]?.n).toBe(before[0]?.n);
    });

    it.each([
      ['a one-letter name', { name: 'A' }, 'name', MSG.companyName],
      ['a missing name', { name: undefined }, 'name', MSG.companyName],
      ['a blank name', { name: '   ' }, 'name', MSG.companyName],
      ['an email without @', { email: 'owner.acme.test' }, 'email', MSG.invalidEmail],
      ['an email with nothing before @', { email: '@acme' }, 'email', MSG.invalidEmail],
      ['a missing email', { email: undefined }, 'email', MSG.invalidEmail],
      ['a 9-character phone', { phone: '030012345' }, 'phone', MSG.invalidPhone],
      ['a missing phone', { phone: undefined }, 'phone', MSG.invalidPhone],
      ['an empty address', { address: '' }, 'address', MSG.addressRequired],
      ['a missing address', { address: undefined }, 'address', MSG.addressRequired],
    ])('answers 400 for %s with the spec message', async (_label, overrides, field, message) => {
      const res = await postCompany(tokens.adminA, companyForm(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: { [field]: message } });
    });

    it('reports every invalid field at once', async () => {
      const res = await postCompany(tokens.adminA, { name: '', address: '', phone: '1', email: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        name: MSG.companyName,
        address: MSG.addressRequired,
        phone: MSG.invalidPhone,
        email: MSG.invalidEmail,
      });
    });

    it('accepts a short address and no tax id, as the spec has no other rule for them', async () => {
      const res = await postCompany(tokens.adminA, companyForm({ address: 'X', taxId: null }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ address: 'X', taxId: null });
    });
  });

  describe('GET /auth/companies/{id}/branches', () => {
    it("lists a company's branches, main first, with paging meta (default up to 1000)", async () => {
      const res = await listBranches(tokens.managerA, a.company.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, meta: { total: 2, page: 1, limit: 1000, totalPages: 1 } });
      expect(ids(res.json().items)).toEqual([a.main.id, a.second.id]);
      expect(res.json().items[0]).toMatchObject({
        id: a.main.id,
        name: a.main.name,
        address: a.main.address,
        phone: a.main.phone,
        companyId: a.company.id,
        isMain: true,
        isActive: true,
      });
    });

    it('pages with page and limit, and accepts a limit of 1000', async () => {
      const company = await createCompany(ctx.database.db);
      const admin = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin, companyId: company.id });
      const main = await createBranch(ctx.database.db, { companyId: company.id, isMain: true });
      for (let i = 0; i < 4; i++) await createBranch(ctx.database.db, { companyId: company.id });
      const token = await login(ctx.app, admin.username);

      const page1 = (await listBranches(token, company.id, '?page=1&limit=2')).json();
      const page3 = (await listBranches(token, company.id, '?page=3&limit=2')).json();
      expect(page1.meta).toEqual({ total: 5, page: 1, limit: 2, totalPages: 3 });
      expect(page1.items).toHaveLength(2);
      expect(page1.items[0].id).toBe(main.id);
      expect(page3.meta).toEqual({ total: 5, page: 3, limit: 2, totalPages: 3 });
      expect(page3.items).toHaveLength(1);
      const page2 = (await listBranches(token, company.id, '?page=2&limit=2')).json();
      const all = [...page1.items, ...page2.items, ...page3.items];
      expect(new Set(ids(all)).size).toBe(5);

      const big = await listBranches(token, company.id, '?page=1&limit=1000');
      expect(big.statusCode).toBe(200);
      expect(big.json().meta).toEqual({ total: 5, page: 1, limit: 1000, totalPages: 1 });
      expect(big.json().items).toHaveLength(5);

      const beyond = (await listBranches(token, company.id, '?page=9&limit=2')).json();
      expect(beyond.items).toEqual([]);
      const farBeyond = await listBranches(token, company.id, `?page=${Number.MAX_SAFE_INTEGER}&limit=1000`);
      expect(farBeyond.statusCode).toBe(200);
      expect(farBeyond.json().items).toEqual([]);
    });

    it.each([
      ['limit=1001'],
      ['limit=0'],
      ['limit=-1'],
      ['limit=abc'],
      ['page=0'],
      ['page=abc'],
      ['page=1.5'],
      ['limit=1&limit=2'],
      ['page=1e300'],
    ])('answers 400 for ?%s', async (query) => {
      const res = await listBranches(tokens.adminA, a.company.id, `?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    });

    it('gives a Cashier only their own branch', async () => {
      const res = await listBranches(tokens.cashierA, a.company.id);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json().items)).toEqual([a.main.id]);
      expect(res.json().meta.total).toBe(1);
    });

    it("gives a Cashier assigned to the second branch only that branch, in the list and in login's company list", async () => {
      const cashier = await createUser(ctx.database.db, {
        roleId: ROLE_IDS.cashier,
        companyId: a.company.id,
        branchId: a.second.id,
      });
      const res = await listBranches(await login(ctx.app, cashier.username), a.company.id);
      expect(ids(res.json().items)).toEqual([a.second.id]);
      const user = await loginUser(cashier.username);
      expect(user.company).toHaveLength(1);
      expect(ids(user.company[0].branches)).toEqual([a.second.id]);
      expect(user.managedBranch).toEqual({ id: a.second.id, name: a.second.name });
    });

    it('gives a Cashier without an assigned branch the main branch only', async () => {
      const cashier = await createUser(ctx.database.db, { roleId: ROLE_IDS.cashier, companyId: a.company.id });
      const res = await listBranches(await login(ctx.app, cashier.username), a.company.id);
      expect(ids(res.json().items)).toEqual([a.main.id]);
    });

    it("lists only the cashier's branch in their login company list, all branches in a Manager's", async () => {
      const cashier = await loginUser(a.cashier.username);
      expect(ids(cashier.company)).toEqual([a.company.id]);
      expect(ids(cashier.company[0].branches)).toEqual([a.main.id]);
      const manager = await loginUser(a.manager.username);
      expect(ids(manager.company[0].branches)).toEqual([a.main.id, a.second.id]);
    });

    it("answers 404 for another company's branches to every role, also a Super Admin who is not a member", async () => {
      for (const token of [tokens.adminA, tokens.managerA, tokens.cashierA]) {
        const res = await listBranches(token, b.company.id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
        expect(res.body).not.toContain(b.main.id);
      }
    });

    it('answers the same 404 for a company that does not exist', async () => {
      const missing = await listBranches(tokens.adminA, randomUUID());
      const foreign = await listBranches(tokens.adminA, b.company.id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(foreign.json());
    });

    it('lets the super user list any company', async () => {
      const operator = await createUser(ctx.database.db, { roleId: ROLE_IDS.superAdmin, isSuperUser: true });
      const res = await listBranches(await login(ctx.app, operator.username), b.company.id);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json().items)).toEqual([b.main.id, b.second.id]);
    });

    it('answers 400 for a company id that is not a uuid', async () => {
      for (const id of ['not-a-uuid', '1', "1'%20or%20'1'='1"]) {
        const res = await listBranches(tokens.adminA, id);
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('POST /auth/branches', () => {
    it('creates a branch with isMain false when asked for false, and writes an audit row', async () => {
      const res = await postBranch(tokens.adminA, branchForm(a.company.id, { name: 'Management Branch' }));
      expect(res.statusCode).toBe(201);
      const branch = res.json().data;
      expect(branch).toMatchObject({
        companyId: a.company.id,
        isMain: false,
        isActive: true,
        name: 'Management Branch',
      });
      expect(ids((await listBranches(tokens.adminA, a.company.id)).json().items)).toContain(branch.id);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.entityId, branch.id)));
      expect(audit).toMatchObject({ action: 'branch.create', userId: a.admin.id, branchId: branch.id });
    });

    it('creates the main branch when asked for isMain on a company without one', async () => {
      const company = await createCompany(ctx.database.db);
      await ctx.database.db.insert(companyMembers).values({ companyId: company.id, userId: a.admin.id });
      const res = await postBranch(tokens.adminA, branchForm(company.id, { isMain: true }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.isMain).toBe(true);
    });

    it('does not make a second main branch when the company already has one', async () => {
      const res = await postBranch(tokens.adminA, branchForm(a.company.id, { isMain: true }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.isMain).toBe(false);
      const main = (await listBranches(tokens.adminA, a.company.id))
        .json()
        .items.filter((x: { isMain: boolean }) => x.isMain);
      expect(ids(main)).toEqual([a.main.id]);
    });

    it('makes exactly one main branch when several setup requests race', async () => {
      const company = await createCompany(ctx.database.db);
      await ctx.database.db.insert(companyMembers).values({ companyId: company.id, userId: a.admin.id });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          postBranch(tokens.adminA, branchForm(company.id, { isMain: true, name: `Racer ${i}` })),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      const items = (await listBranches(tokens.adminA, company.id)).json().items as { isMain: boolean }[];
      expect(items).toHaveLength(6);
      expect(items.filter((x) => x.isMain)).toHaveLength(1);
    });

    it('defaults isMain to false', async () => {
      const company = await createCompany(ctx.database.db);
      await ctx.database.db.insert(companyMembers).values({ companyId: company.id, userId: a.admin.id });
      const { isMain: _omit, ...payload } = branchForm(company.id);
      const res = await postBranch(tokens.adminA, payload);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.isMain).toBe(false);
    });

    it('refuses a Cashier and a Manager of the company with 403', async () => {
      for (const token of [tokens.cashierA, tokens.managerA]) {
        const res = await postBranch(token, branchForm(a.company.id));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    });

    it("answers 404 for another company's id to a Super Admin who is not a member, 403 to a Manager", async () => {
      expect((await postBranch(tokens.adminA, branchForm(b.company.id))).statusCode).toBe(404);
      // A Manager may not create branches at all: 403 whatever the company id (it tells them nothing).
      expect((await postBranch(tokens.managerA, branchForm(b.company.id))).statusCode).toBe(403);
      const missing = await postBranch(tokens.adminA, branchForm(randomUUID()));
      expect(missing.statusCode).toBe(404);
      const bBranches = (await listBranches(tokens.adminB, b.company.id)).json().items;
      expect(ids(bBranches).sort()).toEqual([b.main.id, b.second.id].sort());
    });

    it.each([
      ['a one-letter name', { name: 'A' }, 'name', MSG.branchName],
      ['a missing name', { name: undefined }, 'name', MSG.branchName],
      ['a 4-character address', { address: 'Mall' }, 'address', MSG.addressRequired],
      ['a missing address', { address: undefined }, 'address', MSG.addressRequired],
      ['a short phone', { phone: '12345' }, 'phone', MSG.invalidPhone],
      ['a missing phone', { phone: undefined }, 'phone', MSG.invalidPhone],
      ['a missing company', { companyId: undefined }, 'companyId', MSG.selectCompany],
      ['an empty company', { companyId: '' }, 'companyId', MSG.selectCompany],
      ['a company id that is not a uuid', { companyId: 'acme' }, 'companyId', MSG.selectCompany],
    ])('answers 400 for %s with the spec message', async (_label, overrides, field, message) => {
      const res = await postBranch(tokens.adminA, branchForm(a.company.id, overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { [field]: message } });
    });

    it('answers 400 for an isMain that is not a boolean', async () => {
      const res = await postBranch(tokens.adminA, branchForm(a.company.id, { isMain: 'yes' }));
      expect(res.statusCode).toBe(400);
    });
  });

  describe('bad input never answers 5xx', () => {
    it.each([
      ['malformed JSON', '{"name": "Acme", '],
      ['a JSON string', '"Acme"'],
      ['JSON null', 'null'],
    ])('POST /auth/companies with %s answers 400', async (_label, body) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/companies',
        headers: { authorization: `Bearer ${tokens.adminA}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    });

    it.each([
      ['numbers for strings', { name: 1, address: 2, phone: 3, email: 4 }],
      ['nested objects', companyForm({ name: { first: 'Acme' } })],
      ['a huge name', companyForm({ name: 'N'.repeat(200_000) })],
      ['a huge address', companyForm({ address: 'A'.repeat(200_000) })],
      ['a huge tax id', companyForm({ taxId: 'T'.repeat(10_000) })],
      ['a NUL byte in the name', companyForm({ name: 'Ac\u0000me' })],
    ])('POST /auth/companies with %s answers 400', async (_label, payload) => {
      const res = await postCompany(tokens.adminA, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    });

    it.each([
      ['a NUL byte in the name', { name: 'Bra\u0000nch' }],
      ['a huge name', { name: 'B'.repeat(200_000) }],
      ['a number for companyId', { companyId: 42 }],
      ['an array for companyId', { companyId: [randomUUID()] }],
    ])('POST /auth/branches with %s answers 400', async (_label, overrides) => {
      const res = await postBranch(tokens.adminA, branchForm(a.company.id, overrides));
      expect(res.statusCode).toBe(400);
    });
  });
});
