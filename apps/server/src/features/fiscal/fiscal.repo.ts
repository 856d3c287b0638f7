import type { FiscalDocument, FiscalEnvironment, FiscalProvider } from '@pos/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { fiscalDocuments, fiscalRegisters, fiscalSettings, registers } from '../../db/schema';
import type { BranchScope, CompanyScope } from '../../lib/access';
import { tenantFilter } from '../../lib/tenant.repo';

export type SettingsRow = typeof fiscalSettings.$inferSelect;

export async function findSettings(db: DbOrTx, scope: BranchScope): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalSettings)
    .where(and(eq(fiscalSettings.companyId, scope.companyId), eq(fiscalSettings.branchId, scope.branchId)));
  return row;
}

/** The branch's registers and their POS registrations (none: null). */
export async function branchRegisters(db: DbOrTx, scope: BranchScope) {
  return db
    .select({
      registerId: registers.id,
      code: registers.code,
      posId: fiscalRegisters.posId,
      hasToken: sql<boolean>`${fiscalRegisters.tokenEncrypted} is not null`,
    })
    .from(registers)
    .leftJoin(
      fiscalRegisters,
      and(eq(fiscalRegisters.companyId, registers.companyId), eq(fiscalRegisters.registerId, registers.id)),
    )
    .where(and(eq(registers.companyId, scope.companyId), eq(registers.branchId, scope.branchId)))
    .orderBy(asc(registers.code));
}

export type SettingsWrite = {
  provider: FiscalProvider;
  environment: FiscalEnvironment;
  baseUrl: string | null;
  posId: number | null;
  /** Sealed; undefined keeps the stored one. */
  tokenEncrypted?: string;
  serviceFee: boolean;
  defaultPctCode: string | null;
};

export async function upsertSettings(db: DbOrTx, scope: BranchScope, values: SettingsWrite, userId: string) {
  const row = { ...values, updatedAt: new Date(), updatedBy: userId };
  await db
    .insert(fiscalSettings)
    .values({ companyId: scope.companyId, branchId: scope.branchId, ...row })
    .onConflictDoUpdate({ target: [fiscalSettings.companyId, fiscalSettings.branchId], set: row });
}

export async function findRegister(db: DbOrTx, scope: BranchScope, registerId: string) {
  const [row] = await db
    .select({ id: registers.id, code: registers.code })
    .from(registers)
    .where(
      and(
        eq(registers.companyId, scope.companyId),
        eq(registers.branchId, scope.branchId),
        eq(registers.id, registerId),
      ),
    );
  return row;
}

export async function upsertRegister(
  db: DbOrTx,
  scope: BranchScope,
  values: { registerId: string; posId: number; tokenEncrypted: string },
  userId: string,
) {
  const set = { posId: values.posId, tokenEncrypted: values.tokenEncrypted, updatedAt: new Date(), updatedBy: userId };
  await db
    .insert(fiscalRegisters)
    .values({ companyId: scope.companyId, registerId: values.registerId, ...set })
    .onConflictDoUpdate({ target: [fiscalRegisters.companyId, fiscalRegisters.registerId], set });
}

/** The branch's outbox by status, and when its oldest pending document was made. */
export async function outboxStatus(db: DbOrTx, scope: BranchScope) {
  const [row] = await queryRows<{ pending: number; failed: number; sent: number; oldest: Date | null }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'sent')::int as sent,
               min(created_at) filter (where status = 'pending') as oldest
        from fiscal_documents where company_id = ${scope.companyId}::uuid and branch_id = ${scope.branchId}::uuid`,
  );
  return row ?? { pending: 0, failed: 0, sent: 0, oldest: null };
}

const documentColumns = {
  id: fiscalDocuments.id,
  companyId: fiscalDocuments.companyId,
  branchId: fiscalDocuments.branchId,
  kind: fiscalDocuments.kind,
  documentId: fiscalDocuments.documentId,
  usin: fiscalDocuments.usin,
  registerCode: registers.code,
  status: fiscalDocuments.status,
  attempts: fiscalDocuments.attempts,
  fiscalNumber: fiscalDocuments.fiscalNumber,
  lastCode: fiscalDocuments.lastCode,
  lastError: fiscalDocuments.lastError,
  createdAt: fiscalDocuments.createdAt,
  sentAt: fiscalDocuments.sentAt,
};

export type DocumentRow = Omit<FiscalDocument, 'createdAt' | 'sentAt' | 'kind' | 'status'> & {
  companyId: string;
  branchId: string;
  kind: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
};

const withRegister = and(
  eq(registers.companyId, fiscalDocuments.companyId),
  eq(registers.id, fiscalDocuments.registerId),
);

/** A page of the branch's documents, newest first; failed and pending ones are what a manager looks for. */
export async function listDocuments(
  db: DbOrTx,
  scope: BranchScope,
  { status, limit, offset }: { status?: string; limit: number; offset: number },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    eq(fiscalDocuments.companyId, scope.companyId),
    eq(fiscalDocuments.branchId, scope.branchId),
    status ? eq(fiscalDocuments.status, status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(documentColumns)
      .from(fiscalDocuments)
      .leftJoin(registers, withRegister)
      .where(where)
      .orderBy(desc(fiscalDocuments.seq))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(fiscalDocuments).where(where),
  ]);
  return { rows: rows as DocumentRow[], total: total?.n ?? 0 };
}

export async function findDocument(db: DbOrTx, id: string, companyIds: CompanyScope): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(documentColumns)
    .from(fiscalDocuments)
    .leftJoin(registers, withRegister)
    .where(and(eq(fiscalDocuments.id, id), tenantFilter(fiscalDocuments.companyId, companyIds)));
  return row as DocumentRow | undefined;
}

/** A refused document queued again, at once; answers whether it was still refused (a concurrent resend: no). */
export async function requeueDocument(db: DbOrTx, doc: { companyId: string; id: string }): Promise<boolean> {
  const rows = await db
    .update(fiscalDocuments)
    .set({ status: 'pending', nextAttemptAt: new Date(), claimedUntil: null })
    .where(
      and(
        eq(fiscalDocuments.companyId, doc.companyId),
        eq(fiscalDocuments.id, doc.id),
        eq(fiscalDocuments.status, 'failed'),
      ),
    )
    .returning({ id: fiscalDocuments.id });
  return rows.length > 0;
}
