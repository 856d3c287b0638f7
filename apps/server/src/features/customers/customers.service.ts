import type { CustomerContact } from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { notFound } from '../../lib/errors';
import * as repo from './customers.repo';

/**
 * GET /customers/branch/{branchId}/phone/{phone}: the register's look-up. The phone is matched exactly
 * after trimming, as POST /transactions stores it; a miss is a 404 (the register stays silent).
 */
export async function findByPhone(
  db: Db,
  actor: Actor,
  { branchId, phone }: { branchId: string; phone: string },
): Promise<CustomerContact> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_customers' });
  const customer = await repo.findCustomerByPhone(db, { ...scope, phone });
  if (!customer) throw notFound('Customer');
  return customer;
}
