import type { CurrencySetting, ScaleLabelSetting, TaxRegistration, TaxSetting, UpdateTaxInput } from '@pos/shared';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, resolveBranch, resolveCompany } from '../../lib/access';
import * as repo from './settings.repo';

export async function getTax(db: Db, actor: Actor, branchId: string): Promise<TaxSetting> {
  const scope = await resolveBranch(db, { actor, branchId });
  return { branchId, taxRate: await repo.findTaxRate(db, scope) };
}

export async function updateTax(db: Db, actor: Actor, input: UpdateTaxInput): Promise<TaxSetting> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'manage_tax' });
  const taxRate = Math.round(input.taxRate * 100) / 100;
  await db.transaction(async (tx) => {
    const before = await repo.findTaxRateForUpdate(tx, scope);
    await repo.setTaxRate(tx, { ...scope, taxRate });
    await writeAudit(tx, {
      ...scope,
      userId: actor.userId,
      action: 'settings.tax',
      entityType: 'branch',
      entityId: scope.branchId,
      before: { taxRate: before },
      after: { taxRate },
    });
  });
  return { branchId: scope.branchId, taxRate };
}

/** The company's currency: Super Admin (manage_companies) of that company. */
export async function updateCurrency(
  db: Db,
  actor: Actor,
  input: { companyId: string; currency: string },
): Promise<CurrencySetting> {
  const companyId = resolveCompany(actor, input.companyId, 'manage_companies');
  await db.transaction(async (tx) => {
    const before = await repo.setCurrency(tx, { companyId, currency: input.currency });
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'company.currency',
      entityType: 'company',
      entityId: companyId,
      before: { currency: before },
      after: { currency: input.currency },
    });
  });
  return { companyId, currency: input.currency };
}

/** The prefix of the company's scale labels: Super Admin (manage_companies) of that company. */
export async function updateScaleLabels(
  db: Db,
  actor: Actor,
  input: { companyId: string; scaleWeightPrefix: string | null },
): Promise<ScaleLabelSetting> {
  const companyId = resolveCompany(actor, input.companyId, 'manage_companies');
  const { scaleWeightPrefix } = input;
  await db.transaction(async (tx) => {
    const before = await repo.setScaleWeightPrefix(tx, { companyId, scaleWeightPrefix });
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'company.scale_labels',
      entityType: 'company',
      entityId: companyId,
      before: { scaleWeightPrefix: before },
      after: { scaleWeightPrefix },
    });
  });
  return { companyId, scaleWeightPrefix };
}

/** The company's NTN and STRN (printed in every receipt's header): Super Admin (manage_companies) of that company. */
export async function updateTaxRegistration(
  db: Db,
  actor: Actor,
  input: { companyId: string; taxId: string | null; strn: string | null },
): Promise<TaxRegistration> {
  const companyId = resolveCompany(actor, input.companyId, 'manage_companies');
  const after = { taxId: input.taxId, strn: input.strn };
  await db.transaction(async (tx) => {
    const before = await repo.setTaxRegistration(tx, { companyId, ...after });
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'company.tax_registration',
      entityType: 'company',
      entityId: companyId,
      before,
      after,
    });
  });
  return { companyId, ...after };
}
