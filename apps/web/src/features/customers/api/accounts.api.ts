import type { accountResponses } from '@pos/shared';
import { queryOptions } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { customerKeys } from '../../../lib/api/customers.api';

export type AgeingParams = { branchId: string; page: number; limit: number; search?: string };

/** The export of the ageing list (ExportButton downloads it with the list's branch and search). */
export const AGEING_EXPORT_PATH = '/accounts/ageing/export.csv';

/**
 * The ageing list's key sits under the customers' keys, so a credit limit set or a payment received (which
 * invalidate every customer query) reads it again too.
 */
export const ageingKey = (p: AgeingParams) => [...customerKeys.all, p.branchId, 'ageing', p] as const;

/** GET /accounts/ageing: a page of the branch's customers who owe on account, most owed first. */
export const ageingQuery = (params: AgeingParams) =>
  queryOptions({
    queryKey: ageingKey(params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof accountResponses.ageing>>('/accounts/ageing', { query: params, signal }),
    enabled: Boolean(params.branchId),
  });
