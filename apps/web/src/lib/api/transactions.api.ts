import type {
  CreateSaleInput,
  PaymentMethod,
  Sale,
  SaleBatchInput,
  SaleBatchResult,
  SaleTenderMethod,
  saleBatchResponse,
  TransactionAnalytics,
  TransactionListItem,
  transactionResponses,
} from '@pos/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../notify';
import { useSelectionStore } from '../selection-store';
import { type Answer, apiRequest, isApiError } from '.';

export type { TransactionAnalytics, TransactionListItem };

/** GET /transactions parameters: page, limit, branchId and only the filters in use. */
export type TransactionListParams = {
  branchId: string;
  page: number;
  limit: number;
  cashierName?: string;
  paymentMethod?: PaymentMethod;
  /** Sales a tender of this method paid part or all of. */
  tender?: SaleTenderMethod;
  startDate?: string;
  endDate?: string;
  /** The receipts starting with this (the returns screen's lookup). */
  receiptNumber?: string;
  status?: string;
};

export type AnalyticsQuery = { branchId: string; startDate?: string; endDate?: string };

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (params: TransactionListParams) => ['transactions', params.branchId, 'list', params] as const,
  analytics: (params: AnalyticsQuery) => ['transactions', params.branchId, 'analytics', params] as const,
  detail: (id: string) => ['transactions', 'detail', id] as const,
};

export function fetchTransactions(
  params: TransactionListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof transactionResponses.list>> {
  return apiRequest<Answer<typeof transactionResponses.list>>('/transactions', { query: params, signal });
}

export function fetchTransactionAnalytics(
  params: AnalyticsQuery,
  signal?: AbortSignal,
): Promise<Answer<typeof transactionResponses.analytics>> {
  return apiRequest<Answer<typeof transactionResponses.analytics>>('/transactions/analytics', {
    query: params,
    signal,
  });
}

/**
 * One sale, read within the selected company: a register chooses its sale ids, so a user of several
 * companies may reach two sales with one id (the server asks for companyId then).
 */
export function fetchTransaction(id: string, signal?: AbortSignal): Promise<Answer<typeof transactionResponses.sale>> {
  const companyId = useSelectionStore.getState().companyId ?? undefined;
  return apiRequest<Answer<typeof transactionResponses.sale>>(`/transactions/${encodeURIComponent(id)}`, {
    query: { companyId },
    signal,
  });
}

/** POST /transactions with the payment's Idempotency-Key: the sale as the server recorded it. */
export async function createSale(body: CreateSaleInput, idempotencyKey: string): Promise<Sale> {
  const answer = await apiRequest<Answer<typeof transactionResponses.sale>>('/transactions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return answer.data;
}

/**
 * POST /transactions/batch: up to 50 queued sales of one branch, in order, each with its own
 * Idempotency-Key, or queued cash movements (each keyed by its id); one result per sale (201, replayed
 * or not, or the 4xx POST /transactions would give it), `movementResults` one per movement.
 */
export async function createSaleBatch(
  body: SaleBatchInput,
): Promise<{ results: SaleBatchResult[]; movementResults: SaleBatchResult[] }> {
  const answer = await apiRequest<Answer<typeof saleBatchResponse>>('/transactions/batch', { method: 'POST', body });
  return answer.data;
}

/** A 403: the user may list sales but not see their analytics (a cashier). */
export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

/** One page of the branch's sales (the transactions screen); disabled until a branch is selected. */
export const transactionsQuery = (params: TransactionListParams) =>
  queryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) => fetchTransactions(params, signal),
    enabled: Boolean(params.branchId),
  });

export function useTransactionAnalytics(params: AnalyticsQuery) {
  const query = useQuery({
    queryKey: transactionKeys.analytics(params),
    queryFn: ({ signal }) => fetchTransactionAnalytics(params, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(params.branchId),
  });
  useEffect(() => {
    if (query.error && !isForbidden(query.error))
      notifyError('Failed to fetch analytics', 'Error', 'fetch-transaction-analytics');
  }, [query.error]);
  return query;
}

/** One sale with its lines, for the details modal; disabled without an id or when `enabled` is false. */
export function useTransaction(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: transactionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchTransaction(id ?? '', signal),
    enabled: Boolean(id) && enabled,
  });
  useEffect(() => {
    if (query.error) notifyError('Failed to fetch transaction details', 'Error', 'fetch-transaction-details');
  }, [query.error]);
  return query;
}
