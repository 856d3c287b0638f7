import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, registerSignIns, registers } from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };

const registerColumns = {
  id: registers.id,
  branchId: registers.branchId,
  code: registers.code,
  deviceId: registers.deviceId,
  createdAt: registers.createdAt,
  lastSeenAt: registers.lastSeenAt,
  publicKey: registers.publicKey,
  trustedAt: registers.trustedAt,
};
export type RegisterRow = {
  id: string;
  branchId: string;
  code: string;
  deviceId: string;
  createdAt: Date;
  lastSeenAt: Date;
  publicKey: string | null;
  trustedAt: Date | null;
};

/**
 * Enrols a device at a branch, or answers its existing register (idempotent by device id), in the
 * caller's transaction. The branch row is locked first, so two devices enrolling at once take R<n> and
 * R<n+1> one after the other (the unique index on the code stays the last guard). `created` tells which
 * case it was.
 */
export async function enrolRegister(
  tx: DbOrTx,
  { companyId, branchId, deviceId }: BranchKey & { deviceId: string },
): Promise<{ row: RegisterRow; created: boolean }> {
  await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .for('update');
  const [existing] = await tx
    .update(registers)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(registers.companyId, companyId), eq(registers.branchId, branchId), eq(registers.deviceId, deviceId)))
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
}

/** Records that the user has signed in on the register while it was online (first and last time). */
export async function recordSignIn(
  tx: DbOrTx,
  { companyId, registerId, userId }: { companyId: string; registerId: string; userId: string },
) {
  await tx
    .insert(registerSignIns)
    .values({ companyId, registerId, userId })
    .onConflictDoUpdate({
      target: [registerSignIns.companyId, registerSignIns.registerId, registerSignIns.userId],
      set: { lastAt: sql`now()` },
    });
}

/** Sets the register's key (only while it has none: a key is never replaced). */
export async function setPublicKey(
  tx: DbOrTx,
  { companyId, id, publicKey }: { companyId: string; id: string; publicKey: string },
) {
  await tx
    .update(registers)
    .set({ publicKey })
    .where(and(eq(registers.companyId, companyId), eq(registers.id, id), isNull(registers.publicKey)));
}

/** Marks the register trusted by a manager or Super Admin (once). */
export async function setTrusted(
  tx: DbOrTx,
  { companyId, id, userId }: { companyId: string; id: string; userId: string },
) {
  await tx
    .update(registers)
    .set({ trustedAt: sql`now()`, trustedById: userId })
    .where(and(eq(registers.companyId, companyId), eq(registers.id, id), isNull(registers.trustedAt)));
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
