import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, companies } from '../../db/schema';
import { toMoney } from '../../lib/money';

type BranchKey = { companyId: string; branchId: string };

export async function findTaxRate(db: DbOrTx, { companyId, branchId }: BranchKey): Promise<number> {
  const [row] = await db
    .select({ taxRate: branches.taxRate })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .limit(1);
  return toMoney(row?.taxRate);
}

/** The rate, with the branch row locked until the transaction ends (for a read-then-write with an audit row). */
export async function findTaxRateForUpdate(db: DbOrTx, { companyId, branchId }: BranchKey): Promise<number> {
  const [row] = await db
    .select({ taxRate: branches.taxRate })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .for('update');
  return toMoney(row?.taxRate);
}

export async function setTaxRate(db: DbOrTx, { companyId, branchId, taxRate }: BranchKey & { taxRate: number }) {
  await db
    .update(branches)
    .set({ taxRate: taxRate.toFixed(2) })
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
}

/** Sets the company's currency; answers the one it had (the row is locked by the update). */
export async function setCurrency(db: DbOrTx, { companyId, currency }: { companyId: string; currency: string }) {
  const [before] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  await db.update(companies).set({ currency }).where(eq(companies.id, companyId));
  return before?.currency ?? null;
}

/** Sets the company's scale-label prefix; answers the one it had (the row is locked by the update). */
export async function setScaleWeightPrefix(
  db: DbOrTx,
  { companyId, scaleWeightPrefix }: { companyId: string; scaleWeightPrefix: string | null },
) {
  const [before] = await db
    .select({ scaleWeightPrefix: companies.scaleWeightPrefix })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  await db.update(companies).set({ scaleWeightPrefix }).where(eq(companies.id, companyId));
  return before?.scaleWeightPrefix ?? null;
}

type TaxRegistrationRow = { taxId: string | null; strn: string | null };

/** Sets the company's NTN and STRN; answers the ones it had (the row is locked by the update). */
export async function setTaxRegistration(
  db: DbOrTx,
  { companyId, taxId, strn }: TaxRegistrationRow & { companyId: string },
): Promise<TaxRegistrationRow | null> {
  const [before] = await db
    .select({ taxId: companies.taxId, strn: companies.strn })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  await db.update(companies).set({ taxId, strn }).where(eq(companies.id, companyId));
  return before ?? null;
}
