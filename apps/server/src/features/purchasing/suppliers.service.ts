import {
  type createSupplierSchema,
  type PageMeta,
  PURCHASING_MSG,
  pageMeta,
  type Supplier,
  type supplierListQuerySchema,
  type updateSupplierSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, loadInScope, resolveCompany } from '../../lib/access';
import { conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './suppliers.repo';

/** Suppliers, purchase orders and counts are managed with adjust_stock (Manager, Super Admin). */
export const PURCHASING_PERMISSION = 'adjust_stock' as const;

/** A live supplier of the actor's companies (404 otherwise). */
export function resolveSupplier(db: DbOrTx, actor: Actor, id: string, companyIds?: string) {
  return loadInScope(actor, {
    what: 'Supplier',
    by: 'company',
    permission: PURCHASING_PERMISSION,
    companyId: companyIds,
    load: (scope) => repo.findSupplier(db, { id, companyIds: scope }),
  });
}

const duplicate = () => conflict(PURCHASING_MSG.supplierDuplicate, { name: PURCHASING_MSG.supplierDuplicate });
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

function fieldsOf(input: z.output<typeof updateSupplierSchema>): Partial<repo.SupplierFields> {
  const out: Partial<repo.SupplierFields> = {};
  if (input.name !== undefined) out.name = input.name;
  for (const key of ['contactName', 'phone', 'email', 'notes'] as const) {
    const v = blankToNull(input[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export async function listSuppliers(
  db: Db,
  actor: Actor,
  query: z.output<typeof supplierListQuerySchema>,
): Promise<{ items: Supplier[]; meta: PageMeta }> {
  const companyId = resolveCompany(actor, query.companyId, PURCHASING_PERMISSION);
  const { items, total } = await repo.listSuppliers(db, {
    companyId,
    search: query.search || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function getSupplier(db: Db, actor: Actor, id: string): Promise<Supplier> {
  return resolveSupplier(db, actor, id);
}

export async function createSupplier(
  db: Db,
  actor: Actor,
  input: z.output<typeof createSupplierSchema>,
): Promise<Supplier> {
  const companyId = resolveCompany(actor, input.companyId, PURCHASING_PERMISSION);
  if (await repo.isNameTaken(db, { companyId, name: input.name })) throw duplicate();
  const fields = { contactName: null, phone: null, email: null, notes: null, ...fieldsOf(input), name: input.name };
  try {
    return await db.transaction(async (tx) => {
      const supplier = await repo.insertSupplier(tx, { companyId, ...fields });
      await writeAudit(tx, {
        companyId,
        userId: actor.userId,
        action: 'supplier.create',
        entityType: 'supplier',
        entityId: supplier.id,
        after: fields,
      });
      return supplier;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateSupplier(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateSupplierSchema>,
): Promise<Supplier> {
  const before = await resolveSupplier(db, actor, id);
  const fields = fieldsOf(input);
  if (fields.name && (await repo.isNameTaken(db, { companyId: before.companyId, name: fields.name, exceptId: id }))) {
    throw duplicate();
  }
  try {
    return await db.transaction(async (tx) => {
      const updated = await repo.updateSupplier(tx, { companyId: before.companyId, id, fields });
      if (!updated) throw notFound('Supplier');
      await writeAudit(tx, {
        companyId: before.companyId,
        userId: actor.userId,
        action: 'supplier.update',
        entityType: 'supplier',
        entityId: id,
        before,
        after: updated,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function deleteSupplier(db: Db, actor: Actor, id: string): Promise<{ id: string }> {
  const before = await resolveSupplier(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.deleteSupplier(tx, { companyId: before.companyId, id });
    await writeAudit(tx, {
      companyId: before.companyId,
      userId: actor.userId,
      action: 'supplier.delete',
      entityType: 'supplier',
      entityId: id,
      before,
    });
  });
  return { id };
}
