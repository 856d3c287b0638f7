import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';

/** The term for a LIKE/ILIKE pattern, taken literally: `%`, `_` and `\` escaped. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A LIKE/ILIKE pattern matching the term anywhere: the one way every list search ('contains') builds it. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/** A LIKE/ILIKE pattern matching values that start with the term (product search's 'starts with'). */
export const prefixPattern = (term: string) => `${escapeLike(term)}%`;

/** A period of local days (yyyy-mm-dd in a branch's time zone), both ends inclusive, either optional. */
export type LocalDays = { startDate?: string; endDate?: string };

/**
 * The instant `column` within the local days of the period: from the start day's midnight to the
 * midnight after the end day, in the time zone. The bounds are expressions of the parameters only, so
 * the range is an index condition on the column (sales_branch_created_idx and the like). Undefined
 * when the period is open on both sides. `timezone` may be SQL (a column: each row's branch's zone).
 */
export function localDayRange(column: AnyColumn | SQL, timezone: string | SQL, { startDate, endDate }: LocalDays) {
  return and(
    startDate ? sql`${column} >= ((${startDate}::date)::timestamp at time zone ${timezone})` : undefined,
    endDate ? sql`${column} < ((${endDate}::date + 1)::timestamp at time zone ${timezone})` : undefined,
  );
}
