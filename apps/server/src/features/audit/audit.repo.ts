import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { auditLogs, auditLogsDaily, branches, registers, users } from '../../db/schema';
import { type DayCount, type OrderKey, readPageByDays, windowQuery, withinDays } from '../../lib/keyset.repo';
import { localDayRange } from '../../lib/sql-filters.repo';

export type AuditFilter = {
  companyId: string;
  branchId?: string;
  userId?: string;
  action?: string;
  from?: string;
  to?: string;
  timezone: string;
};

const approver = alias(users, 'approver');

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    eq(auditLogs.companyId, f.companyId),
    f.branchId ? eq(auditLogs.branchId, f.branchId) : undefined,
    f.userId ? eq(auditLogs.userId, f.userId) : undefined,
    f.action ? eq(auditLogs.action, f.action) : undefined,
    localDayRange(auditLogs.createdAt, f.timezone, { startDate: f.from, endDate: f.to }),
  );
}

/** The flat select behind the page and the CSV export: newest first (audit_logs_*created_idx). */
export function auditQuery(db: Db, f: AuditFilter) {
  return db
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      entityType: auditLogs.entityType,
      entityId: auditLogs.entityId,
      branchId: auditLogs.branchId,
      branchName: branches.name,
      userId: auditLogs.userId,
      userName: users.name,
      userUsername: users.username,
      approvedById: auditLogs.approvedById,
      approverName: approver.name,
      approverUsername: approver.username,
      registerId: auditLogs.registerId,
      registerCode: registers.code,
      before: auditLogs.before,
      after: auditLogs.after,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(approver, eq(approver.id, auditLogs.approvedById))
    .leftJoin(branches, and(eq(branches.companyId, auditLogs.companyId), eq(branches.id, auditLogs.branchId)))
    .leftJoin(registers, and(eq(registers.companyId, auditLogs.companyId), eq(registers.id, auditLogs.registerId)))
    .where(whereOf(f))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .$dynamic();
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditQuery>['execute']>>[number];

/** The list's order: newest first, id breaking ties. */
const AUDIT_ORDER: OrderKey[] = [
  { column: auditLogs.createdAt, direction: 'desc' },
  { column: auditLogs.id, direction: 'desc' },
];

/**
 * How many entries match, per local day of the list's time zone, from the kept counts (audit_logs_daily,
 * migration 0026): a branch's list counts its entries' branch days, the company-wide list the company's
 * days. A few hundred rows for a year whatever the log holds.
 */
export async function countAuditByDay(db: Db, f: AuditFilter): Promise<DayCount[]> {
  const d = auditLogsDaily;
  const day = f.branchId ? d.branchDay : d.day;
  const rows = await db
    .select({ day, rows: sql<number>`sum(${d.entries})::int` })
    .from(d)
    .where(
      and(
        eq(d.companyId, f.companyId),
        f.branchId ? eq(d.branchId, f.branchId) : undefined,
        f.userId ? eq(d.userId, f.userId) : undefined,
        f.action ? eq(d.action, f.action) : undefined,
        f.from ? sql`${day} >= ${f.from}::date` : undefined,
        f.to ? sql`${day} <= ${f.to}::date` : undefined,
      ),
    )
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, rows: Number(r.rows) }));
}

/**
 * One page and the count (lib/keyset.repo.ts, readPageByDays; docs/architecture/lists.md): the
 * total and the day the page starts in from the kept counts, the page's ids by an index-only walk
 * (audit_logs_*created_idx) from that day's edge, then their rows joined.
 */
export async function listAudit(db: Db, f: AuditFilter, { page, limit }: { page: number; limit: number }) {
  const [rows, total] = await readPageByDays({
    page,
    limit,
    counts: () => countAuditByDay(db, f),
    rows: (seek) => {
      const days = withinDays({ startDate: f.from, endDate: f.to }, seek);
      const within: AuditFilter = { ...f, from: days.startDate, to: days.endDate };
      const w = windowQuery(AUDIT_ORDER, seek.window);
      const pageIds = db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(whereOf(within))
        .orderBy(...w.order)
        .limit(w.limit)
        .offset(w.offset);
      return auditQuery(db, f).where(and(eq(auditLogs.companyId, f.companyId), inArray(auditLogs.id, pageIds)));
    },
  });
  return { rows, total };
}

/** Whether the user belongs to the company (a filter id out of reach is a 404, like any other). */
export async function isCompanyUser(db: DbOrTx, { companyId, userId }: { companyId: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.companyId} = ${companyId} or exists (select 1 from company_members m where m.company_id = ${companyId} and m.user_id = ${users.id}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
