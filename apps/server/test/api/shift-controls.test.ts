import { randomUUID } from 'node:crypto';
import { DEVICE_MSG, paidOutCeilingMessage, ROLE_IDS, SHIFT_MSG } from '@pos/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, cashMovements } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadMovements, uploadSigned } from '../helpers/device';
import {
  createOpenShift,
  createProduct,
  createRegister,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Controls a cashier cannot get around at the drawer: a paid out never exceeds the cash expected in
 * the drawer (two at once included); only the shift's cashier or a manager moves cash on it or opens
 * it without a sale (audited); a closed shift's Z figures never change: an offline sale uploaded after
 * its shift closed is a late sale of it, counted in the register's next shift; a register filter of
 * another branch is 404. Paid in / out recorded offline sync in the register's batch, signed, once, and
 * under the same rules (a paid out past the drawer is flagged, the cash having left).
 */
describe(`shift controls (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let tokens: { cashier: string; otherCashier: string; manager: string; secondCashier: string };

  const db = () => ctx.database.db;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    request(ctx.app, token, { method, url, payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    const other = await createUser(db(), {
      roleId: ROLE_IDS.cashier,
      companyId: tenant.company.id,
      branchId: tenant.main.id,
    });
    const second = await createUser(db(), {
      roleId: ROLE_IDS.cashier,
      companyId: tenant.company.id,
      branchId: tenant.second.id,
    });
    tokens = {
      cashier: await login(ctx.app, tenant.cashier.username),
      otherCashier: await login(ctx.app, other.username),
      manager: await login(ctx.app, tenant.manager.username),
      secondCashier: await login(ctx.app, second.username),
    };
  });
  afterAll(() => ctx.close());

  /** The cashier's new shift at a new register of the main branch. */
  async function openShift(openingFloat: number, token = tokens.cashier) {
    const register = await createRegister(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const res = await call(token, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId: register.id,
      openingFloat,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { register, shift: res.json().data as { id: string } };
  }

  /** The same at a register enrolled with its key (confirmed by the manager): it can upload offline sales. */
  async function openSignedShift(openingFloat: number) {
    const { register, key } = await enrolDevice(ctx.app, {
      token: tokens.cashier,
      branchId: tenant.main.id,
      trustedBy: tokens.manager,
    });
    const res = await call(tokens.cashier, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId: register.id,
      openingFloat,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { register, key, shift: res.json().data as { id: string } };
  }

  const paidOut = (token: string, shiftId: string, amount: number) =>
    call(token, 'POST', `/api/shifts/${shiftId}/cash-movements`, { kind: 'paid_out', amount, reason: 'Supplier' });
  const report = async (shiftId: string) =>
    (await call(tokens.manager, 'GET', `/api/shifts/${shiftId}/report`)).json().data;

  it('refuses a paid out beyond the expected cash (409 naming what is there); up to it passes', async () => {
    const { shift } = await openShift(10);
    const tooMuch = await paidOut(tokens.cashier, shift.id, 5000);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(paidOutCeilingMessage('PKR 10.00'));
    expect(tooMuch.json().errors.amount).toBe(paidOutCeilingMessage('PKR 10.00'));
    const paidIn = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      kind: 'paid_in',
      amount: 2.5,
      reason: 'Change brought in',
    });
    expect(paidIn.statusCode).toBe(201);
    expect((await paidOut(tokens.cashier, shift.id, 12.51)).json().message).toBe(paidOutCeilingMessage('PKR 12.50'));
    expect((await paidOut(tokens.cashier, shift.id, 12.5)).statusCode).toBe(201);
    const empty = await paidOut(tokens.cashier, shift.id, 0.01);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(paidOutCeilingMessage('PKR 0.00'));
    expect((await report(shift.id)).expectedCash).toBe(0);
  });

  it('lets two paid outs at once take no more than the drawer together', async () => {
    const { shift } = await openShift(10);
    const answers = await Promise.all([paidOut(tokens.cashier, shift.id, 6), paidOut(tokens.cashier, shift.id, 6)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await report(shift.id)).expectedCash).toBe(4);
  });

  it("keeps a shift's drawer to its cashier and managers: another cashier 403, another branch 404", async () => {
    const { register, shift } = await openShift(50);
    for (const url of [`/api/shifts/${shift.id}/cash-movements`, `/api/shifts/${shift.id}/no-sale`]) {
      const payload = url.endsWith('no-sale') ? undefined : { kind: 'paid_in', amount: 1, reason: 'Float top-up' };
      const other = await call(tokens.otherCashier, 'POST', url, payload);
      expect(other.statusCode, url).toBe(403);
      expect(other.json().message).toBe(SHIFT_MSG.notYourShift);
      expect((await call(tokens.secondCashier, 'POST', url, payload)).statusCode, url).toBe(404);
      expect((await call(tokens.manager, 'POST', url, payload)).statusCode, url).toBe(201);
      expect((await call(tokens.cashier, 'POST', url, payload)).statusCode, url).toBe(201);
    }
    // "No sale" is its own audited action naming the register and the shift.
    const rows = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'shift.no_sale'), eq(auditLogs.entityId, shift.id)));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.userId).sort()).toEqual([tenant.cashier.id, tenant.manager.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ registerId: register.id, entityType: 'shift', branchId: tenant.main.id });
      expect(row.after).toEqual({ register: register.code, shiftId: shift.id });
    }
    const closed = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 52 });
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/no-sale`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SHIFT_MSG.shiftClosed);
  });

  it("never changes a closed shift's Z: a late offline sale shows on it and counts in the register's next shift", async () => {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '10.00',
      stockQuantity: 10,
    });
    const { register, shift, key } = await openSignedShift(10);
    const closed = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 10 });
    expect(closed.statusCode, closed.body).toBe(200);
    const z = closed.json().data;
    expect(z.shift).toMatchObject({ expected: 10, overShort: 0 });
    expect(z.lateSales).toEqual({ count: 0, total: 0 });

    let receipt = 0;
    // Uploaded as the register's outbox does: a batch, signed by the register.
    const upload = async (shiftId: string) => {
      const id = randomUUID();
      const res = await uploadSigned(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        sales: [
          {
            sale: {
              id,
              branchId: tenant.main.id,
              items: [{ product_id: product.id, quantity: 1, price: 10 }],
              subtotal: 10,
              tax: 0,
              tax_rate: 0,
              discount_type: 'amount',
              discount_value: 0,
              discount_amount: 0,
              total: 10,
              payment_method: 'cash',
              amount_paid: 10,
              change: 0,
              register_id: register.id,
              shift_id: shiftId,
              offline: true,
              sold_at: new Date(Date.now() - 60_000).toISOString(),
              receipt_number: `${register.code}-${String(++receipt).padStart(6, '0')}`,
            },
          },
        ],
      });
      const result = res.json().data.results[0];
      const sale = await call(tokens.manager, 'GET', `/api/transactions/${result.id}`);
      return { statusCode: result.status as number, body: JSON.stringify(result), json: () => sale.json() };
    };

    // Uploaded while no shift is open at the register: accepted, waiting for the next shift.
    const first = await upload(shift.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.shift_id).toBeNull();
    const after = await report(shift.id);
    expect(after.expectedCash).toBe(10);
    expect(after.sales.count).toBe(0);
    expect(after.shift).toEqual(z.shift);
    expect(after.lateSales).toEqual({ count: 1, total: 10 });
    expect(await checkInvariants(db())).toEqual([]);

    // The next shift at the register takes it; a late sale uploaded while it is open joins it at once.
    const next = await call(tokens.cashier, 'POST', '/api/shifts', {
      branchId: tenant.main.id,
      registerId: register.id,
      openingFloat: 5,
    });
    expect(next.statusCode).toBe(201);
    const nextId = next.json().data.id;
    expect((await report(nextId)).sales.count).toBe(1);
    const second = await upload(shift.id);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.shift_id).toBe(nextId);
    const x = await report(nextId);
    expect(x.sales.count).toBe(2);
    expect(x.expectedCash).toBe(25);
    expect(x.lateSales).toEqual({ count: 0, total: 0 });
    const closedLater = await report(shift.id);
    expect(closedLater.expectedCash).toBe(10);
    expect(closedLater.shift).toEqual(z.shift);
    expect(closedLater.lateSales).toEqual({ count: 2, total: 20 });

    const nextClosed = await call(tokens.cashier, 'POST', `/api/shifts/${nextId}/close`, { counted: 25 });
    expect(nextClosed.statusCode, nextClosed.body).toBe(200);
    expect(nextClosed.json().data.shift).toMatchObject({ expected: 25, overShort: 0 });
    expect(await checkInvariants(db())).toEqual([]);
  });

  /** A paid in / out as the register queues it offline (offlineCashMovementSchema). */
  const offlineMovement = (
    shift: { id: string },
    register: { id: string },
    kind: 'paid_in' | 'paid_out',
    amount: number,
    userId = tenant.cashier.id,
  ) => ({
    id: randomUUID(),
    shift_id: shift.id,
    register_id: register.id,
    user_id: userId,
    kind,
    amount,
    reason: `${kind} offline`,
    at: new Date(Date.now() - 60_000).toISOString(),
    offline: true,
  });
  type MovementResult = { id: string | null; status: number; replayed: boolean; code: string | null; message: string };
  const movementResults = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { movementResults: MovementResult[] } }).data.movementResults;
  };
  const movementRows = (ids: string[]) =>
    db()
      .select()
      .from(cashMovements)
      .where(and(eq(cashMovements.companyId, tenant.company.id), inArray(cashMovements.id, ids)));

  it('syncs offline paid in / out once: signed in the batch, a batch sent again answers replayed, the report counts each once', async () => {
    const { register, key, shift } = await openSignedShift(20);
    const paidIn = offlineMovement(shift, register, 'paid_in', 5.5);
    const paidOut = offlineMovement(shift, register, 'paid_out', 12.25);
    const upload = () =>
      uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        movements: [{ movement: paidIn }, { movement: paidOut }],
      });
    const first = movementResults(await upload());
    expect(first).toEqual([
      { id: paidIn.id, status: 201, replayed: false, code: null, message: 'Cash movement recorded' },
      { id: paidOut.id, status: 201, replayed: false, code: null, message: 'Cash movement recorded' },
    ]);
    // The answer was lost: the register sends the same batch again (and once more); nothing is recorded twice.
    for (let i = 0; i < 2; i++) {
      expect((await upload()).json().data.movementResults.map((r: MovementResult) => [r.status, r.replayed])).toEqual([
        [201, true],
        [201, true],
      ]);
    }
    const x = await report(shift.id);
    expect(x.paidIn).toBe(5.5);
    expect(x.paidOut).toBe(12.25);
    expect(x.expectedCash).toBe(13.25);
    expect(x.cashMovements).toHaveLength(2);
    expect(x.cashMovements.map((m: { id: string }) => m.id).sort()).toEqual([paidIn.id, paidOut.id].sort());
    for (const m of x.cashMovements)
      expect(m).toMatchObject({ offline: true, flags: [], userName: tenant.cashier.name });
    const rows = await movementRows([paidIn.id, paidOut.id]);
    expect(rows.map((r) => r.at.toISOString()).sort()).toEqual([paidIn.at, paidOut.at].sort());
    // One audit row each, naming the cashier, the register and the register's time.
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'shift.cash_movement'), eq(auditLogs.entityId, shift.id)));
    expect(audits).toHaveLength(2);
    for (const row of audits) {
      expect(row).toMatchObject({ userId: tenant.cashier.id, registerId: register.id });
      expect(row.after).toMatchObject({ offline: true, flags: [] });
    }
    // Another movement under a recorded one's id is not a replay.
    const reused = movementResults(
      await uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        movements: [{ movement: { ...paidOut, amount: 1 } }],
      }),
    );
    expect(reused[0]).toMatchObject({ id: paidOut.id, status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await report(shift.id)).paidOut).toBe(12.25);
    // A shift with offline movements closes like any other, its Z from the rows.
    const closed = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 13.25 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.shift).toMatchObject({ expected: 13.25, overShort: 0 });
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('records a movement once when its online answer was lost and the register queued it offline under the same id', async () => {
    const { register, key, shift } = await openSignedShift(20);
    const queued = offlineMovement(shift, register, 'paid_out', 7);
    const { id, kind, amount, reason } = queued;
    const online = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      id,
      kind,
      amount,
      reason,
    });
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json().data).toMatchObject({ id, offline: false, flags: [] });
    const again = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      id,
      kind,
      amount,
      reason,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(id);
    const synced = movementResults(
      await uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        movements: [{ movement: queued }],
      }),
    );
    expect(synced).toEqual([{ id, status: 201, replayed: true, code: null, message: 'Cash movement recorded' }]);
    const x = await report(shift.id);
    expect([x.paidOut, x.expectedCash, x.cashMovements.length]).toEqual([7, 13, 1]);
    const other = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/cash-movements`, {
      id,
      kind,
      amount: 1,
      reason,
    });
    expect(other.statusCode).toBe(422);
  });

  it('refuses an offline movement without the register signature (403 like an unsigned offline sale) or signed by another key', async () => {
    const { register, key, shift } = await openSignedShift(20);
    const other = await enrolDevice(ctx.app, { token: tokens.cashier, branchId: tenant.main.id });
    const unsigned = offlineMovement(shift, register, 'paid_in', 3);
    const forged = offlineMovement(shift, register, 'paid_out', 3);
    const tampered = offlineMovement(shift, register, 'paid_out', 2);
    const results = movementResults(
      await uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key: null,
        movements: [
          { movement: unsigned },
          { movement: forged, signature: other.key.signMovement(forged) },
          // Signed for 2.00, sent as 20.00.
          { movement: { ...tampered, amount: 20 }, signature: key.signMovement(tampered) },
          // A sale's signature of the same object is not a movement's.
          { movement: unsigned, signature: key.sign(unsigned) },
        ],
      }),
    );
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      [403, 'DEVICE_PROOF_REQUIRED', DEVICE_MSG.movementProofRequired],
      [403, 'DEVICE_PROOF_INVALID', DEVICE_MSG.movementProofInvalid],
      [403, 'DEVICE_PROOF_INVALID', DEVICE_MSG.movementProofInvalid],
      [403, 'DEVICE_PROOF_INVALID', DEVICE_MSG.movementProofInvalid],
    ]);
    expect(await movementRows([unsigned.id, forged.id, tampered.id])).toEqual([]);
    const x = await report(shift.id);
    expect([x.paidIn, x.paidOut, x.expectedCash]).toEqual([0, 0, 20]);
  });

  it('flags an offline paid out beyond the drawer (the cash has left: recorded, as offline sales are) where online it is 409', async () => {
    const { register, key, shift } = await openSignedShift(10);
    const online = await paidOut(tokens.cashier, shift.id, 10.01);
    expect(online.statusCode).toBe(409);
    expect(online.json().message).toBe(paidOutCeilingMessage('PKR 10.00'));
    const within = offlineMovement(shift, register, 'paid_out', 4);
    const beyond = offlineMovement(shift, register, 'paid_out', 6.01);
    const results = movementResults(
      await uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        movements: [{ movement: within }, { movement: beyond }],
      }),
    );
    expect(results.map((r) => [r.status, r.replayed])).toEqual([
      [201, false],
      [201, false],
    ]);
    const x = await report(shift.id);
    expect(x.expectedCash).toBe(-0.01);
    const flags = Object.fromEntries(x.cashMovements.map((m: { id: string; flags: string[] }) => [m.id, m.flags]));
    expect(flags).toEqual({ [within.id]: [], [beyond.id]: ['paid_out_over_drawer'] });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'shift.cash_movement'),
          eq(auditLogs.entityId, shift.id),
          eq(auditLogs.userId, tenant.cashier.id),
        ),
      )
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(audit?.after).toMatchObject({ movementId: beyond.id, flags: ['paid_out_over_drawer'] });
  });

  it("keeps offline movements to the register's own open shift, recorded by staff who signed in on it", async () => {
    const { register, key, shift } = await openSignedShift(10);
    const elsewhere = await openShift(10);
    const otherUser = await createUser(db(), {
      roleId: ROLE_IDS.cashier,
      companyId: tenant.company.id,
      branchId: tenant.main.id,
    });
    // Another register's shift: not this register's to move cash on.
    const foreign = offlineMovement(elsewhere.shift, register, 'paid_in', 1);
    // A user who never signed in on the register.
    const stranger = offlineMovement(shift, register, 'paid_in', 1, otherUser.id);
    const results = movementResults(
      await uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        movements: [{ movement: foreign }, { movement: stranger }, { movement: { ...foreign, amount: 'x' } }],
      }),
    );
    expect(results.map((r) => [r.status, r.message])).toEqual([
      [404, 'Shift not found'],
      [403, 'The user named has never signed in on this register'],
      [400, expect.any(String)],
    ]);
    // The shift closed before the upload: refused (409) and listed on the register, not put in a closed Z.
    const closed = await call(tokens.cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: 10 });
    expect(closed.statusCode, closed.body).toBe(200);
    const late = movementResults(
      await uploadMovements(ctx.app, {
        token: tokens.cashier,
        branchId: tenant.main.id,
        key,
        movements: [{ movement: offlineMovement(shift, register, 'paid_in', 1) }],
      }),
    );
    expect(late.map((r) => [r.status, r.message])).toEqual([[409, SHIFT_MSG.shiftClosed]]);
  });

  it('answers 404 for a register filter of another branch or company, not an empty page', async () => {
    const { register } = await openShift(0);
    const own = await call(tokens.manager, 'GET', `/api/shifts?branchId=${tenant.main.id}&registerId=${register.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveLength(1);
    const elsewhere = await createOpenShift(db(), { companyId: tenant.company.id, branchId: tenant.second.id });
    for (const url of ['/api/shifts', '/api/shifts/export.csv']) {
      const res = await call(
        tokens.manager,
        'GET',
        `${url}?branchId=${tenant.main.id}&registerId=${elsewhere.registerId}`,
      );
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Register not found');
    }
  });
});
