import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { branches, giftVouchers, users } from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };

/** A voucher's status today in its selling branch's calendar: used (nothing left), expired, or active. */
const statusSql = sql<'active' | 'used' | 'expired'>`case
  when ${giftVouchers.balance} <= 0 then 'used'
  when ${giftVouchers.expiresOn} < (now() at time zone ${branches.timezone})::date then 'expired'
  else 'active' end`;

const voucherColumns = {
  id: giftVouchers.id,
  code: giftVouchers.code,
  amount: giftVouchers.amount,
  balance: giftVouchers.balance,
  expiresOn: giftVouchers.expiresOn,
  status: statusSql,
  branchId: giftVouchers.branchId,
  method: giftVouchers.method,
  branchName: branches.name,
  soldByName: users.name,
  createdAt: giftVouchers.createdAt,
};

function vouchers(db: DbOrTx) {
  return db
    .select(voucherColumns)
    .from(giftVouchers)
    .innerJoin(branches, and(eq(branches.companyId, giftVouchers.companyId), eq(branches.id, giftVouchers.branchId)))
    .leftJoin(users, eq(users.id, giftVouchers.soldBy));
}

export async function voucherByCode(db: DbOrTx, { companyId, code }: { companyId: string; code: string }) {
  const [row] = await vouchers(db).where(and(eq(giftVouchers.companyId, companyId), eq(giftVouchers.code, code)));
  return row;
}

export async function voucherById(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await vouchers(db).where(and(eq(giftVouchers.companyId, companyId), eq(giftVouchers.id, id)));
  return row;
}

export async function insertVoucher(tx: DbOrTx, values: typeof giftVouchers.$inferInsert) {
  const [row] = await tx.insert(giftVouchers).values(values).returning({ id: giftVouchers.id });
  if (!row) throw new Error('gift voucher not inserted');
  return row;
}

/** One page of the vouchers sold at the branch, newest first, by status. */
export async function vouchersPage(
  db: DbOrTx,
  scope: BranchKey,
  { status, limit, offset }: { status: 'active' | 'used' | 'expired' | 'all'; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(giftVouchers.companyId, scope.companyId), eq(giftVouchers.branchId, scope.branchId)];
  if (status !== 'all') conditions.push(sql`${statusSql} = ${status}`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    vouchers(db).where(where).orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id)).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(giftVouchers)
      .innerJoin(branches, and(eq(branches.companyId, giftVouchers.companyId), eq(branches.id, giftVouchers.branchId)))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** What the branch's vouchers still owe: active ones' balances, and what is left on expired ones. */
export async function liabilityOf(db: DbOrTx, scope: BranchKey) {
  const [row] = await queryRows<{
    active_count: number;
    outstanding: string;
    expired_count: number;
    expired_balance: string;
  }>(
    db,
    sql`select count(*) filter (where not expired)::int as active_count,
               coalesce(sum(v.balance) filter (where not expired), 0)::text as outstanding,
               count(*) filter (where expired)::int as expired_count,
               coalesce(sum(v.balance) filter (where expired), 0)::text as expired_balance
        from (select g.balance, coalesce(g.expires_on < (now() at time zone b.timezone)::date, false) as expired
              from gift_vouchers g join branches b on b.company_id = g.company_id and b.id = g.branch_id
              where g.company_id = ${scope.companyId} and g.branch_id = ${scope.branchId} and g.balance > 0) v`,
  );
  return row;
}
