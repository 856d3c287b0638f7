import { randomInt } from 'node:crypto';
import {
  type GiftVoucher,
  type PageMeta,
  pageMeta,
  type SellVoucherInput,
  toMinor,
  VOUCHER_MSG,
  type VoucherLiability,
  type VoucherListQuery,
  voucherCodeDigest,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { drawerForCash, payIntoDrawer } from '../../domain/cash-drawer';
import { addVoucherEntry } from '../../domain/gift-vouchers.repo';
import { type Actor, type BranchScope, isCashier, resolveBranch } from '../../lib/access';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './gift-vouchers.repo';

/**
 * Gift vouchers (docs/architecture/returns.md, 'Gift vouchers'): sold for cash (into a register's drawer, a
 * paid-in of its shift) or card; a liability until spent, never revenue; spent as a sale's `voucher` tender.
 */

// Crockford's base 32 (no I, L, O, U): read aloud and typed without confusion.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newCode = () => `GV${Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(32)]).join('')}`;

const toVoucher = (r: NonNullable<Awaited<ReturnType<typeof repo.voucherById>>>): GiftVoucher => ({
  id: r.id,
  code: r.code,
  amount: toMoney(r.amount),
  balance: toMoney(r.balance),
  expiresOn: r.expiresOn,
  status: r.status,
  branchName: r.branchName,
  soldByName: r.soldByName,
  createdAt: r.createdAt.toISOString(),
});

const voucherIdReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This id was already used for a different gift voucher');

/** Today in the branch's calendar (YYYY-MM-DD). */
const todayIn = (timezone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

/**
 * POST /gift-vouchers: anyone who sells sells a voucher at the branch. Cash with `shift_id` goes into that open
 * shift's drawer (a paid-in, by its cashier or a manager); a cashier's cash needs one (400). Its issue entry
 * gives it its balance; the audit row names it. The same `id` again answers the first (422 for another voucher).
 */
export async function sellVoucher(db: Db, actor: Actor, input: SellVoucherInput): Promise<GiftVoucher> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  if (input.id) {
    const existing = await repo.voucherById(db, { companyId: scope.companyId, id: input.id });
    if (existing) {
      const same =
        toMinor(toMoney(existing.amount)) === toMinor(input.amount) &&
        existing.branchId === scope.branchId &&
        existing.method === input.method;
      if (!same) throw voucherIdReused();
      return toVoucher(existing);
    }
  }
  if (input.expires_on && input.expires_on <= todayIn(scope.timezone)) {
    throw badRequest(VOUCHER_MSG.expiryPast, { expires_on: VOUCHER_MSG.expiryPast });
  }
  if (input.method === 'cash' && !input.shift_id && isCashier(actor)) {
    throw badRequest(VOUCHER_MSG.needsShift, { shift_id: VOUCHER_MSG.needsShift });
  }
  const shift =
    input.method === 'cash' && input.shift_id
      ? await drawerForCash(db, actor, { ...scope, shiftId: input.shift_id })
      : undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      const code = newCode();
      // What the registers' sync carries instead of the code (~20 ms of WebCrypto, off the event loop).
      const digest = await voucherCodeDigest(code, scope.companyId);
      const id = await issue(db, actor, scope, input, shift, { code, digest });
      const sold = await repo.voucherById(db, { companyId: scope.companyId, id });
      if (!sold) throw notFound('Gift voucher');
      return toVoucher(sold);
    } catch (error) {
      // A code drawn twice (1 in 2^50 per pair) draws again; the register's id taken by a race answers above.
      if (attempt < 3 && isUniqueViolation(error, 'gift_vouchers_code_uq')) continue;
      throw error;
    }
  }
}

async function issue(
  db: Db,
  actor: Actor,
  scope: BranchScope,
  input: SellVoucherInput,
  shift: { companyId: string; id: string; registerId: string } | undefined,
  { code, digest }: { code: string; digest: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const movementId = shift
      ? await payIntoDrawer(tx, shift, {
          amount: input.amount.toFixed(2),
          reason: `Gift voucher ${code}`,
          userId: actor.userId,
        })
      : null;
    const voucher = await repo.insertVoucher(tx, {
      ...(input.id && { id: input.id }),
      companyId: scope.companyId,
      code,
      codeDigest: digest,
      branchId: scope.branchId,
      amount: input.amount.toFixed(2),
      expiresOn: input.expires_on ?? null,
      method: input.method,
      shiftId: shift?.id ?? null,
      movementId,
      soldBy: actor.userId,
    });
    await addVoucherEntry(tx, {
      companyId: scope.companyId,
      voucherId: voucher.id,
      amount: input.amount.toFixed(2),
      kind: 'issue',
      userId: actor.userId,
    });
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      registerId: shift?.registerId ?? null,
      action: 'gift_voucher.sell',
      entityType: 'gift_voucher',
      entityId: voucher.id,
      after: { code, amount: input.amount, method: input.method, expiresOn: input.expires_on ?? null },
    });
    return voucher.id;
  });
}

/**
 * GET /gift-vouchers/code/{code}?branchId=: a voucher of the branch's company by its code (the register's
 * balance check before it takes the tender); 404 for a code the company never sold.
 */
export async function voucherByCode(db: Db, actor: Actor, branchId: string, code: string): Promise<GiftVoucher> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'sell' });
  const found = await repo.voucherByCode(db, { companyId: scope.companyId, code });
  if (!found) throw notFound('Gift voucher');
  return toVoucher(found);
}

/** GET /gift-vouchers: a page of the vouchers sold at the branch, newest first (managers). */
export async function listVouchers(
  db: Db,
  actor: Actor,
  query: VoucherListQuery & { page: number; limit: number; status: 'active' | 'used' | 'expired' | 'all' },
): Promise<{ items: GiftVoucher[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const { rows, total } = await repo.vouchersPage(db, scope, {
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items: rows.map(toVoucher), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** GET /gift-vouchers/liability: what the vouchers sold at the branch still owe (managers). */
export async function voucherLiability(db: Db, actor: Actor, branchId: string): Promise<VoucherLiability> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_sales' });
  const row = await repo.liabilityOf(db, scope);
  return {
    activeCount: row?.active_count ?? 0,
    outstanding: toMoney(row?.outstanding ?? '0'),
    expiredCount: row?.expired_count ?? 0,
    expiredBalance: toMoney(row?.expired_balance ?? '0'),
  };
}
