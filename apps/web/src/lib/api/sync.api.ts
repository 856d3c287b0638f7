import type { syncResponses } from '@pos/shared';
import { type Answer, apiRequest } from '.';

export type SyncParams = { branchId: string; cursor?: string; limit?: number };

/** GET /sync/catalogue: the branch's products changed since the cursor (all of them without one), a page. */
export async function fetchCatalogueSync(params: SyncParams, signal?: AbortSignal) {
  const answer = await apiRequest<Answer<typeof syncResponses.catalogue>>('/sync/catalogue', { query: params, signal });
  return answer.data;
}

/** GET /sync/customers: the branch's customers changed since the cursor, a page. */
export async function fetchCustomerSync(params: SyncParams, signal?: AbortSignal) {
  const answer = await apiRequest<Answer<typeof syncResponses.customers>>('/sync/customers', { query: params, signal });
  return answer.data;
}

/**
 * GET /sync/gift-vouchers: the company's gift vouchers changed since the cursor, a page: each as its code's digest,
 * balance and last day (never the code); the first sync only those with something left.
 */
export async function fetchVoucherSync(params: SyncParams, signal?: AbortSignal) {
  const answer = await apiRequest<Answer<typeof syncResponses.vouchers>>('/sync/gift-vouchers', {
    query: params,
    signal,
  });
  return answer.data;
}
