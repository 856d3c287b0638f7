import type { fiscalDocumentListQuerySchema, fiscalRegisterInputSchema, fiscalSettingsInputSchema } from '@pos/shared';
import {
  FISCAL_DEADLINE_HOURS,
  FISCAL_MSG,
  type FiscalDocument,
  type FiscalSettings,
  type FiscalStatus,
  pageMeta,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { AppError } from '../../lib/errors';
import * as repo from './fiscal.repo';
import type { FiscalConfig } from './fiscal-outbox';

/** Settings are the Super Admin's (the tax setup: manage_tax); the outbox is read by whoever reads the sales. */
const SETTINGS = 'manage_tax' as const;
const READ = 'view_transactions' as const;
/** A manager resends a refused invoice (the managers' permission at the register's rules). */
const RESEND = 'manage_register_rules' as const;

async function settingsOf(db: DbOrTx, scope: Parameters<typeof repo.findSettings>[1]): Promise<FiscalSettings> {
  const [row, registers] = await Promise.all([repo.findSettings(db, scope), repo.branchRegisters(db, scope)]);
  return {
    branchId: scope.branchId,
    provider: (row?.provider ?? 'none') as FiscalSettings['provider'],
    environment: (row?.environment ?? 'simulator') as FiscalSettings['environment'],
    baseUrl: row?.baseUrl ?? null,
    posId: row?.posId ?? null,
    hasToken: Boolean(row?.tokenEncrypted),
    serviceFee: row?.serviceFee ?? false,
    defaultPctCode: row?.defaultPctCode ?? null,
    registers: registers.map((r) => ({ ...r, hasToken: Boolean(r.hasToken) })),
  };
}

/** GET /fiscal/settings: the branch's fiscal settings and its registers' POS registrations (never a token). */
export async function getSettings(db: Db, actor: Actor, { branchId }: { branchId: string }) {
  const scope = await resolveBranch(db, { actor, branchId, permission: SETTINGS });
  return settingsOf(db, scope);
}

/** PUT /fiscal/settings: audited (fiscal.settings), the token sealed and never in the audit row. */
export async function putSettings(
  db: Db,
  fiscal: FiscalConfig,
  actor: Actor,
  input: z.output<typeof fiscalSettingsInputSchema>,
): Promise<FiscalSettings> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: SETTINGS });
  return db.transaction(async (tx) => {
    const before = await settingsOf(tx, scope);
    const { branchId: _, token, ...values } = input;
    await repo.upsertSettings(
      tx,
      scope,
      { ...values, ...(token ? { tokenEncrypted: fiscal.secrets.seal(token) } : {}) },
      actor.userId,
    );
    const after = await settingsOf(tx, scope);
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      action: 'fiscal.settings',
      entityType: 'branch',
      entityId: scope.branchId,
      before: { ...before, registers: undefined },
      after: { ...after, registers: undefined, tokenChanged: Boolean(token) },
    });
    return after;
  });
}

/** PUT /fiscal/registers/{registerId}: a register of the branch (404 otherwise) gets its POSID and token. */
export async function putRegister(
  db: Db,
  fiscal: FiscalConfig,
  actor: Actor,
  registerId: string,
  input: z.output<typeof fiscalRegisterInputSchema>,
): Promise<FiscalSettings> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: SETTINGS });
  return db.transaction(async (tx) => {
    const register = await repo.findRegister(tx, scope, registerId);
    if (!register) throw new AppError(404, 'NOT_FOUND', 'Register not found');
    await repo.upsertRegister(
      tx,
      scope,
      { registerId, posId: input.posId, tokenEncrypted: fiscal.secrets.seal(input.token) },
      actor.userId,
    );
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      registerId,
      action: 'fiscal.register',
      entityType: 'register',
      entityId: registerId,
      after: { code: register.code, posId: input.posId, tokenChanged: true },
    });
    return settingsOf(tx, scope);
  });
}

/** GET /fiscal/status: pending, failed and sent, and whether the oldest pending is past the 24-hour rule. */
export async function getStatus(db: Db, actor: Actor, { branchId }: { branchId: string }): Promise<FiscalStatus> {
  const scope = await resolveBranch(db, { actor, branchId, permission: READ });
  const [settings, status] = await Promise.all([repo.findSettings(db, scope), repo.outboxStatus(db, scope)]);
  const oldest = status.oldest ? new Date(status.oldest) : null;
  return {
    provider: (settings?.provider ?? 'none') as FiscalStatus['provider'],
    pending: status.pending,
    failed: status.failed,
    sent: status.sent,
    oldestPendingAt: oldest?.toISOString() ?? null,
    overdue: oldest !== null && Date.now() - oldest.getTime() > FISCAL_DEADLINE_HOURS * 3_600_000,
  };
}

const toDocument = (row: repo.DocumentRow): FiscalDocument => ({
  id: row.id,
  kind: row.kind as FiscalDocument['kind'],
  documentId: row.documentId,
  usin: row.usin,
  registerCode: row.registerCode,
  status: row.status as FiscalDocument['status'],
  attempts: row.attempts,
  fiscalNumber: row.fiscalNumber,
  lastCode: row.lastCode,
  lastError: row.lastError,
  createdAt: new Date(row.createdAt).toISOString(),
  sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
});

/** GET /fiscal/documents: a page of the branch's fiscal invoices, newest first, by status. */
export async function listDocuments(db: Db, actor: Actor, query: z.output<typeof fiscalDocumentListQuerySchema>) {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: READ });
  const { rows, total } = await repo.listDocuments(db, scope, {
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items: rows.map(toDocument), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** POST /fiscal/documents/{id}/resend: a refused invoice queued again (after its cause was fixed), audited. */
export async function resendDocument(db: Db, actor: Actor, id: string): Promise<FiscalDocument> {
  const doc = await loadInScope(actor, {
    what: 'Fiscal invoice',
    permission: RESEND,
    load: (companyIds) => repo.findDocument(db, id, companyIds),
  });
  return db.transaction(async (tx) => {
    if (!(await repo.requeueDocument(tx, doc))) throw new AppError(409, 'CONFLICT', FISCAL_MSG.notFailed);
    await writeAudit(tx, {
      companyId: doc.companyId,
      branchId: doc.branchId,
      userId: actor.userId,
      action: 'fiscal.resend',
      entityType: 'fiscal_document',
      entityId: doc.id,
      before: { status: doc.status, lastCode: doc.lastCode, lastError: doc.lastError },
      after: { status: 'pending' },
    });
    const again = await repo.findDocument(tx, id, [doc.companyId]);
    return toDocument(again ?? doc);
  });
}
