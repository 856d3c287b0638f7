import { APPROVAL_MSG, computeCartTotals, ROLE_IDS } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, branches } from '../../src/db/schema';
import { APPROVAL_MAX_ATTEMPTS } from '../../src/lib/approvals';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, createUser, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/**
 * Manager approval at the register (issue 15): PINs, the branch's register rules, and the limits
 * enforced by the server on POST /transactions whatever the register did.
 */
describe(`approvals and register rules (${engineName()})`, () => {
  let ctx: TestContext;
  let t: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };
  const PIN = '4321';

  beforeAll(async () => {
    ctx = await createTestContext();
    t = await createTenant(ctx.database.db);
    const [admin, manager, cashier] = await Promise.all([
      login(ctx.app, t.admin.username),
      login(ctx.app, t.manager.username),
      login(ctx.app, t.cashier.username),
    ]);
    tokens = { admin, manager, cashier };
    for (const token of [admin, manager]) {
      const res = await request(ctx.app, token, { method: 'PUT', url: '/api/auth/pin', payload: { pin: PIN } });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
    await ctx.close();
  });

  /** A card sale of `quantity` units at the product's price with the given discount and tax. */
  async function sale(
    token: string,
    {
      branchId = t.main.id,
      discount = { type: 'percentage' as 'percentage' | 'amount', value: 0 },
      taxRate = 0,
      unitPrice,
      approval,
    }: {
      branchId?: string;
      discount?: { type: 'percentage' | 'amount'; value: number };
      taxRate?: number;
      unitPrice?: number;
      approval?: { username: string; pin: string };
    } = {},
  ) {
    const product = await createProduct(ctx.database.db, { companyId: t.company.id, branchId, price: '100.00' });
    const price = Number(product.price);
    const totals = computeCartTotals({
      items: [{ price: unitPrice ?? price, quantity: 2 }],
      taxRate,
      discountType: discount.type,
      discountValue: discount.value,
    });
    return request(ctx.app, token, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId,
        items: [
          { product_id: product.id, quantity: 2, price, ...(unitPrice !== undefined && { unit_price: unitPrice }) },
        ],
        subtotal: totals.subtotal,
        tax: totals.tax,
        tax_rate: taxRate,
        discount_type: discount.type,
        discount_value: discount.value,
        discount_amount: totals.discountAmount,
        total: totals.total,
        payment_method: 'card',
        amount_paid: totals.total,
        change: 0,
        ...(approval && { approval }),
      },
    });
  }

  const auditOf = (action: string, entityId: string) =>
    ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));

  describe('PIN', () => {
    it('is set by Managers and Super Admins for themselves (4-8 digits), hashed, audited without the PIN', async () => {
      const status = await request(ctx.app, tokens.manager, { url: '/api/auth/pin' });
      expect(status.json()).toEqual({ success: true, data: { isSet: true } });
      const rows = await auditOf('user.pin_set', t.manager.id);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toContain(PIN);
      for (const pin of ['123', '123456789', '12a4', '']) {
        const res = await request(ctx.app, tokens.manager, { method: 'PUT', url: '/api/auth/pin', payload: { pin } });
        expect(res.statusCode).toBe(400);
      }
    });

    it('is refused to cashiers (403)', async () => {
      const res = await request(ctx.app, tokens.cashier, {
        method: 'PUT',
        url: '/api/auth/pin',
        payload: { pin: '1111' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APPROVAL_MSG.pinOnlyManagers);
    });
  });

  describe('register rules', () => {
    it('answers the defaults (10 %, no price changes, no zero tax, 5.00, 72 h) to anyone of the branch', async () => {
      const res = await request(ctx.app, tokens.cashier, { url: `/api/branches/${t.main.id}/register-rules` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        branchId: t.main.id,
        cashierMaxDiscountPercent: 10,
        cashierMayChangePrice: false,
        cashierMayRefundWithoutReceipt: false,
        cashierMayZeroTax: false,
        cashierMayReceiveTransfers: false,
        cashierMayCount: false,
        overShortThreshold: 5,
        cashDenominations: null,
        offlineLimitHours: 72,
      });
    });

    it('is changed by a Manager (audited before/after), never by a cashier, and validated', async () => {
      const url = `/api/branches/${t.second.id}/register-rules`;
      const current = (await request(ctx.app, tokens.manager, { url })).json().data;
      const payload = {
        ...current,
        branchId: undefined,
        cashierMaxDiscountPercent: 15.5,
        cashDenominations: [100, 5000, 1000],
      };
      const res = await request(ctx.app, tokens.manager, { method: 'PUT', url, payload });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ cashierMaxDiscountPercent: 15.5, cashDenominations: [5000, 1000, 100] });
      const [row] = await auditOf('settings.register_rules', t.second.id);
      expect(row).toMatchObject({ userId: t.manager.id, branchId: t.second.id });
      expect(row?.before).toMatchObject({ cashierMaxDiscountPercent: 10 });
      expect(row?.after).toMatchObject({ cashierMaxDiscountPercent: 15.5 });

      const denied = await request(ctx.app, tokens.cashier, { method: 'PUT', url, payload });
      expect(denied.statusCode).toBe(403);
      const bad = await request(ctx.app, tokens.manager, {
        method: 'PUT',
        url,
        payload: { ...payload, cashierMaxDiscountPercent: 101 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Maximum discount cannot exceed 100%');
    });
  });

  describe('limits on POST /transactions', () => {
    it("lets a cashier's discount up to the limit pass, and refuses one above it without approval (403)", async () => {
      expect((await sale(tokens.cashier, { discount: { type: 'percentage', value: 10 } })).statusCode).toBe(201);
      const refused = await sale(tokens.cashier, { discount: { type: 'percentage', value: 10.01 } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'APPROVAL_REQUIRED', errors: { approval: expect.any(String) } });
      expect(refused.json().message).toContain('10%');
      // An amount discount above 10 % of the subtotal (200.00): 20.01.
      expect((await sale(tokens.cashier, { discount: { type: 'amount', value: 20 } })).statusCode).toBe(201);
      expect((await sale(tokens.cashier, { discount: { type: 'amount', value: 20.01 } })).statusCode).toBe(403);
    });

    it('accepts it with a manager of the branch approving (the audit row names both people)', async () => {
      const res = await sale(tokens.cashier, {
        discount: { type: 'percentage', value: 50 },
        approval: { username: t.manager.username.toUpperCase(), pin: PIN },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await auditOf('sale.discount_override', res.json().data.id);
      expect(row).toMatchObject({ userId: t.cashier.id, approvedById: t.manager.id, branchId: t.main.id });
      expect(row?.after).toMatchObject({ discountType: 'percentage', discountValue: 50, discountAmount: 100 });
    });

    it('accepts a Super Admin of the company as approver', async () => {
      const res = await sale(tokens.cashier, {
        discount: { type: 'percentage', value: 30 },
        approval: { username: t.admin.username, pin: PIN },
      });
      expect(res.statusCode).toBe(201);
    });

    it('does not limit Managers and Super Admins', async () => {
      expect((await sale(tokens.manager, { discount: { type: 'percentage', value: 90 } })).statusCode).toBe(201);
      expect((await sale(tokens.admin, { discount: { type: 'percentage', value: 90 } })).statusCode).toBe(201);
    });

    it('refuses a price change without approval unless the branch allows it', async () => {
      const refused = await sale(tokens.cashier, { unitPrice: 80 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('APPROVAL_REQUIRED');
    });

    it('refuses tax 0 in a taxed branch without approval, and accepts it when the branch allows cashiers to', async () => {
      await ctx.database.db.update(branches).set({ taxRate: '8.00' }).where(eq(branches.id, t.main.id));
      try {
        const refused = await sale(tokens.cashier, { taxRate: 0 });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errors.approval).toBe('A sale without tax needs a manager');
        expect((await sale(tokens.cashier, { taxRate: 8 })).statusCode).toBe(201);
        const approved = await sale(tokens.cashier, {
          taxRate: 0,
          approval: { username: t.manager.username, pin: PIN },
        });
        expect(approved.statusCode).toBe(201);
        expect(await auditOf('sale.zero_tax', approved.json().data.id)).toHaveLength(1);
        await ctx.database.db.update(branches).set({ cashierMayZeroTax: true }).where(eq(branches.id, t.main.id));
        expect((await sale(tokens.cashier, { taxRate: 0 })).statusCode).toBe(201);
      } finally {
        await ctx.database.db
          .update(branches)
          .set({ taxRate: '0', cashierMayZeroTax: false })
          .where(eq(branches.id, t.main.id));
      }
    });
  });

  describe('approval refused', () => {
    const over = { type: 'percentage' as const, value: 40 };

    it('with a wrong PIN', async () => {
      const res = await sale(tokens.cashier, {
        discount: over,
        approval: { username: t.manager.username, pin: '0000' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.invalid });
    });

    it('with an unknown username, the same answer', async () => {
      const res = await sale(tokens.cashier, { discount: over, approval: { username: 'nobody-here', pin: PIN } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APPROVAL_MSG.invalid);
    });

    it("with a cashier's PIN (a cashier who had one as a manager cannot approve)", async () => {
      const former = await createUser(ctx.database.db, {
        roleId: ROLE_IDS.manager,
        companyId: t.company.id,
        branchId: t.main.id,
      });
      const token = await login(ctx.app, former.username);
      await request(ctx.app, token, { method: 'PUT', url: '/api/auth/pin', payload: { pin: '8642' } });
      const demoted = await request(ctx.app, tokens.admin, {
        method: 'PATCH',
        url: `/api/users/${former.id}`,
        payload: { roleIds: [ROLE_IDS.cashier] },
      });
      expect(demoted.statusCode).toBe(200);
      const res = await sale(tokens.cashier, { discount: over, approval: { username: former.username, pin: '8642' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APPROVAL_MSG.notApprover);
      // The cashier's own session: a cashier cannot set a PIN, and the one making the sale cannot approve it.
      const self = await sale(tokens.cashier, {
        discount: over,
        approval: { username: t.cashier.username, pin: '1234' },
      });
      expect(self.statusCode).toBe(403);
    });

    it("with another branch's manager", async () => {
      const other = await createUser(ctx.database.db, {
        roleId: ROLE_IDS.manager,
        companyId: t.company.id,
        branchId: t.second.id,
      });
      const token = await login(ctx.app, other.username);
      await request(ctx.app, token, { method: 'PUT', url: '/api/auth/pin', payload: { pin: '9753' } });
      const res = await sale(tokens.cashier, { discount: over, approval: { username: other.username, pin: '9753' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APPROVAL_MSG.notApprover);
      // The same manager approves at their own branch.
      const cashier2 = await createUser(ctx.database.db, { companyId: t.company.id, branchId: t.second.id });
      const at2 = await sale(await login(ctx.app, cashier2.username), {
        branchId: t.second.id,
        discount: over,
        approval: { username: other.username, pin: '9753' },
      });
      expect(at2.statusCode).toBe(201);
    });

    it('after too many attempts (429), even with the right PIN, counted per approver and branch', async () => {
      const approver = await createUser(ctx.database.db, {
        roleId: ROLE_IDS.manager,
        companyId: t.company.id,
        branchId: t.main.id,
      });
      await request(ctx.app, await login(ctx.app, approver.username), {
        method: 'PUT',
        url: '/api/auth/pin',
        payload: { pin: '2580' },
      });
      for (let i = 0; i < APPROVAL_MAX_ATTEMPTS; i++) {
        const res = await sale(tokens.cashier, {
          discount: over,
          approval: { username: approver.username, pin: '1111' },
        });
        expect(res.statusCode).toBe(403);
      }
      const blocked = await sale(tokens.cashier, {
        discount: over,
        approval: { username: approver.username, pin: '2580' },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(APPROVAL_MSG.tooMany);
    });
  });
});
