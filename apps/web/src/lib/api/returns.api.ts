import type { CreateReturnInput, returnResponses } from '@pos/shared';
import { type Answer, apiRequest } from '.';

/**
 * The /returns endpoints: the back office's Returns screen (features/returns) and the register's Return
 * (features/pos) call them from here.
 */
export type ReturnListParams = {
  branchId: string;
  page: number;
  limit: number;
  status?: string;
  startDate?: string;
  endDate?: string;
};

/** GET /returns: a page of the branch's returns, newest first. */
export function fetchReturns(params: ReturnListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof returnResponses.list>>('/returns', { query: params, signal });
}

/** GET /returns/analytics: the branch's counts and sums. */
export function fetchReturnAnalytics(branchId: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof returnResponses.analytics>>('/returns/analytics', { query: { branchId }, signal });
}

/** GET /returns/{id}. */
export function fetchReturn(id: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof returnResponses.one>>(`/returns/${encodeURIComponent(id)}`, { signal });
}

/**
 * POST /returns. `approval_grant_id`: a manager's one-time grant for this return at this register
 * (a cashier's return past the branch's register rules).
 */
export function createReturn(payload: CreateReturnInput) {
  return apiRequest<Answer<typeof returnResponses.created>>('/returns', { method: 'POST', body: payload });
}
