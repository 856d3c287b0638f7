import type {
  AccountPaymentInput,
  accountResponses,
  CreditAdjustmentInput,
  CreditLimitInput,
  customerResponses,
  UpdateCustomerInput,
} from '@pos/shared';
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
  account: (id: string) => ['customers', 'detail', id, 'account'] as const,
  accountEntries: (id: string, p: PageParams) => ['customers', 'detail', id, 'account', 'entries', p] as const,
};

/** The customer a phone finds at the register: name, email and store credit to spend (0: none). */
/** What the customer owes on account and their credit limit (id: the customer, for a payment on account). */
export type CustomerAccountFigures = { id: string | null; balance: number; creditLimit: number };
export type FoundCustomer = {
  name: string;
  email: string | null;
  creditBalance: number;
  account: CustomerAccountFigures;
};

const finite = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** GET /customers/branch/{branchId}/phone/{phone}: name, email and store credit, or null (a miss is silent). */
export async function lookupCustomerByPhone(branchId: string, phone: string): Promise<FoundCustomer | null> {
  const answer = await apiRequest<Answer<typeof customerResponses.contact>>(
    `/customers/branch/${encodeURIComponent(branchId)}/phone/${encodeURIComponent(phone)}`,
  );
  const customer = answer?.data;
  if (!customer?.name) return null;
  return {
    name: customer.name,
    email: customer.email ?? null,
    creditBalance: finite(customer.creditBalance),
    account: { id: customer.id, balance: finite(customer.accountBalance), creditLimit: finite(customer.creditLimit) },
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

/** GET /customers/{id}/account: the balance owed, the credit limit, what is left of it and the ageing. */
export function useCustomerAccount(id: string, enabled = true) {
  return useQuery({
    queryKey: customerKeys.account(id),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof accountResponses.summary>>(path(id, '/account'), { signal }).then((r) => r.data),
    enabled: Boolean(id) && enabled,
  });
}

/** A page of the customer's account statement, newest first; fetched while `enabled` (its tab is open). */
export const customerAccountEntriesQuery = (id: string, params: PageParams, enabled: boolean) =>
  queryOptions({
    queryKey: customerKeys.accountEntries(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof accountResponses.entries>>(path(id, '/account/entries'), { query: params, signal }),
    enabled: Boolean(id) && enabled,
  });

/**
 * PUT /customers/{id}/account: a Manager or Super Admin sets the credit limit with a reason. Everything of the
 * customers is read again (the customer, its account, the branch's ageing list, keyed under customers too).
 */
export function useSetCreditLimit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditLimitInput) =>
      apiRequest<Answer<typeof accountResponses.summary>>(path(id, '/account'), { method: 'PUT', body: input }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/**
 * POST /customers/{id}/account/payments: a payment received on account (cash or card). The `id` the caller
 * gives makes a retry of the same payment answer the first one instead of recording it twice.
 */
export function useReceivePayment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountPaymentInput) =>
      apiRequest<Answer<typeof accountResponses.payment>>(path(id, '/account/payments'), {
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
