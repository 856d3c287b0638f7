import type {
  Customer,
  CustomerAnalytics,
  CustomerListItem,
  CustomerReturn,
  CustomerTransaction,
  PageMeta,
  UpdateCustomerInput,
} from '@pos/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '.';

type Paged<T> = { success: boolean; data: T[]; meta: PageMeta };
type Envelope<T> = { success: boolean; data: T; message?: string };

export type CustomerListParams = { branchId: string; page: number; limit: number; search?: string };
export type HistoryParams = { page: number; limit: number; startDate?: string; endDate?: string };

export const customerKeys = {
  all: ['customers'] as const,
  list: (p: CustomerListParams) => ['customers', p.branchId, 'list', p] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  analytics: (id: string) => ['customers', 'detail', id, 'analytics'] as const,
  transactions: (id: string, p: HistoryParams) => ['customers', 'detail', id, 'transactions', p] as const,
  returns: (id: string, p: HistoryParams) => ['customers', 'detail', id, 'returns', p] as const,
};

export type FoundCustomer = { name: string; email: string | null };

/** GET /customers/branch/{branchId}/phone/{phone}: name and email, or null (a miss is silent). */
export async function lookupCustomerByPhone(branchId: string, phone: string): Promise<FoundCustomer | null> {
  const answer = await apiRequest<Envelope<{ name?: string | null; email?: string | null } | null>>(
    `/customers/branch/${encodeURIComponent(branchId)}/phone/${encodeURIComponent(phone)}`,
  );
  const customer = answer?.data;
  if (!customer?.name) return null;
  return { name: customer.name, email: customer.email ?? null };
}

export function useCustomers(params: CustomerListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Paged<CustomerListItem>>('/customers', { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(params.branchId),
  });
}

const path = (id: string, rest = '') => `/customers/${encodeURIComponent(id)}${rest}`;

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Envelope<Customer>>(path(id), { signal }).then((r) => r.data),
    retry: false,
    enabled: Boolean(id),
  });
}

export function useCustomerAnalytics(id: string) {
  return useQuery({
    queryKey: customerKeys.analytics(id),
    queryFn: ({ signal }) =>
      apiRequest<Envelope<CustomerAnalytics>>(path(id, '/analytics'), { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

export function useCustomerTransactions(id: string, params: HistoryParams, enabled = true) {
  return useQuery({
    queryKey: customerKeys.transactions(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Paged<CustomerTransaction>>(path(id, '/transactions'), { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(id) && enabled,
  });
}

export function useCustomerReturns(id: string, params: HistoryParams, enabled = true) {
  return useQuery({
    queryKey: customerKeys.returns(id, params),
    queryFn: ({ signal }) => apiRequest<Paged<CustomerReturn>>(path(id, '/returns'), { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(id) && enabled,
  });
}

export function useUpdateCustomer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCustomerInput) =>
      apiRequest<Envelope<Customer>>(path(id), { method: 'PATCH', body: input }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
