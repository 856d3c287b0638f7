import {
  DEVICE_MSG,
  type PageMeta,
  pageMeta,
  type Register,
  type RegisterApprover,
  type RegisterListItem,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { findBranchApprovers } from '../../domain/approvals.repo';
import { writeAudit } from '../../domain/audit.repo';
import { type Actor, isCashier, resolveBranch } from '../../lib/access';
import { conflict, notFound } from '../../lib/errors';
import * as repo from './registers.repo';

/**
 * POST /registers: any staff of the branch (the permission to sell) enrols the device it works on;
 * the same device id at the same branch answers the same register (200), a new one is 201.
 *
 * The register's trust (docs/architecture/register-trust.md): the device's public key is
 * kept at its first enrolment with one and never replaced (another key for the same device: 409); the
 * register becomes trusted, with an audit row, when a Manager or Super Admin enrols it (signs in on the
 * device online) once it has a key. Every enrolment records who signed in on the register.
 */
export async function enrolRegister(
  db: Db,
  actor: Actor,
  input: { branchId: string; deviceId: string; publicKey?: string },
): Promise<{ register: Register; created: boolean }> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  return db.transaction(async (tx) => {
    const { row, created } = await repo.enrolRegister(tx, { ...scope, deviceId: input.deviceId });
    const key = { companyId: scope.companyId, id: row.id };
    await repo.recordSignIn(tx, { companyId: scope.companyId, registerId: row.id, userId: actor.userId });
    let publicKey = row.publicKey;
    if (input.publicKey && publicKey && input.publicKey !== publicKey) throw conflict(DEVICE_MSG.keyTaken);
    if (input.publicKey && !publicKey) {
      await repo.setPublicKey(tx, { ...key, publicKey: input.publicKey });
      publicKey = input.publicKey;
    }
    let trusted = row.trustedAt !== null;
    if (!trusted && publicKey && !isCashier(actor)) {
      await repo.setTrusted(tx, { ...key, userId: actor.userId });
      await writeAudit(tx, {
        ...scope,
        userId: actor.userId,
        registerId: row.id,
        action: 'register.trusted',
        entityType: 'register',
        entityId: row.id,
        before: { trusted: false },
        after: { trusted: true, code: row.code },
      });
      trusted = true;
    }
    return { register: { id: row.id, branchId: row.branchId, code: row.code, trusted }, created };
  });
}

/**
 * GET /registers/{id}/approvers: the branch's approvers with their PIN hashes, for the register to
 * check a manager's PIN while offline; any staff of the register's branch (a register of another
 * branch: 404).
 */
export async function listRegisterApprovers(
  db: Db,
  actor: Actor,
  { id, branchId }: { id: string; branchId: string },
): Promise<{ items: RegisterApprover[] }> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'sell' });
  if (!(await repo.findRegister(db, { ...scope, id }))) throw notFound('Register');
  return { items: await findBranchApprovers(db, scope) };
}

/** GET /registers: the branch's registers, Manager and Super Admin (view_sales). */
export async function listRegisters(
  db: Db,
  actor: Actor,
  query: { branchId: string; page: number; limit: number },
): Promise<{ items: RegisterListItem[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const { items, total } = await repo.listRegisters(db, {
    ...scope,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items: items.map((r) => ({
      id: r.id,
      branchId: r.branchId,
      code: r.code,
      trusted: r.trustedAt !== null,
      deviceId: r.deviceId,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    })),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}
