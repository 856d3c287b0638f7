import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { registers, shifts } from '../db/schema';
import { notFound } from '../lib/errors';
import { localDayRange } from '../lib/sql-filters.repo';

type BranchScope = { companyId: string; branchId: string; timezone: string };

/** Dashboard: shifts open now, and the shifts closed on the branch's day `today` with their over/short sum. */
export async function shiftDayFigures(db: DbOrTx, scope: BranchScope, today: string) {
  const closedToday = and(
    eq(shifts.status, 'closed'),
    localDayRange(shifts.closedAt, scope.timezone, { startDate: today, endDate: today }),
  );
  const [row] = await db
    .select({
      open: sql<number>`(count(*) filter (where ${shifts.status} = 'open'))::int`,
      closedToday: sql<number>`(count(*) filter (where ${closedToday}))::int`,
      overShort: sql<string>`coalesce(sum(${shifts.overShort}) filter (where ${closedToday}), 0)::text`,
    })
    .from(shifts)
    .where(and(eq(shifts.companyId, scope.companyId), eq(shifts.branchId, scope.branchId)));
  return row ?? { open: 0, closedToday: 0, overShort: '0' };
}

/** A register id given with a refund: it must be a register of the request's branch (404 otherwise). */
export async function registerOfBranch(
  db: DbOrTx,
  scope: { companyId: string; branchId: string },
  registerId: string,
): Promise<string> {
  const [row] = await db
    .select({ id: registers.id })
    .from(registers)
    .where(
      and(
        eq(registers.companyId, scope.companyId),
        eq(registers.branchId, scope.branchId),
        eq(registers.id, registerId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Register');
  return row.id;
}
