import { type Column, inArray, type SQL, sql } from 'drizzle-orm';

/** The companies a caller may reach: every company (the platform operator), or these. */
export type CompanyScope = 'all' | readonly string[];

/**
 * The one tenant condition of every query by id or list across companies: `column IN (companies)`,
 * nothing for 'all', and a condition that matches no row for an empty list.
 */
export function tenantFilter(column: Column, companyIds: CompanyScope): SQL | undefined {
  if (companyIds === 'all') return undefined;
  if (companyIds.length === 0) return sql`false`;
  return inArray(column, [...companyIds]);
}
