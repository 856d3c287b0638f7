import type { Brand } from '@pos/shared';
import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, products } from '../../db/schema';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };

const brandColumns = { id: brands.id, name: brands.name, branchId: brands.branchId };

export async function listBrands(
  db: DbOrTx,
  { companyId, branchId, search, limit, offset }: BranchKey & { search?: string; limit: number; offset: number },
): Promise<{ items: Brand[]; total: number }> {
  const where = and(
    eq(brands.companyId, companyId),
    eq(brands.branchId, branchId),
    search ? ilike(brands.name, containsPattern(search)) : undefined,
  );
  const [items, totals] = await Promise.all([
    db
      .select(brandColumns)
      .from(brands)
      .where(where)
      .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(brands).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** A brand within the given companies ('all' for the platform operator). */
export async function findBrand(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({ ...brandColumns, companyId: brands.companyId })
    .from(brands)
    .where(and(eq(brands.id, id), tenantFilter(brands.companyId, companyIds)))
    .limit(1);
  return row;
}

/** Brand names are unique per branch, case-insensitively. */
export async function isNameTaken(
  db: DbOrTx,
  { companyId, branchId, name, exceptId }: BranchKey & { name: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(brands.companyId, companyId),
        eq(brands.branchId, branchId),
        eq(sql`lower(${brands.name})`, name.toLowerCase()),
        exceptId ? ne(brands.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertBrand(db: DbOrTx, input: BranchKey & { name: string }): Promise<Brand> {
  const [row] = await db.insert(brands).values(input).returning(brandColumns);
  if (!row) throw new Error('brand insert returned nothing');
  return row;
}

export async function renameBrand(
  db: DbOrTx,
  { companyId, id, name }: { companyId: string; id: string; name: string },
): Promise<Brand | undefined> {
  const [row] = await db
    .update(brands)
    .set({ name })
    .where(and(eq(brands.companyId, companyId), eq(brands.id, id)))
    .returning(brandColumns);
  return row;
}

/** Unlinks the brand's products (deleted ones too: the FK has no ON DELETE action) and deletes the brand. */
export async function deleteBrand(db: DbOrTx, { companyId, id }: { companyId: string; id: string }): Promise<number> {
  const unlinked = await db
    .update(products)
    .set({ brandId: null, updatedAt: new Date() })
    .where(and(eq(products.companyId, companyId), eq(products.brandId, id)))
    .returning({ id: products.id });
  await db.delete(brands).where(and(eq(brands.companyId, companyId), eq(brands.id, id)));
  return unlinked.length;
}

/** What deleting a brand touches: its live products (they lose the brand). */
export async function brandUsage(db: DbOrTx, { companyId, id }: { companyId: string; id: string }): Promise<number> {
  const [used] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.brandId, id), sql`${products.deletedAt} is null`));
  return used?.n ?? 0;
}
