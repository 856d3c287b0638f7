import { APPROVAL_MSG, computeCartTotals, ROLE_IDS } from '@pos/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalGrants, auditLogs, branches, loginRateLimits, products, users } from '../../src/db/schema';
import { APPROVAL_MAX_ATTEMPTS, PIN_LOCK_AFTER } from '../../src/domain/approvals';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createProduct,
  createRegister,
  createTenant,
  createUser,
  login,
  openTestShift,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/**
 * Manager approval at the register: PINs, the branch's register rules, and the limits
 * enforced by the server on POST /transactions whatever the register did. An approval is a one-time
 * grant (POST /approvals/grants) bound to one register and one cart, consumed by one sale.
 */
describe(`approvals and register rules (${engineName()})`, () => {
  let ctx: TestContext;
  let t: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };
  /** The cashier's register at the main branch (a sale's grant is bound to its register). */
  let register: { id: string };
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
    register = await createRegister(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
    for (const token of [admin, manager]) {
      const res = await request(ctx.app, token, { method: 'PUT', url: '/api/auth/pin', payload: { pin: PIN } });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
    await ctx.close();
  });

  type Cart = {
    branchId?: string;
    registerId?: string;
    discount?: { type: 'percentage' | 'amount'; value: number };
    taxRate?: number;
    unitPrice?: number;
    quantity?: number;
    product?: { id: string; price: string };
    id?: string;
  };

  /** A card sale of `quantity` (2) units of a product (a new one at 100.00 unless given) with the given discount and tax. */
  async function salePayload({
    branchId = t.main.id,
    registerId = register.id,
    discount = { type: 'percentage', value: 0 },
    taxRate = 0,
    unitPrice,
    quantity = 2,
    product,
    id,
  }: Cart = {}) {
    const item =
      product ?? (await createProduct(ctx.database.db, { companyId: t.company.id, branchId, price: '100.00' }));
    const price = Number(item.price);
    const totals = computeCartTotals({
      items: [{ price: unitPrice ?? price, quantity }],
      taxRate,
      discountType: discount.type,
      discountValue: discount.value,
    });
    return {
      ...(id && { id }),
      branchId,
      register_id: registerId,
      items: [{ product_id: item.id, quantity, price, ...(unitPrice !== undefined && { unit_price: unitPrice }) }],
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
    };
  }
  type SalePayload = Awaited<ReturnType<typeof salePayload>>;

  /** POST /approvals/grants for the payload's register and cart, asked by `token`'s user. */
  function askGrant(token: string, payload: SalePayload, approval: { username: string; pin: string }) {
    return request(ctx.app, token, {
      method: 'POST',
      url: '/api/approvals/grants',
      payload: {
        purpose: 'sale',
        branchId: payload.branchId,
        register_id: payload.register_id,
        ...approval,
        items: payload.items,
        discount_type: payload.discount_type,
        discount_value: payload.discount_value,
        tax_rate: payload.tax_rate,
        total: payload.total,
      },
    });
  }

  async function grantFor(token: string, payload: SalePayload, approval: { username: string; pin: string }) {
    const res = await askGrant(token, payload, approval);
    expect(res.statusCode).toBe(201);
    return res.json().data.grant_id as string;
  }

  const send = (token: string, payload: object) =>
    request(ctx.app, token, { method: 'POST', url: '/api/transactions', payload });

  /** A sale; with `approval`, a grant for it is asked first (by the same user) and named by the sale. */
  async function sale(token: string, cart: Cart & { approval?: { username: string; pin: string } } = {}) {
    const payload = await salePayload(cart);
    if (!cart.approval) return send(token, payload);
    const grant = await askGrant(token, payload, cart.approval);
    if (grant.statusCode !== 201) return grant;
    return send(token, { ...payload, approval_grant_id: grant.json().data.grant_id });
  }

  const auditOf = (action: string, entityId: string) =>
    ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));

  /** A new Manager of the branch with an approval PIN. */
  async function newManager(branchId = t.main.id, pin = '2580', companyId = t.company.id) {
    const user = await createUser(ctx.database.db, { roleId: ROLE_IDS.manager, companyId, branchId, pin });
    return { ...user, pin };
  }

  describe('PIN', () => {
    it('is set by Managers and Super Admins for themselves (4-8 digits), hashed, audited without the PIN', async () => {
      const status = await request(ctx.app, tokens.manager, { url: '/api/auth/pin' });
      expect(status.json()).toEqual({ success: true, data: { isSet: true, isLocked: false } });
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
        cashierMayTakeReturns: false,
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

    it("binds the cashier's very next sale on the same session when a manager changes the limit", async () => {
      // The rules are read with the session on each request (lib/access.repo.ts), never kept between requests.
      const url = `/api/branches/${t.main.id}/register-rules`;
      const current = (await request(ctx.app, tokens.manager, { url })).json().data;
      const setLimit = async (cashierMaxDiscountPercent: number) => {
        const payload = { ...current, branchId: undefined, cashierMaxDiscountPercent };
        expect((await request(ctx.app, tokens.manager, { method: 'PUT', url, payload })).statusCode).toBe(200);
      };
      const eightPercent = { discount: { type: 'percentage' as const, value: 8 } };
      try {
        expect((await sale(tokens.cashier, eightPercent)).statusCode).toBe(201);
        await setLimit(5);
        const refused = await sale(tokens.cashier, eightPercent);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toContain('5%');
        await setLimit(8);
        expect((await sale(tokens.cashier, eightPercent)).statusCode).toBe(201);
      } finally {
        await setLimit(current.cashierMaxDiscountPercent);
      }
    });

    it('accepts it with a grant of a manager of the branch (the audit rows name both people)', async () => {
      const payload = await salePayload({ discount: { type: 'percentage', value: 50 } });
      const granted = await askGrant(tokens.cashier, payload, { username: t.manager.username.toUpperCase(), pin: PIN });
      expect(granted.statusCode).toBe(201);
      const grant = granted.json().data;
      expect(grant).toMatchObject({
        grant_id: expect.any(String),
        approver: { id: t.manager.id, name: t.manager.name },
      });
      const [given] = await auditOf('approval.granted', grant.grant_id);
      expect(given).toMatchObject({ userId: t.cashier.id, approvedById: t.manager.id, registerId: register.id });
      expect(JSON.stringify(given)).not.toContain(PIN);
      const res = await send(tokens.cashier, { ...payload, approval_grant_id: grant.grant_id });
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
      expect(refused.json()).toMatchObject({
        code: 'APPROVAL_REQUIRED',
        errors: { approval: 'Price changes at the register need a manager' },
      });
      // The product's own price as the unit price is no change.
      expect((await sale(tokens.cashier, { unitPrice: 100 })).statusCode).toBe(201);
    });

    it("accepts a cashier's price change with a manager's grant: charged at the changed price, audited with both people", async () => {
      const product = await createProduct(ctx.database.db, {
        companyId: t.company.id,
        branchId: t.main.id,
        price: '100.00',
      });
      const payload = await salePayload({ product, unitPrice: 79.99 });
      const grant = await grantFor(tokens.cashier, payload, { username: t.manager.username, pin: PIN });
      // The grant is for this price: the same cart at another price is another cart.
      const other = await salePayload({ product, unitPrice: 70 });
      const refused = await send(tokens.cashier, { ...other, approval_grant_id: grant });
      expect(refused.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.grantOtherCart });
      const res = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(res.statusCode).toBe(201);
      const sold = res.json().data;
      expect(sold).toMatchObject({ subtotal: 159.98, total: 159.98 });
      expect(sold.items[0]).toMatchObject({ unitPrice: 79.99, subtotal: 159.98 });
      const rows = await auditOf('sale.price_override', sold.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: t.cashier.id, approvedById: t.manager.id, registerId: register.id });
      expect(rows[0]?.before).toEqual({ lines: [{ productId: product.id, price: 100 }] });
      expect(rows[0]?.after).toEqual({ lines: [{ productId: product.id, price: 79.99 }] });
    });

    it("records a price change nobody had to approve: a Manager's, and a cashier's where the branch allows it", async () => {
      const byManager = await sale(tokens.manager, { unitPrice: 60 });
      expect(byManager.statusCode).toBe(201);
      const [managerRow] = await auditOf('sale.price_override', byManager.json().data.id);
      expect(managerRow).toMatchObject({ userId: t.manager.id, approvedById: null });
      expect(managerRow?.after).toMatchObject({ lines: [{ price: 60 }] });
      await ctx.database.db.update(branches).set({ cashierMayChangePrice: true }).where(eq(branches.id, t.main.id));
      try {
        const allowed = await sale(tokens.cashier, { unitPrice: 90 });
        expect(allowed.statusCode).toBe(201);
        expect(allowed.json().data.total).toBe(180);
        const [cashierRow] = await auditOf('sale.price_override', allowed.json().data.id);
        expect(cashierRow).toMatchObject({ userId: t.cashier.id, approvedById: null });
      } finally {
        await ctx.database.db.update(branches).set({ cashierMayChangePrice: false }).where(eq(branches.id, t.main.id));
      }
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

  describe('a grant is used once, for its register and its cart', () => {
    const over = { type: 'percentage' as const, value: 40 };
    const approval = () => ({ username: t.manager.username, pin: PIN });

    it('replayed on a second sale: 403, already used', async () => {
      const product = await createProduct(ctx.database.db, {
        companyId: t.company.id,
        branchId: t.main.id,
        price: '100.00',
      });
      const first = await salePayload({ discount: over, product });
      const grant = await grantFor(tokens.cashier, first, approval());
      expect((await send(tokens.cashier, { ...first, approval_grant_id: grant })).statusCode).toBe(201);
      // The same cart again, as another sale, with the same grant.
      const second = await salePayload({ discount: over, product });
      const replay = await send(tokens.cashier, { ...second, approval_grant_id: grant });
      expect(replay.statusCode).toBe(403);
      expect(replay.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.grantUsed });
    });

    it('with another cart (quantity, discount, total): 403, and the grant stays usable for its own cart', async () => {
      const product = await createProduct(ctx.database.db, {
        companyId: t.company.id,
        branchId: t.main.id,
        price: '100.00',
      });
      const approved = await salePayload({ discount: over, product });
      const grant = await grantFor(tokens.cashier, approved, approval());
      const changed = [
        await salePayload({ discount: over, product, quantity: 3 }),
        await salePayload({ discount: { type: 'percentage', value: 60 }, product }),
        await salePayload({ discount: { type: 'amount', value: 80 }, product }),
      ];
      for (const payload of changed) {
        const res = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.grantOtherCart });
      }
      expect((await send(tokens.cashier, { ...approved, approval_grant_id: grant })).statusCode).toBe(201);
    });

    it('expired: 403', async () => {
      const payload = await salePayload({ discount: over });
      const grant = await grantFor(tokens.cashier, payload, approval());
      await ctx.database.db
        .update(approvalGrants)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(approvalGrants.id, grant));
      const res = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.grantExpired });
    });

    it('from another register (or none): 403', async () => {
      const other = await createRegister(ctx.database.db, { companyId: t.company.id, branchId: t.main.id });
      const payload = await salePayload({ discount: over });
      const grant = await grantFor(tokens.cashier, payload, approval());
      const elsewhere = await send(tokens.cashier, { ...payload, register_id: other.id, approval_grant_id: grant });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.grantOtherRegister });
      const nowhere = await send(tokens.cashier, { ...payload, register_id: undefined, approval_grant_id: grant });
      expect(nowhere.statusCode).toBe(403);
    });

    it("asked by another user (a grant is the asker's only): 403", async () => {
      const payload = await salePayload({ discount: over });
      const grant = await grantFor(tokens.manager, payload, { username: t.admin.username, pin: PIN });
      const res = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.grantUnknown });
    });

    it('a retry of the same sale with its consumed grant answers the first sale again', async () => {
      const payload = await salePayload({ discount: over, id: crypto.randomUUID() });
      const grant = await grantFor(tokens.cashier, payload, approval());
      const first = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(first.statusCode).toBe(201);
      const retry = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json().data.id).toBe(first.json().data.id);
      expect(await auditOf('sale.discount_override', first.json().data.id)).toHaveLength(1);
    });

    it('a sale refused after its grant was taken (a price moved) passes with the same grant when retried', async () => {
      const product = await createProduct(ctx.database.db, {
        companyId: t.company.id,
        branchId: t.main.id,
        price: '100.00',
      });
      const payload = await salePayload({ discount: over, product, id: crypto.randomUUID() });
      const grant = await grantFor(tokens.cashier, payload, approval());
      const setPrice = (price: string) =>
        ctx.database.db.update(products).set({ price }).where(eq(products.id, product.id));
      await setPrice('90.00');
      const moved = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(moved.statusCode).toBe(409);
      await setPrice('100.00');
      const retry = await send(tokens.cashier, { ...payload, approval_grant_id: grant });
      expect(retry.statusCode).toBe(201);
      // Still one sale's grant: another sale cannot take it.
      const other = await send(tokens.cashier, { ...payload, id: crypto.randomUUID(), approval_grant_id: grant });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(APPROVAL_MSG.grantUsed);
    });

    it('nobody approves their own sale: a manager asking a grant with their own PIN is refused', async () => {
      const payload = await salePayload({ discount: over });
      const res = await askGrant(tokens.manager, payload, { username: t.manager.username, pin: PIN });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.ownSale });
      // Another manager of the branch may.
      const other = await newManager();
      expect((await askGrant(tokens.manager, payload, other)).statusCode).toBe(201);
    });

    it('asks for a register of the branch and products of the branch (404 otherwise)', async () => {
      const payload = await salePayload({ discount: over });
      const noRegister = await askGrant(tokens.cashier, { ...payload, register_id: crypto.randomUUID() }, approval());
      expect(noRegister.statusCode).toBe(404);
      const elsewhere = await createProduct(ctx.database.db, { companyId: t.company.id, branchId: t.second.id });
      const foreign = await askGrant(
        tokens.cashier,
        { ...payload, items: [{ product_id: elsewhere.id, quantity: 1, price: 1 }] },
        approval(),
      );
      expect(foreign.statusCode).toBe(404);
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

    it("with a cashier's PIN (a cashier who had one as a manager cannot approve), the same answer", async () => {
      const former = await newManager(t.main.id, '8642');
      const demoted = await request(ctx.app, tokens.admin, {
        method: 'PATCH',
        url: `/api/users/${former.id}`,
        payload: { roleIds: [ROLE_IDS.cashier] },
      });
      expect(demoted.statusCode).toBe(200);
      const res = await sale(tokens.cashier, { discount: over, approval: { username: former.username, pin: '8642' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.invalid });
      // The one making the sale cannot approve it.
      const self = await sale(tokens.cashier, {
        discount: over,
        approval: { username: t.cashier.username, pin: '1234' },
      });
      expect(self.statusCode).toBe(403);
    });

    it("with another branch's manager, the same answer; the same manager approves at their own branch", async () => {
      const other = await newManager(t.second.id, '9753');
      const res = await sale(tokens.cashier, { discount: over, approval: { username: other.username, pin: '9753' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.invalid });
      const cashier2 = await createUser(ctx.database.db, { companyId: t.company.id, branchId: t.second.id });
      const register2 = await createRegister(ctx.database.db, { companyId: t.company.id, branchId: t.second.id });
      const at2 = await sale(await login(ctx.app, cashier2.username), {
        branchId: t.second.id,
        registerId: register2.id,
        discount: over,
        approval: { username: other.username, pin: '9753' },
      });
      expect(at2.statusCode).toBe(201);
    });

    it("from another company's cashier: right and wrong PIN of company B's manager get one answer", async () => {
      const b = await createTenant(ctx.database.db);
      const managerB = await newManager(b.main.id, '6420', b.company.id);
      const payload = await salePayload({ discount: over });
      const right = await askGrant(tokens.cashier, payload, { username: managerB.username, pin: '6420' });
      const wrong = await askGrant(tokens.cashier, payload, { username: managerB.username, pin: '6421' });
      const unknown = await askGrant(tokens.cashier, payload, { username: 'no-such-manager', pin: '6420' });
      for (const res of [right, wrong, unknown]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(wrong.json());
      }
      expect(wrong.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.invalid });
      // Wrong PINs from out of reach never lock company B's manager.
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, managerB.id));
      expect(row?.pinLockedAt).toBeNull();
    });

    it('after too many attempts (429), even with the right PIN, counted per approver across branches', async () => {
      const approver = await newManager(t.main.id, '2580');
      const main = await salePayload({ discount: over });
      for (let i = 0; i < APPROVAL_MAX_ATTEMPTS; i++) {
        // Wrong guesses for the same approver from two branches' registers count together.
        const at2 = await salePayload({
          branchId: t.second.id,
          registerId: (await createRegister(ctx.database.db, { companyId: t.company.id, branchId: t.second.id })).id,
          discount: over,
        });
        const res = await askGrant(tokens.manager, i % 2 ? main : at2, { username: approver.username, pin: '1111' });
        expect(res.statusCode).toBe(403);
      }
      const blocked = await askGrant(tokens.manager, main, { username: approver.username, pin: '2580' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(APPROVAL_MSG.tooMany);
    });

    it('locks the PIN after repeated wrong ones: the right PIN is refused, audited, and a new PIN unlocks', async () => {
      const approver = await newManager(t.main.id, '3690');
      const approverToken = await login(ctx.app, approver.username);
      const payload = await salePayload({ discount: over });
      for (let i = 0; i < PIN_LOCK_AFTER; i++) {
        const res = await askGrant(tokens.cashier, payload, { username: approver.username, pin: '1111' });
        expect(res.statusCode).toBe(403);
      }
      const [locked] = await auditOf('user.pin_locked', approver.id);
      expect(locked).toMatchObject({ userId: t.cashier.id, branchId: t.main.id, after: { isLocked: true } });
      expect((await request(ctx.app, approverToken, { url: '/api/auth/pin' })).json().data).toEqual({
        isSet: true,
        isLocked: true,
      });
      // The attempts window passes (its rows go); the lock stays: the right PIN gets the one answer.
      await ctx.database.db.delete(loginRateLimits).where(like(loginRateLimits.key, 'approval:%'));
      const right = await askGrant(tokens.cashier, payload, { username: approver.username, pin: '3690' });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({ code: 'APPROVAL_INVALID', message: APPROVAL_MSG.invalid });
      // A new PIN unlocks.
      const reset = await request(ctx.app, approverToken, {
        method: 'PUT',
        url: '/api/auth/pin',
        payload: { pin: '4812' },
      });
      expect(reset.json().data).toEqual({ isSet: true, isLocked: false });
      expect((await askGrant(tokens.cashier, payload, { username: approver.username, pin: '4812' })).statusCode).toBe(
        201,
      );
    });
  });

  describe('shift close', () => {
    it("nobody approves their own close: a Manager's own shift needs another manager or a Super Admin", async () => {
      const own = await newManager(t.second.id, '1470');
      const token = await login(ctx.app, own.username);
      const shift = await openTestShift(ctx.database.db, {
        companyId: t.company.id,
        branchId: t.second.id,
        userId: own.id,
      });
      const ask = (approval: { username: string; pin: string }) =>
        request(ctx.app, token, {
          method: 'POST',
          url: '/api/approvals/grants',
          payload: { purpose: 'shift_close', branchId: t.second.id, shift_id: shift.id, counted_cash: 50, ...approval },
        });
      const self = await ask({ username: own.username, pin: '1470' });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(APPROVAL_MSG.ownShift);
      const byAdmin = await ask({ username: t.admin.username, pin: PIN });
      expect(byAdmin.statusCode).toBe(201);
      const closed = await request(ctx.app, token, {
        method: 'POST',
        url: `/api/shifts/${shift.id}/close`,
        payload: { counted: 50, approval_grant_id: byAdmin.json().data.grant_id },
      });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().data.shift).toMatchObject({ overShort: 50, approvedByName: t.admin.name });
    });
  });
});
