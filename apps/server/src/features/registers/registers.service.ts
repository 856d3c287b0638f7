import { type PageMeta, pageMeta, type Register, type RegisterListItem } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import * as repo from './registers.repo';

/**
 * POST /registers: any staff of the branch (the permission to sell) enrols the device it works on;
 * the same device id at the same branch answers the same register (200), a new one is 201.
 */
export async function enrolRegister(
  db: Db,
  actor: Actor,
  input: { branchId: string; deviceId: string },
): Promise<{ register: Register; created: boolean }> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  const { row, created } = await repo.enrolRegister(db, { ...scope, deviceId: input.deviceId });
  return { register: { id: row.id, branchId: row.branchId, code: row.code }, created };
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
      deviceId: r.deviceId,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    })),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}
