import type { CustomerContact } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';

/** The branch's customer with this phone (customers are unique by phone per branch). */
export async function findCustomerByPhone(
  db: DbOrTx,
  { companyId, branchId, phone }: { companyId: string; branchId: string; phone: string },
): Promise<CustomerContact | undefined> {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.branchId, branchId), eq(customers.phone, phone)))
    .limit(1);
  return row;
}
