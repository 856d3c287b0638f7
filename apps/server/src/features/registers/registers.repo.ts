import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { branches, registers } from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };

const registerColumns = {
  id: registers.id,
  branchId: registers.branchId,
  code: registers.code,
  deviceId: registers.deviceId,
  createdAt: registers.createdAt,
  lastSeenAt: registers.lastSeenAt,
};
export type RegisterRow = {
  id: string;
  branchId: string;
  code: string;
  deviceId: string;
  createdAt: Date;
  lastSeenAt: Date;
};

/**
 * Enrols a device at a branch, or answers its existing register (idempotent by device id). The
 * branch row is locked first, so two devices enrolling at once take R<n> and R<n+1> one after the
 * other (the unique index on the code stays the last guard). `created` tells which case it was.
 */
export async function enrolRegister(
  db: Db,
  { companyId, branchId, deviceId }: BranchKey & { deviceId: string },
): Promise<{ row: RegisterRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
      .for('update');
    const [existing] = await tx
      .update(registers)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(eq(registers.companyId, companyId), eq(registers.branchId, branchId), eq(registers.deviceId, deviceId)),
      )
      .returning(registerColumns);
    if (existing) return { row: existing, created: false };
    const [next] = await tx
      .select({ n: sql<number>`coalesce(max(substring(${registers.code} from 2)::int), 0)::int + 1` })
      .from(registers)
      .where(and(eq(registers.companyId, companyId), eq(registers.branchId, branchId)));
    const [row] = await tx
      .insert(registers)
      .values({ companyId, branchId, deviceId, code: `R${next?.n ?? 1}` })
      .returning(registerColumns);
    if (!row) throw new Error('register insert returned nothing');
    return { row, created: true };
  });
}

export async function listRegisters(
  db: DbOrTx,
  { companyId, branchId, limit, offset }: BranchKey & { limit: number; offset: number },
): Promise<{ items: RegisterRow[]; total: number }> {
  const where = and(eq(registers.companyId, companyId), eq(registers.branchId, branchId));
  const [items, totals] = await Promise.all([
    db
      .select(registerColumns)
      .from(registers)
      .where(where)
      .orderBy(asc(sql`length(${registers.code})`), asc(registers.code))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(registers).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** A register of the branch (for the sale path: its code and branch), or undefined. */
export async function findRegister(db: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
  const [row] = await db
    .select(registerColumns)
    .from(registers)
    .where(and(eq(registers.companyId, companyId), eq(registers.branchId, branchId), eq(registers.id, id)))
    .limit(1);
  return row;
}
