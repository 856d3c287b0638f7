import type { AuditAction, auditResponses } from '@pos/shared';
import { queryOptions } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';

/** The Audit Log screen's filters, as GET /audit-logs and its export twin take them. */
export type AuditFilters = {
  companyId?: string;
  branchId?: string;
  userId?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
};

export const AUDIT_EXPORT_PATH = '/audit-logs/export.csv';

export const auditKeys = {
  all: ['audit-logs'] as const,
  page: (filters: AuditFilters, page: number, limit: number) => ['audit-logs', filters, page, limit] as const,
};

export function fetchAuditLogs(filters: AuditFilters, page: number, limit: number, signal?: AbortSignal) {
  return apiRequest<Answer<typeof auditResponses.list>>('/audit-logs', {
    query: { ...filters, page, limit },
    signal,
  });
}

/** One page of the audit log, paged on the server; disabled until it names a company or a branch. */
export const auditLogsQuery = (filters: AuditFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: auditKeys.page(filters, page, limit),
    queryFn: ({ signal }) => fetchAuditLogs(filters, page, limit, signal),
    enabled: Boolean(filters.companyId || filters.branchId),
  });
