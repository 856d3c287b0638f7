import type { userListQuerySchema } from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, accessibleCompanyIds, requirePermission, resolveBranch, resolveCompany } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import type { CompanyScope } from '../../lib/tenant.repo';
import * as repo from './users.repo';

type ExportRow = Awaited<ReturnType<typeof repo.usersExportQuery>>[number];

export const userColumns: ExportColumn<ExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Username', value: (r) => r.username },
  { header: 'Email', value: (r) => r.email },
  { header: 'Role', value: (r) => r.roleName },
  { header: 'Branch', value: (r) => r.branchName },
  { header: 'Active', type: 'boolean', value: (r) => r.isActive },
];

/** GET /users/export.csv: the list's access and filters (manage_users; page and limit ignored). */
export async function exportUsers(
  db: Db,
  actor: Actor,
  query: z.output<typeof userListQuerySchema>,
): Promise<ListExport<ExportRow>> {
  requirePermission(actor, 'manage_users');
  let companyIds: CompanyScope;
  if (query.branchId) {
    const scope = await resolveBranch(db, { actor, branchId: query.branchId });
    if (query.companyId && query.companyId !== scope.companyId) throw notFound('Branch');
    companyIds = [scope.companyId];
  } else if (query.companyId) {
    companyIds = [resolveCompany(actor, query.companyId)];
  } else {
    companyIds = accessibleCompanyIds(actor);
  }
  const select = repo.usersExportQuery(db, { companyIds, branchId: query.branchId, search: query.search });
  return {
    filename: 'users',
    columns: columnsFor(actor, userColumns),
    timeZone: null,
    batches: selectInBatches(db, select),
  };
}
