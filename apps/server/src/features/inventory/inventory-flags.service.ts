import { type FlaggedLine, type PageMeta, pageMeta } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { toMoney } from '../../lib/money';
import * as repo from './inventory-flags.repo';

/**
 * GET /inventory/flags: the lines of offline sales flagged for review ('oversold': sold beyond the
 * stock; 'price_differs': at a price other than the server's), Manager and Super Admin (view_sales).
 */
export async function listFlaggedLines(
  db: Db,
  actor: Actor,
  query: { branchId: string; flag?: string; page: number; limit: number },
): Promise<{ items: FlaggedLine[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const { rows, total } = await repo.listFlaggedLines(db, scope, {
    flag: query.flag,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items: rows.map((r) => ({ ...r, soldAt: r.soldAt.toISOString(), unitPrice: toMoney(r.unitPrice) })),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}
