import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client';
import { cashMovements, registers, shifts, users } from '../../db/schema';
import { localDayRange } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };

export async function findRegister(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({ id: registers.id, companyId: registers.companyId, branchId: registers.branchId, code: registers.code })
    .from(registers)
    .where(and(eq(registers.id, id), tenantFilter(registers.companyId, companyIds)))
    .limit(1);
  return row;
}

const cashier = alias(users, 'shift_cashier');
const closer = alias(users, 'shift_closer');
const approver = alias(users, 'shift_approver');

const shiftColumns = {
  id: shifts.id,
  companyId: shifts.companyId,
  branchId: shifts.branchId,
  registerId: shifts.registerId,
  registerCode: registers.code,
  cashierId: shifts.cashierId,
  cashierName: cashier.name,
  status: shifts.status,
  openedAt: shifts.openedAt,
  openingFloat: shifts.openingFloat,
  openingDenominations: shifts.openingDenominations,
  closedAt: shifts.closedAt,
  closedByName: closer.name,
  counted: shifts.counted,
  countedDenominations: shifts.countedDenominations,
  expected: shifts.expected,
  overShort: shifts.overShort,
  approvedByName: approver.name,
  zNumber: shifts.zNumber,
};
export type ShiftRow = Awaited<ReturnType<typeof findShift>> & {};

function selectShifts(db: DbOrTx) {
  return db
    .select(shiftColumns)
    .from(shifts)
    .innerJoin(registers, and(eq(registers.companyId, shifts.companyId), eq(registers.id, shifts.registerId)))
    .innerJoin(cashier, eq(cashier.id, shifts.cashierId))
    .leftJoin(closer, eq(closer.id, shifts.closedBy))
    .leftJoin(approver, eq(approver.id, shifts.approvedBy));
}

export async function findShift(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await selectShifts(db)
    .where(and(eq(shifts.id, id), tenantFilter(shifts.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function findOpenShiftOfRegister(
  db: DbOrTx,
  { companyId, registerId }: { companyId: string; registerId: string },
) {
  const [row] = await selectShifts(db)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.registerId, registerId), eq(shifts.status, 'open')))
    .limit(1);
  return row;
}

export async function insertShift(
  tx: DbOrTx,
  row: BranchKey & {
    registerId: string;
    cashierId: string;
    openingFloat: string;
    openingDenominations: Record<string, number> | null;
  },
): Promise<string> {
  const [inserted] = await tx.insert(shifts).values(row).returning({ id: shifts.id });
  if (!inserted) throw new Error('shift not inserted');
  return inserted.id;
}

export async function listMovements(db: DbOrTx, { companyId, shiftId }: { companyId: string; shiftId: string }) {
  return db
    .select({
      id: cashMovements.id,
      kind: cashMovements.kind,
      amount: cashMovements.amount,
      reason: cashMovements.reason,
      userName: users.name,
      at: cashMovements.at,
      offline: cashMovements.offline,
      flags: cashMovements.flags,
    })
    .from(cashMovements)
    .innerJoin(users, eq(users.id, cashMovements.userId))
    .where(and(eq(cashMovements.companyId, companyId), eq(cashMovements.shiftId, shiftId)))
    .orderBy(cashMovements.at, cashMovements.id)
    .limit(1000);
}

/** The branch's next Z number; closes of one branch queue on its row (FOR NO KEY UPDATE: sales' FK checks pass). */
export async function nextZNumber(tx: DbOrTx, { companyId, branchId }: BranchKey): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select (select coalesce(max(z_number), 0) + 1 from shifts where company_id = ${companyId} and branch_id = ${branchId})::int as n
        from branches where company_id = ${companyId} and id = ${branchId} for no key update`,
  );
  return row?.n ?? 1;
}

export async function closeShift(
  tx: DbOrTx,
  {
    companyId,
    id,
    ...values
  }: {
    companyId: string;
    id: string;
    closedBy: string;
    counted: string;
    countedDenominations: Record<string, number> | null;
    expected: string;
    overShort: string;
    approvedBy: string | null;
    zNumber: number;
  },
) {
  await tx
    .update(shifts)
    .set({ ...values, status: 'closed', closedAt: sql`now()` })
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id), eq(shifts.status, 'open')));
}

export type ShiftFilters = {
  status?: 'open' | 'closed';
  registerId?: string;
  cashierId?: string;
  startDate?: string;
  endDate?: string;
};

function listWhere(scope: BranchKey & { timezone: string }, f: ShiftFilters) {
  return and(
    eq(shifts.companyId, scope.companyId),
    eq(shifts.branchId, scope.branchId),
    f.status ? eq(shifts.status, f.status) : undefined,
    f.registerId ? eq(shifts.registerId, f.registerId) : undefined,
    f.cashierId ? eq(shifts.cashierId, f.cashierId) : undefined,
    localDayRange(shifts.openedAt, scope.timezone, f),
  );
}

export async function listShifts(
  db: DbOrTx,
  scope: BranchKey & { timezone: string },
  filters: ShiftFilters,
  page: { limit: number; offset: number },
) {
  return selectShifts(db)
    .where(listWhere(scope, filters))
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countShifts(db: DbOrTx, scope: BranchKey & { timezone: string }, filters: ShiftFilters) {
  const [row] = await db.select({ n: count() }).from(shifts).where(listWhere(scope, filters));
  return row?.n ?? 0;
}

/** GET /shifts/export.csv: every shift the list pages through for the same filters, newest first (a cursor). */
export function shiftsExportQuery(db: DbOrTx, scope: BranchKey & { timezone: string }, filters: ShiftFilters) {
  return selectShifts(db).where(listWhere(scope, filters)).orderBy(desc(shifts.openedAt), desc(shifts.id));
}
