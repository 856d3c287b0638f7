import type { CreditAdjustmentInput, customerResponses, UpdateCustomerInput } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

export type CustomerListParams = { branchId: string; page: number; limit: number; search?: string };
export type HistoryParams = { page: number; limit: number; startDate?: string; endDate?: string };
export type PageParams = { page: number; limit: number };

export const customerKeys = {
  all: ['customers'] as const,
  list: (p: CustomerListParams) => ['customers', p.branchId, 'list', p] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  analytics: (id: string) => ['customers', 'detail', id, 'analytics'] as const,
  transactions: (id: string, p: HistoryParams) => ['customers', 'detail', id, 'transactions', p] as const,
  returns: (id: string, p: HistoryParams) => ['customers', 'detail', id, 'returns', p] as const,
  credit: (id: string, p: PageParams) => ['customers', 'detail', id, 'credit', p] as const,
};

/** The customer a phone finds at the register: name, email and store credit to spend (0: none). */
export type FoundCustomer = { name: string; email: string | null; creditBalance: number };

/** GET /customers/branch/{branchId}/phone/{phone}: name, email and store credit, or null (a miss is silent). */
export async function lookupCustomerByPhone(branchId: string, phone: string): Promise<FoundCustomer | null> {
  const answer = await apiRequest<Answer<typeof customerResponses.contact>>(
    `/customers/branch/${encodeURIComponent(branchId)}/phone/${encodeURIComponent(phone)}`,
  );
  const customer = answer?.data;
  if (!customer?.name) return null;
  const creditBalance = Number(customer.creditBalance);
  return {
    name: customer.name,
    email: customer.email ?? null,
    creditBalance: Number.isFinite(creditBalance) ? creditBalance : 0,
  };
}

/** One page of the branch's customers (the register's local copy pages through them). */
export function fetchCustomers(params: CustomerListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof customerResponses.list>>('/customers', { query: params, signal });
}

/** One page of the branch's customers (the Customers screen); disabled until a branch is selected. */
export const customersQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => fetchCustomers(params, signal),
    enabled: Boolean(params.branchId),
  });

const path = (id: string, rest = '') => `/customers/${encodeURIComponent(id)}${rest}`;

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Answer<typeof customerResponses.one>>(path(id), { signal }).then((r) => r.data),
    retry: false,
    enabled: Boolean(id),
  });
}

export function useCustomerAnalytics(id: string) {
  return useQuery({
    queryKey: customerKeys.analytics(id),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof customerResponses.analytics>>(path(id, '/analytics'), { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** A page of the customer's sales in a date range; fetched while `enabled` (its tab is open). */
export const customerTransactionsQuery = (id: string, params: HistoryParams, enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.transactions(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof customerResponses.transactions>>(path(id, '/transactions'), { query: params, signal }),
    enabled: Boolean(id) && enabled,
  });

/** A page of the customer's returns in a date range; fetched while `enabled` (its tab is open). */
export const customerReturnsQuery = (id: string, params: HistoryParams, enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.returns(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof customerResponses.returns>>(path(id, '/returns'), { query: params, signal }),
    enabled: Boolean(id) && enabled,
  });

/** A page of the customer's store credit ledger, newest first; fetched while `enabled` (its tab is open). */
export const customerCreditQuery = (id: string, params: PageParams, enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.credit(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof customerResponses.creditEntries>>(path(id, '/credit'), { query: params, signal }),
    enabled: Boolean(id) && enabled,
  });

/**
 * POST /customers/{id}/credit: a manager gives (amount above 0) or takes back (below 0) store credit with a
 * reason. The customer (its balance) and its histories are read again.
 */
export function useAdjustCredit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditAdjustmentInput) =>
      apiRequest<Answer<typeof customerResponses.creditAdjusted>>(path(id, '/credit'), {
        method: 'POST',
        body: input,
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useUpdateCustomer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCustomerInput) =>
      apiRequest<Answer<typeof customerResponses.one>>(path(id), { method: 'PATCH', body: input }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
