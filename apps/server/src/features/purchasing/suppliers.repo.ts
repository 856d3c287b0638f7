import type { Supplier } from '@pos/shared';
import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { suppliers } from '../../db/schema';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

const columns = {
  id: suppliers.id,
  companyId: suppliers.companyId,
  name: suppliers.name,
  contactName: suppliers.contactName,
  phone: suppliers.phone,
  email: suppliers.email,
  notes: suppliers.notes,
  createdAt: suppliers.createdAt,
};

type Row = Omit<Supplier, 'createdAt'> & { createdAt: Date };
const toSupplier = (r: Row): Supplier => ({ ...r, createdAt: r.createdAt.toISOString() });

export type SupplierFields = {
  name: string;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
};

function listWhere(companyId: string, search: string | undefined) {
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    eq(suppliers.companyId, companyId),
    isNull(suppliers.deletedAt),
    pattern
      ? or(
          sql`${suppliers.name} ilike ${pattern}`,
          sql`${suppliers.contactName} ilike ${pattern}`,
          sql`${suppliers.phone} ilike ${pattern}`,
          sql`${suppliers.email} ilike ${pattern}`,
        )
      : undefined,
  );
}

/** The list's rows for the CSV export (every page, same filter and order). */
export const suppliersExportQuery = (db: DbOrTx, { companyId, search }: { companyId: string; search?: string }) =>
  db
    .select(columns)
    .from(suppliers)
    .where(listWhere(companyId, search))
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));

/** One page of a company's live suppliers by name; search: name, contact, phone or email. */
export async function listSuppliers(
  db: DbOrTx,
  { companyId, search, limit, offset }: { companyId: string; search?: string; limit: number; offset: number },
): Promise<{ items: Supplier[]; total: number }> {
  const where = listWhere(companyId, search);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(suppliers)
      .where(where)
      .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(suppliers).where(where),
  ]);
  return { items: rows.map(toSupplier), total: totals[0]?.total ?? 0 };
}

/** A live supplier within the given companies. */
export async function findSupplier(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select(columns)
    .from(suppliers)
    .where(and(eq(suppliers.id, id), tenantFilter(suppliers.companyId, companyIds), isNull(suppliers.deletedAt)))
    .limit(1);
  return row ? toSupplier(row) : undefined;
}

/** Live supplier names are unique per company, case-insensitively. */
export async function isNameTaken(
  db: DbOrTx,
  { companyId, name, exceptId }: { companyId: string; name: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.companyId, companyId),
        isNull(suppliers.deletedAt),
        eq(sql`lower(${suppliers.name})`, name.toLowerCase()),
        exceptId ? ne(suppliers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertSupplier(db: DbOrTx, input: SupplierFields & { companyId: string }): Promise<Supplier> {
  const [row] = await db.insert(suppliers).values(input).returning(columns);
  if (!row) throw new Error('supplier insert returned nothing');
  return toSupplier(row);
}

export async function updateSupplier(
  db: DbOrTx,
  { companyId, id, fields }: { companyId: string; id: string; fields: Partial<SupplierFields> },
): Promise<Supplier | undefined> {
  const [row] = await db
    .update(suppliers)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id), isNull(suppliers.deletedAt)))
    .returning(columns);
  return row ? toSupplier(row) : undefined;
}

/** Hides the supplier: its purchase orders keep naming it. */
export async function deleteSupplier(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  await db
    .update(suppliers)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id)));
}
