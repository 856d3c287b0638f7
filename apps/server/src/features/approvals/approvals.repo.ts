import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, companies, loginRateLimits, users } from '../../db/schema';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };

const rulesColumns = {
  branchId: branches.id,
  cashierMaxDiscountPercent: branches.cashierMaxDiscountPercent,
  cashierMayChangePrice: branches.cashierMayChangePrice,
  cashierMayRefundWithoutReceipt: branches.cashierMayRefundWithoutReceipt,
  cashierMayZeroTax: branches.cashierMayZeroTax,
  cashierMayReceiveTransfers: branches.cashierMayReceiveTransfers,
  cashierMayCount: branches.cashierMayCount,
  cashierMayTakeReturns: branches.cashierMayTakeReturns,
  overShortThreshold: branches.overShortThreshold,
  cashDenominations: branches.cashDenominations,
  offlineLimitHours: branches.offlineLimitHours,
};

export type RulesRow = Awaited<ReturnType<typeof findRules>>;

/** The branch's register rules; `forUpdate` locks the row until the transaction ends (read, write, audit). */
export async function findRules(db: DbOrTx, { companyId, branchId }: BranchKey, forUpdate = false) {
  const query = db
    .select(rulesColumns)
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
  const [row] = forUpdate ? await query.for('update') : await query.limit(1);
  return row;
}

export async function setRules(
  db: DbOrTx,
  { companyId, branchId }: BranchKey,
  rules: {
    cashierMaxDiscountPercent: string;
    cashierMayChangePrice: boolean;
    cashierMayRefundWithoutReceipt: boolean;
    cashierMayZeroTax: boolean;
    cashierMayReceiveTransfers: boolean;
    cashierMayCount: boolean;
    cashierMayTakeReturns?: boolean;
    overShortThreshold: string;
    cashDenominations: number[] | null;
    offlineLimitHours: number;
  },
) {
  await db
    .update(branches)
    .set(rules)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
}

export async function findPin(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ pinHash: users.pinHash, pinLockedAt: users.pinLockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { pinHash: null, pinLockedAt: null };
}

/** A new PIN unlocks a locked one and forgets its wrong attempts (domain/approvals.ts counts them). */
/** The ids of the companies in this scope (every company for 'all'), through the one tenant filter. */
export async function companyIdsIn(db: DbOrTx, companyIds: CompanyScope): Promise<string[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(tenantFilter(companies.id, companyIds));
  return rows.map((r) => r.id);
}

export async function setPinHash(db: DbOrTx, { userId, pinHash }: { userId: string; pinHash: string }) {
  await db.update(users).set({ pinHash, pinLockedAt: null }).where(eq(users.id, userId));
  await db.delete(loginRateLimits).where(eq(loginRateLimits.key, `approval:failed:${userId}`));
}
