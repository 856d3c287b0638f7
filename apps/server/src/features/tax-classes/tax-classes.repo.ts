import type { TaxClass } from '@pos/shared';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { items, taxClasses } from '../../db/schema';
import { toMoney } from '../../lib/money';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

/**
 * Live items of the class. The outer table is named in full: Drizzle writes a one-table query's columns
 * unqualified, which inside the subquery would name the item's own columns.
 */
const itemCount = sql<number>`(select count(*)::int from ${items} i
  where i.company_id = tax_classes.company_id and i.tax_class_id = tax_classes.id and i.deleted_at is null)`;

const columns = {
  id: taxClasses.id,
  companyId: taxClasses.companyId,
  name: taxClasses.name,
  kind: taxClasses.kind,
  rate: taxClasses.rate,
  pctCode: taxClasses.pctCode,
  itemCount,
};

type Row = Omit<TaxClass, 'rate'> & { rate: string };
const toTaxClass = (row: Row): TaxClass => ({ ...row, rate: toMoney(row.rate) });

export async function listTaxClasses(
  db: DbOrTx,
  { companyId, limit, offset }: { companyId: string; limit: number; offset: number },
): Promise<{ items: TaxClass[]; total: number }> {
  const where = and(eq(taxClasses.companyId, companyId), isNull(taxClasses.archivedAt));
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(taxClasses)
      .where(where)
      .orderBy(asc(sql`lower(${taxClasses.name})`), asc(taxClasses.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(taxClasses).where(where),
  ]);
  return { items: rows.map(toTaxClass), total: totals[0]?.total ?? 0 };
}

/** A live class within the given companies ('all' for the platform operator); an archived one is not found. */
export async function findTaxClass(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<TaxClass | undefined> {
  const [row] = await db
    .select(columns)
    .from(taxClasses)
    .where(and(eq(taxClasses.id, id), tenantFilter(taxClasses.companyId, companyIds), isNull(taxClasses.archivedAt)))
    .limit(1);
  return row && toTaxClass(row);
}

/** Live class names are unique per company, case-insensitively (tax_classes_company_name_uq). */
export async function isNameTaken(
  db: DbOrTx,
  { companyId, name, exceptId }: { companyId: string; name: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(
      and(
        eq(taxClasses.companyId, companyId),
        sql`lower(${taxClasses.name}) = lower(${name})`,
        isNull(taxClasses.archivedAt),
        exceptId ? ne(taxClasses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type TaxClassValues = Pick<TaxClass, 'name' | 'kind' | 'rate' | 'pctCode'>;

export async function insertTaxClass(
  db: DbOrTx,
  { companyId, values }: { companyId: string; values: TaxClassValues },
): Promise<string> {
  const [row] = await db
    .insert(taxClasses)
    .values({ companyId, ...values, rate: values.rate.toFixed(2) })
    .returning({ id: taxClasses.id });
  if (!row) throw new Error('tax class insert returned nothing');
  return row.id;
}

export async function updateTaxClass(
  db: DbOrTx,
  { companyId, id, values }: { companyId: string; id: string; values: TaxClassValues },
): Promise<void> {
  await db
    .update(taxClasses)
    .set({ ...values, rate: values.rate.toFixed(2), updatedAt: new Date() })
    .where(and(eq(taxClasses.companyId, companyId), eq(taxClasses.id, id)));
}

/** Holds the class's row for the transaction: an item given it meanwhile waits (its foreign key's lock). */
export async function lockTaxClass(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  await db
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(and(eq(taxClasses.companyId, companyId), eq(taxClasses.id, id)))
    .for('update');
}

/** Archives a live class; false when it was not one (archived meanwhile). */
export async function archiveTaxClass(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const rows = await db
    .update(taxClasses)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(taxClasses.companyId, companyId), eq(taxClasses.id, id), isNull(taxClasses.archivedAt)))
    .returning({ id: taxClasses.id });
  return rows.length > 0;
}

/** The live items of a class: a new rate reaches their listings (refreshListings). */
export async function classItemIds(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.companyId, companyId), eq(items.taxClassId, id), isNull(items.deletedAt)));
  return rows.map((r) => r.id);
}
