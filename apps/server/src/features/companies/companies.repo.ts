import type { Branch, Company } from '@pos/shared';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, companies, companyMembers } from '../../db/schema';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

const branchColumns = {
  id: branches.id,
  name: branches.name,
  address: branches.address,
  phone: branches.phone,
  companyId: branches.companyId,
  isMain: branches.isMain,
  isActive: branches.isActive,
  timezone: branches.timezone,
};

export async function listCompanies(db: DbOrTx, companyIds: CompanyScope) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      phone: companies.phone,
      email: companies.email,
      taxId: companies.taxId,
      strn: companies.strn,
      currency: companies.currency,
    })
    .from(companies)
    .where(tenantFilter(companies.id, companyIds))
    .orderBy(asc(companies.createdAt), asc(companies.name));
}

export async function insertCompany(
  db: DbOrTx,
  input: {
    name: string;
    address: string;
    phone: string;
    email: string;
    taxId: string | null;
    currency: string;
    creatorId: string;
  },
): Promise<Company> {
  const [row] = await db
    .insert(companies)
    .values({
      name: input.name,
      address: input.address,
      phone: input.phone,
      email: input.email,
      taxId: input.taxId,
      currency: input.currency,
    })
    .returning({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      phone: companies.phone,
      email: companies.email,
      taxId: companies.taxId,
      strn: companies.strn,
      currency: companies.currency,
    });
  if (!row) throw new Error('company insert returned nothing');
  await db.insert(companyMembers).values({ companyId: row.id, userId: input.creatorId });
  return { ...row, branches: [] };
}

export async function listBranches(
  db: DbOrTx,
  { companyId, branchIds, limit, offset }: { companyId: string; branchIds?: string[]; limit: number; offset: number },
): Promise<{ items: Branch[]; total: number }> {
  const where = and(eq(branches.companyId, companyId), branchIds ? inArray(branches.id, branchIds) : undefined);
  const [items, totals] = await Promise.all([
    db
      .select(branchColumns)
      .from(branches)
      .where(where)
      .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.name))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(branches).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** Locks the company row until the transaction ends, so concurrent main-branch checks run one at a time. */
export async function lockCompany(db: DbOrTx, companyId: string): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

export async function hasMainBranch(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.isMain, true)))
    .limit(1);
  return Boolean(row);
}

export async function insertBranch(
  db: DbOrTx,
  input: { companyId: string; name: string; address: string; phone: string; isMain: boolean; timezone: string },
): Promise<Branch> {
  const [row] = await db.insert(branches).values(input).returning(branchColumns);
  if (!row) throw new Error('branch insert returned nothing');
  return row;
}
