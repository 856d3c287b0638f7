import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registers, saleExceptionResolutions, saleItems, sales, users } from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };
export type ExceptionStatus = 'open' | 'resolved' | 'all';

/** An exception is an offline sale that came with review flags (the partial index sales_exceptions_idx). */
const isException = sql`${sales.offline} and ${sales.flags} <> '{}'::text[]`;

const resolver = sql`(select ${users.name} from ${users} where ${users.id} = ${saleExceptionResolutions.resolvedById})`;

const columns = {
  saleId: sales.id,
  receiptNumber: sales.receiptNumber,
  branchId: sales.branchId,
  registerCode: registers.code,
  cashierId: sales.cashierId,
  cashierName: users.name,
  soldAt: sales.soldAt,
  createdAt: sales.createdAt,
  paymentMethod: sales.paymentMethod,
  subtotal: sales.subtotal,
  discountAmount: sales.discountAmount,
  taxAmount: sales.taxAmount,
  total: sales.total,
  flags: sales.flags,
  note: saleExceptionResolutions.note,
  resolvedById: saleExceptionResolutions.resolvedById,
  resolvedByName: sql<string | null>`${resolver}`,
  resolvedAt: saleExceptionResolutions.resolvedAt,
};
export type ExceptionRow = {
  saleId: string;
  receiptNumber: string;
  branchId: string;
  registerCode: string | null;
  cashierId: string;
  cashierName: string | null;
  soldAt: Date;
  createdAt: Date;
  paymentMethod: string;
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  total: string;
  flags: string[];
  note: string | null;
  resolvedById: string | null;
  resolvedByName: string | null;
  resolvedAt: Date | null;
};

function query(db: DbOrTx) {
  return db
    .select(columns)
    .from(sales)
    .leftJoin(users, eq(users.id, sales.cashierId))
    .leftJoin(registers, and(eq(registers.companyId, sales.companyId), eq(registers.id, sales.registerId)))
    .leftJoin(
      saleExceptionResolutions,
      and(eq(saleExceptionResolutions.companyId, sales.companyId), eq(saleExceptionResolutions.saleId, sales.id)),
    );
}

function statusFilter(status: ExceptionStatus) {
  if (status === 'open') return isNull(saleExceptionResolutions.saleId);
  if (status === 'resolved') return isNotNull(saleExceptionResolutions.saleId);
  return undefined;
}

/** A page of the branch's exceptions, newest first, and how many there are. */
export async function listExceptions(
  db: DbOrTx,
  {
    companyId,
    branchId,
    status,
    limit,
    offset,
  }: BranchKey & { status: ExceptionStatus; limit: number; offset: number },
): Promise<{ rows: ExceptionRow[]; total: number }> {
  const where = and(eq(sales.companyId, companyId), eq(sales.branchId, branchId), isException, statusFilter(status));
  const [rows, totals] = await Promise.all([
    query(db).where(where).orderBy(desc(sales.createdAt), desc(sales.id)).limit(limit).offset(offset),
    db
      .select({ total: count() })
      .from(sales)
      .leftJoin(
        saleExceptionResolutions,
        and(eq(saleExceptionResolutions.companyId, sales.companyId), eq(saleExceptionResolutions.saleId, sales.id)),
      )
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One exception of the branch (undefined: no such flagged offline sale there). */
export async function findException(db: DbOrTx, { companyId, branchId, saleId }: BranchKey & { saleId: string }) {
  const [row] = await query(db)
    .where(and(eq(sales.companyId, companyId), eq(sales.branchId, branchId), eq(sales.id, saleId), isException))
    .limit(1);
  return row;
}

/** The flagged lines of the given sales. */
export async function flaggedLines(db: DbOrTx, { companyId, saleIds }: { companyId: string; saleIds: string[] }) {
  if (saleIds.length === 0) return [];
  return db
    .select({
      saleId: saleItems.saleId,
      productName: saleItems.productName,
      quantity: saleItems.quantity,
      unitPrice: saleItems.unitPrice,
      flags: saleItems.flags,
    })
    .from(saleItems)
    .where(
      and(
        eq(saleItems.companyId, companyId),
        inArray(saleItems.saleId, saleIds),
        sql`${saleItems.flags} <> '{}'::text[]`,
      ),
    );
}

/** Records the resolution; false when the exception was already resolved (by someone else, meanwhile). */
export async function insertResolution(
  tx: DbOrTx,
  row: BranchKey & { saleId: string; resolvedById: string; note: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(saleExceptionResolutions)
    .values(row)
    .onConflictDoNothing()
    .returning({ saleId: saleExceptionResolutions.saleId });
  return inserted.length === 1;
}
