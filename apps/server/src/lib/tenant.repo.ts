import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

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

/**
 * The time zone a company's days are read in: its main branch's, else its oldest branch's, else UTC
 * (`pos_company_timezone`, migration 0026: the audit counts' company days use the same definition).
 */
export async function findCompanyTimezone(db: DbOrTx, companyId: string): Promise<string> {
  const [row] = await queryRows<{ timezone: string }>(
    db,
    sql`select pos_company_timezone(${companyId}::uuid) as timezone`,
  );
  return row?.timezone ?? 'UTC';
}
