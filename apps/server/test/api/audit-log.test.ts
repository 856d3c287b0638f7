import { ROLE_IDS } from '@pos/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditLogs, auditLogsDaily, companyMembers } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBranch,
  createCompany,
  createProduct,
  createRegister,
  createSale,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Item = {
  action: string;
  user: { id: string } | null;
  approvedBy: { id: string } | null;
  entityId: string | null;
  branchId: string | null;
  before: unknown;
  after: unknown;
};

/**
 * The audit log: every privileged action writes its row (a test per action), the rows are
 * append-only (the database refuses UPDATE, DELETE and TRUNCATE), and GET /audit-logs pages them by
 * company or branch with filters; a Manager reads their branch only.
 */
describe(`audit log (${engineName()})`, () => {
  let ctx: TestContext;
  let t: Tenant;
  let other: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    t = await createTenant(ctx.database.db);
    other = await createTenant(ctx.database.db);
    const [admin, manager, cashier] = await Promise.all([
      login(ctx.app, t.admin.username),
      login(ctx.app, t.manager.username),
      login(ctx.app, t.cashier.username),
    ]);
    tokens = { admin, manager, cashier };
  });
  afterAll(async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
    await ctx.close();
  });

  /** The rows of one action in the company, newest first, through the API. */
  async function auditRows(action: string, extra = ''): Promise<Item[]> {
    const res = await request(ctx.app, tokens.admin, {
      url: `/api/audit-logs?companyId=${t.company.id}&action=${action}&limit=100${extra}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  describe('a row per action', () => {
    it('auth.sign_in and auth.sign_in_failed', async () => {
      const user = await createUser(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      await login(ctx.app, user.username);
      const failed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: 'Wrong-password1' },
      });
      expect(failed.statusCode).toBe(401);
      expect((await auditRows('auth.sign_in')).filter((r) => r.user?.id === user.id)).toHaveLength(1);
      const [failure] = (await auditRows('auth.sign_in_failed')).filter((r) => r.user?.id === user.id);
      expect(failure?.after).toEqual({ reason: 'wrong_password' });
    });

    it('user.create, user.update (role change) and user.deactivate', async () => {
      const created = await request(ctx.app, tokens.manager, {
        method: 'POST',
        url: '/api/users',
        payload: {
          name: 'Audit Person',
          email: 'audit.person@example.com',
          username: `audit_${Date.now().toString(36)}`,
          password: 'Secret123',
          roleIds: [ROLE_IDS.cashier],
          branchId: t.main.id,
        },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id as string;
      const patch = (payload: unknown) =>
        request(ctx.app, tokens.admin, { method: 'PATCH', url: `/api/users/${id}`, payload });
      expect((await patch({ roleIds: [ROLE_IDS.manager] })).statusCode).toBe(200);
      expect((await patch({ isActive: false })).statusCode).toBe(200);
      expect((await auditRows('user.create')).filter((r) => r.entityId === id)).toHaveLength(1);
      const [update] = (await auditRows('user.update')).filter((r) => r.entityId === id);
      expect(update?.before).toMatchObject({ roleId: ROLE_IDS.cashier });
      expect(update?.user?.id).toBe(t.admin.id);
      expect((await auditRows('user.deactivate')).filter((r) => r.entityId === id)).toHaveLength(1);
    });

    it('product.price_change for price and for cost', async () => {
      const product = await createProduct(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      const patch = (payload: unknown) =>
        request(ctx.app, tokens.manager, { method: 'PATCH', url: `/api/products/${product.id}`, payload });
      expect((await patch({ price: 123.45 })).statusCode).toBe(200);
      expect((await patch({ cost: 42.5 })).statusCode).toBe(200);
      const rows = (await auditRows('product.price_change')).filter((r) => r.entityId === product.id);
      expect(rows).toHaveLength(2);
      expect(rows[1]?.after).toMatchObject({ price: 123.45 });
      expect(rows[0]?.after).toMatchObject({ cost: 42.5 });
    });

    it('settings.tax and company.currency', async () => {
      const tax = await request(ctx.app, tokens.admin, {
        method: 'POST',
        url: '/api/settings/tax',
        payload: { branchId: t.second.id, taxRate: 7.5 },
      });
      expect(tax.statusCode).toBe(200);
      const [row] = (await auditRows('settings.tax')).filter((r) => r.entityId === t.second.id);
      expect(row).toMatchObject({ before: { taxRate: 0 }, after: { taxRate: 7.5 } });
      const currency = await request(ctx.app, tokens.admin, {
        method: 'POST',
        url: '/api/settings/currency',
        payload: { companyId: t.company.id, currency: 'USD' },
      });
      expect(currency.statusCode).toBe(200);
      expect(await auditRows('company.currency')).toHaveLength(1);
    });

    it('settings.register_rules and user.pin_set', async () => {
      const url = `/api/branches/${t.main.id}/register-rules`;
      const current = (await request(ctx.app, tokens.manager, { url })).json().data;
      await request(ctx.app, tokens.manager, {
        method: 'PUT',
        url,
        payload: { ...current, branchId: undefined, cashierMayChangePrice: true },
      });
      const [rules] = await auditRows('settings.register_rules');
      expect(rules?.before).toMatchObject({ cashierMayChangePrice: false });
      expect(rules?.after).toMatchObject({ cashierMayChangePrice: true });
      await request(ctx.app, tokens.manager, { method: 'PUT', url: '/api/auth/pin', payload: { pin: '55555' } });
      expect((await auditRows('user.pin_set')).filter((r) => r.user?.id === t.manager.id)).toHaveLength(1);
    });

    it("user.pin_set of a Super Admin of two companies: a row in each company's log, none in another", async () => {
      const second = await createCompany(ctx.database.db);
      await ctx.database.db.insert(companyMembers).values({ companyId: second.id, userId: t.admin.id });
      const res = await request(ctx.app, tokens.admin, {
        method: 'PUT',
        url: '/api/auth/pin',
        payload: { pin: '86420' },
      });
      expect(res.statusCode).toBe(200);
      const rows = await ctx.database.db
        .select({ companyId: auditLogs.companyId })
        .from(auditLogs)
        .where(sql`${auditLogs.action} = 'user.pin_set' and ${auditLogs.userId} = ${t.admin.id}`);
      expect(rows.map((r) => r.companyId).sort()).toEqual([t.company.id, second.id].sort());
    });

    it('sale.discount_override with the approver', async () => {
      await request(ctx.app, tokens.manager, { method: 'PUT', url: '/api/auth/pin', payload: { pin: '24680' } });
      const product = await createProduct(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      const price = Number(product.price);
      const discount = Math.round(price * 50) / 100;
      const total = Math.round((price - discount) * 100) / 100;
      const register = await createRegister(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      const items = [{ product_id: product.id, quantity: 1, price }];
      const grant = await request(ctx.app, tokens.cashier, {
        method: 'POST',
        url: '/api/approvals/grants',
        payload: {
          purpose: 'sale',
          branchId: t.main.id,
          register_id: register.id,
          username: t.manager.username,
          pin: '24680',
          items,
          discount_type: 'amount',
          discount_value: discount,
          tax_rate: 0,
          total,
        },
      });
      expect(grant.statusCode).toBe(201);
      const res = await request(ctx.app, tokens.cashier, {
        method: 'POST',
        url: '/api/transactions',
        payload: {
          branchId: t.main.id,
          register_id: register.id,
          items,
          subtotal: price,
          tax: 0,
          tax_rate: 0,
          discount_type: 'amount',
          discount_value: discount,
          discount_amount: discount,
          total,
          payment_method: 'card',
          amount_paid: total,
          change: 0,
          approval_grant_id: grant.json().data.grant_id,
        },
      });
      expect(res.statusCode).toBe(201);
      const [row] = (await auditRows('sale.discount_override')).filter((r) => r.entityId === res.json().data.id);
      expect(row).toMatchObject({ user: { id: t.cashier.id }, approvedBy: { id: t.manager.id } });
    });

    it('return.create', async () => {
      const product = await createProduct(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      const { sale, items } = await createSale(ctx.database.db, {
        companyId: t.company.id,
        branchId: t.main.id,
        cashierId: t.cashier.id,
        lines: [{ product, quantity: 2 }],
        paymentMethod: 'card',
      });
      const res = await request(ctx.app, tokens.manager, {
        method: 'POST',
        url: '/api/returns',
        payload: {
          originalTransactionId: sale.id,
          branchId: t.main.id,
          items: [{ original_transaction_item_id: items[0]?.id, return_quantity: 1, condition: 'new' }],
          refund_method: 'card_refund',
          reason: 'defective',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await auditRows('return.create')).filter((r) => r.entityId === res.json().data.id)).toHaveLength(1);
    });

    it('stock.adjust', async () => {
      const product = await createProduct(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      const res = await request(ctx.app, tokens.manager, {
        method: 'POST',
        url: '/api/inventory/adjustments',
        payload: { productId: product.id, branchId: t.main.id, newQuantity: 3, reason: 'Counted' },
      });
      expect(res.statusCode).toBeLessThan(300);
      expect((await auditRows('stock.adjust')).filter((r) => r.entityId === product.id)).toHaveLength(1);
    });
  });

  describe('append-only', () => {
    it('the database refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
      const db = ctx.database.db;
      const [row] = await db.select({ id: auditLogs.id }).from(auditLogs).limit(1);
      expect(row).toBeDefined();
      const id = row?.id ?? '';
      await expect(db.update(auditLogs).set({ action: 'user.update' }).where(eq(auditLogs.id, id))).rejects.toThrow();
      await expect(db.delete(auditLogs).where(eq(auditLogs.id, id))).rejects.toThrow();
      await expect(db.execute(sql`truncate audit_logs`)).rejects.toThrow();
      expect(await db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.id, id))).toHaveLength(1);
    });

    it('no route updates or deletes them', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await request(ctx.app, tokens.admin, { method, url: '/api/audit-logs', payload: {} });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('GET /audit-logs', () => {
    it("counts a company's entries on its days: a first branch in another zone counts them again", async () => {
      const db = ctx.database.db;
      const company = await createCompany(db);
      const daysOf = async () =>
        (
          await db
            .select({ day: auditLogsDaily.day, branchDay: auditLogsDaily.branchDay, entries: auditLogsDaily.entries })
            .from(auditLogsDaily)
            .where(eq(auditLogsDaily.companyId, company.id))
        ).map((r) => [r.day, r.branchDay, r.entries]);
      // 20:00 UTC on March 1st is 01:00 on March 2nd in Karachi.
      await db.insert(auditLogs).values({
        companyId: company.id,
        action: 'company.create',
        entityType: 'company',
        createdAt: new Date('2026-03-01T20:00:00Z'),
      });
      expect(await daysOf()).toEqual([['2026-03-01', '2026-03-01', 1]]);
      await createBranch(db, { companyId: company.id, isMain: true, timezone: 'Asia/Karachi' });
      expect(await daysOf()).toEqual([['2026-03-02', '2026-03-02', 1]]);
      await createBranch(db, { companyId: company.id, timezone: 'UTC' });
      expect(await daysOf()).toEqual([['2026-03-02', '2026-03-02', 1]]);
    });

    it('every page, whatever the filters, is the page OFFSET gives over the whole log (counted and sought by day)', async () => {
      // A company of its own: 3 users x 2 actions x 2 branches (and none) over 9 days, in Karachi (+05:00),
      // some entries just before and after local midnight, so UTC days and local days differ.
      const db = ctx.database.db;
      const co = await createTenant(db);
      const users = [co.admin.id, co.manager.id, co.cashier.id];
      const branchIds = [co.main.id, co.second.id, null];
      const rows: (typeof auditLogs.$inferInsert)[] = [];
      for (let i = 0; i < 90; i++) {
        const day = 1 + (i % 9);
        const minute = [0, 30, 18 * 60 + 59, 19 * 60 + 1, 23 * 60][i % 5] ?? 0;
        rows.push({
          companyId: co.company.id,
          branchId: branchIds[i % 3] ?? null,
          userId: users[(i >> 1) % 3],
          action: i % 4 === 0 ? 'stock.adjust' : 'user.update',
          entityType: 'product',
          entityId: `deep-${i}`,
          createdAt: new Date(Date.UTC(2026, 2, day, 0, minute, i % 60)),
        });
      }
      await db.insert(auditLogs).values(rows);
      const token = await login(ctx.app, co.admin.username);
      const filters = [
        { query: `companyId=${co.company.id}`, where: sql`true` },
        { query: `branchId=${co.main.id}`, where: sql`branch_id = ${co.main.id}` },
        {
          query: `companyId=${co.company.id}&userId=${co.manager.id}&action=user.update`,
          where: sql`user_id = ${co.manager.id} and action = 'user.update'`,
        },
        {
          query: `branchId=${co.second.id}&from=2026-03-03&to=2026-03-07`,
          where: sql`branch_id = ${co.second.id}
            and created_at >= '2026-03-03'::timestamp at time zone 'Asia/Karachi'
            and created_at < '2026-03-08'::timestamp at time zone 'Asia/Karachi'`,
        },
      ];
      for (const { query, where } of filters) {
        const expected = (
          await queryRows<{ entity_id: string }>(
            db,
            sql`select entity_id from audit_logs where company_id = ${co.company.id} and ${where}
                order by created_at desc, id desc`,
          )
        ).map((r) => r.entity_id);
        expect(expected.length).toBeGreaterThan(10);
        const limit = 7;
        const pages = Math.ceil(expected.length / limit);
        for (let page = 1; page <= pages + 1; page++) {
          const res = await request(ctx.app, token, { url: `/api/audit-logs?${query}&limit=${limit}&page=${page}` });
          expect(res.statusCode, query).toBe(200);
          const body = res.json();
          expect(body.meta.total, query).toBe(expected.length);
          expect(
            body.data.map((r: Item) => r.entityId),
            `${query} page ${page}`,
          ).toEqual(expected.slice((page - 1) * limit, page * limit));
        }
      }
    });

    it('pages newest first with meta, and filters by user, action, branch and local days', async () => {
      const db = ctx.database.db;
      // One second apart: rows written within one clock tick have no "newest" (the
      // embedded engine's clock is coarse), and their order is then only the id's.
      const base = Date.now() - 10_000;
      for (let i = 0; i < 3; i++) {
        await db.insert(auditLogs).values({
          companyId: t.company.id,
          branchId: t.second.id,
          userId: t.admin.id,
          action: 'stock.adjust',
          entityType: 'product',
          entityId: `paging-${i}`,
          createdAt: new Date(base + i * 1000),
        });
      }
      const page = await request(ctx.app, tokens.admin, {
        url: `/api/audit-logs?branchId=${t.second.id}&userId=${t.admin.id}&action=stock.adjust&limit=2&page=1`,
      });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(body.data.map((r: Item) => r.entityId)).toEqual(['paging-2', 'paging-1']);
      const future = await request(ctx.app, tokens.admin, {
        url: `/api/audit-logs?branchId=${t.second.id}&from=2999-01-01`,
      });
      expect(future.json().meta.total).toBe(0);
      const past = await request(ctx.app, tokens.admin, {
        url: `/api/audit-logs?branchId=${t.second.id}&to=2000-01-01`,
      });
      expect(past.json().meta.total).toBe(0);
      const recent = await request(ctx.app, tokens.admin, {
        url: `/api/audit-logs?branchId=${t.second.id}&from=2000-01-01&to=2999-12-31`,
      });
      expect(recent.json().meta.total).toBeGreaterThanOrEqual(3);
    });

    it("a Manager reads their branch only; a cashier nothing; another company's ids are 404", async () => {
      expect(
        (await request(ctx.app, tokens.manager, { url: `/api/audit-logs?branchId=${t.main.id}` })).statusCode,
      ).toBe(200);
      expect(
        (await request(ctx.app, tokens.manager, { url: `/api/audit-logs?branchId=${t.second.id}` })).statusCode,
      ).toBe(404);
      expect(
        (await request(ctx.app, tokens.manager, { url: `/api/audit-logs?companyId=${t.company.id}` })).statusCode,
      ).toBe(403);
      expect(
        (await request(ctx.app, tokens.cashier, { url: `/api/audit-logs?branchId=${t.main.id}` })).statusCode,
      ).toBe(403);
      expect(
        (await request(ctx.app, tokens.admin, { url: `/api/audit-logs?companyId=${other.company.id}` })).statusCode,
      ).toBe(404);
      expect(
        (
          await request(ctx.app, tokens.admin, {
            url: `/api/audit-logs?companyId=${t.company.id}&userId=${other.admin.id}`,
          })
        ).statusCode,
      ).toBe(404);
      const bad = await request(ctx.app, tokens.admin, {
        url: `/api/audit-logs?companyId=${t.company.id}&action=nope`,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('exports the same filters as CSV', async () => {
      const res = await request(ctx.app, tokens.admin, {
        url: `/api/audit-logs/export.csv?companyId=${t.company.id}&action=stock.adjust`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe('When,Action,User,Approved by,Branch,Register,Entity,Entity id,Before,After');
      expect(lines.slice(1).every((l) => l.includes(',stock.adjust,'))).toBe(true);
      expect(lines.length).toBeGreaterThan(3);
    });
  });
});
