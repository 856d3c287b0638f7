import {
  type createTaxClassSchema,
  type PageMeta,
  pageMeta,
  TAX_CLASS_MSG,
  type TaxClass,
  type taxClassListQuerySchema,
  taxClassRateIssue,
  type updateTaxClassSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { refreshListings } from '../../domain/catalog.repo';
import { type Actor, loadInScope, resolveCompany } from '../../lib/access';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './tax-classes.repo';

/** Classes are read by whoever manages the catalogue (an item's form picks one) and changed by Super Admins. */
const READ = 'manage_items' as const;
const WRITE = 'manage_tax' as const;

const duplicate = () => conflict(TAX_CLASS_MSG.duplicate, { name: TAX_CLASS_MSG.duplicate });

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'tax_classes_company_name_uq')) throw duplicate();
  throw error;
}

export async function listTaxClasses(
  db: Db,
  actor: Actor,
  query: z.output<typeof taxClassListQuerySchema>,
): Promise<{ items: TaxClass[]; meta: PageMeta }> {
  const companyId = resolveCompany(actor, query.companyId, READ);
  const { items, total } = await repo.listTaxClasses(db, {
    companyId,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

function resolveTaxClass(db: DbOrTx, actor: Actor, id: string) {
  return loadInScope(actor, {
    what: 'Tax class',
    by: 'company',
    permission: WRITE,
    load: (companyIds) => repo.findTaxClass(db, { id, companyIds }),
  });
}

export async function createTaxClass(
  db: Db,
  actor: Actor,
  input: z.output<typeof createTaxClassSchema>,
): Promise<TaxClass> {
  const companyId = resolveCompany(actor, input.companyId, WRITE);
  const values = { name: input.name, kind: input.kind, rate: input.rate, pctCode: input.pctCode ?? null };
  if (await repo.isNameTaken(db, { companyId, name: values.name })) throw duplicate();
  const id = await db
    .transaction(async (tx) => {
      const created = await repo.insertTaxClass(tx, { companyId, values });
      await writeAudit(tx, {
        companyId,
        userId: actor.userId,
        action: 'tax_class.create',
        entityType: 'tax_class',
        entityId: created,
        after: values,
      });
      return created;
    })
    .catch(rethrowDuplicate);
  const created = await repo.findTaxClass(db, { id, companyIds: [companyId] });
  if (!created) throw new Error('tax class vanished after insert');
  return created;
}

/**
 * Archives a class no live item has (409 naming how many have it): it leaves the lists and pickers and its
 * name is free again; the sale lines taxed under it keep naming it. One audit row.
 */
export async function archiveTaxClass(db: Db, actor: Actor, id: string): Promise<TaxClass> {
  const before = await resolveTaxClass(db, actor, id);
  const { companyId } = before;
  await db.transaction(async (tx) => {
    await repo.lockTaxClass(tx, { companyId, id });
    const used = (await repo.classItemIds(tx, { companyId, id })).length;
    if (used > 0) throw conflict(TAX_CLASS_MSG.inUse(used), { taxClassId: TAX_CLASS_MSG.inUse(used) });
    if (!(await repo.archiveTaxClass(tx, { companyId, id }))) throw notFound('Tax class');
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'tax_class.archive',
      entityType: 'tax_class',
      entityId: id,
      before: { name: before.name, kind: before.kind, rate: before.rate, pctCode: before.pctCode },
    });
  });
  return before;
}

/**
 * Changes a class; a new rate reaches every live listing of its items in the same transaction (the
 * registers' next sync brings it), with one audit row naming the rate before and after and the listings.
 */
export async function updateTaxClass(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateTaxClassSchema>,
): Promise<TaxClass & { listings: number }> {
  const before = await resolveTaxClass(db, actor, id);
  const { companyId } = before;
  const values = {
    name: input.name ?? before.name,
    kind: input.kind ?? before.kind,
    rate: input.rate ?? before.rate,
    pctCode: input.pctCode === undefined ? before.pctCode : input.pctCode,
  };
  const rateIssue = taxClassRateIssue(values.kind, values.rate);
  if (rateIssue) throw new AppError(400, 'BAD_REQUEST', rateIssue, { rate: rateIssue });
  if (await repo.isNameTaken(db, { companyId, name: values.name, exceptId: id })) throw duplicate();
  const listings = await db
    .transaction(async (tx) => {
      await repo.updateTaxClass(tx, { companyId, id, values });
      const reached = await refreshListings(tx, companyId, await repo.classItemIds(tx, { companyId, id }));
      await writeAudit(tx, {
        companyId,
        userId: actor.userId,
        action: 'tax_class.update',
        entityType: 'tax_class',
        entityId: id,
        before: { name: before.name, kind: before.kind, rate: before.rate, pctCode: before.pctCode },
        after: { ...values, listings: reached },
      });
      return reached;
    })
    .catch(rethrowDuplicate);
  const after = await repo.findTaxClass(db, { id, companyIds: [companyId] });
  if (!after) throw new Error('tax class vanished after update');
  return { ...after, listings };
}
