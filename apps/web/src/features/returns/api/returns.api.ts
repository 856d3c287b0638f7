import type { CreateReturnInput } from '@pos/shared';
import { RETURNS_MSG } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api';
import {
  createReturn,
  fetchReturn,
  fetchReturnAnalytics,
  fetchReturns,
  type ReturnListParams,
} from '../../../lib/api/returns.api';
import { fetchShifts, shiftKeys } from '../../../lib/api/shifts.api';
import { fetchTransaction, fetchTransactions } from '../../../lib/api/transactions.api';
import { notifyError, notifySuccess } from '../../../lib/notify';

export type { ReturnListParams };

export const returnKeys = {
  all: ['returns'] as const,
  list: (p: ReturnListParams) => ['returns', p.branchId, 'list', p] as const,
  analytics: (branchId: string) => ['returns', branchId, 'analytics'] as const,
  detail: (id: string) => ['returns', 'detail', id] as const,
  /** Under 'transactions' so that a sale or a return refreshes the lookup too. */
  lookup: (branchId: string, receipt: string) => ['transactions', branchId, 'return-lookup', receipt] as const,
  sale: (id: string) => ['transactions', 'detail', id] as const,
};

/** One page of the branch's returns; disabled until a branch is selected. */
export const returnsQuery = (params: ReturnListParams) =>
  queryOptions({
    queryKey: returnKeys.list(params),
    queryFn: ({ signal }) => fetchReturns(params, signal),
    enabled: Boolean(params.branchId),
  });

/** The toast of a failed returns list (one id: a refetch that fails again replaces it). */
export const RETURNS_FETCH_TOAST = {
  id: 'fetch-returns',
  message: (error: Error) => errorMessage(error, RETURNS_MSG.fetchFailed),
};

export function useReturnAnalytics(branchId: string) {
  return useQuery({
    queryKey: returnKeys.analytics(branchId),
    queryFn: ({ signal }) => fetchReturnAnalytics(branchId, signal),
    enabled: Boolean(branchId),
  });
}

export function useReturn(id: string | null) {
  const query = useQuery({
    queryKey: returnKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchReturn(id ?? '', signal),
    enabled: Boolean(id),
  });
  useEffect(() => {
    if (query.error) notifyError(errorMessage(query.error, RETURNS_MSG.fetchFailed), 'Error', 'fetch-return');
  }, [query.error]);
  return query;
}

/** Completed sales of the branch whose receipt number starts with the term, with their lines. */
export function useReturnLookup(branchId: string, receipt: string) {
  const query = useQuery({
    queryKey: returnKeys.lookup(branchId, receipt),
    queryFn: ({ signal }) =>
      fetchTransactions({ branchId, receiptNumber: receipt, status: 'completed', page: 1, limit: 10 }, signal),
    enabled: Boolean(branchId) && receipt.length > 0,
  });
  useEffect(() => {
    if (query.error) notifyError(RETURNS_MSG.fetchTransactionsFailed, 'Error', 'fetch-return-lookup');
  }, [query.error]);
  return query;
}

/** The sale as it is now (returned quantities included), for the Process Return form. */
export function useSaleForReturn(id: string | null) {
  const query = useQuery({
    queryKey: returnKeys.sale(id ?? ''),
    queryFn: ({ signal }) => fetchTransaction(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
  useEffect(() => {
    if (query.error) notifyError(RETURNS_MSG.fetchTransactionsDataFailed, 'Error', 'fetch-return-sale');
  }, [query.error]);
  return query;
}

/**
 * The branch's open shifts (one per register at most), for the register whose drawer pays a refund.
 * Fresh each time the form opens: a shift may have opened or closed since.
 */
export function useOpenShifts(branchId: string) {
  const params = { branchId, page: 1, limit: 100, status: 'open' as const };
  return useQuery({
    queryKey: shiftKeys.list(params),
    queryFn: ({ signal }) => fetchShifts(params, signal),
    enabled: Boolean(branchId),
    staleTime: 0,
  });
}

export function useCreateReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateReturnInput) => createReturn(payload),
    onSuccess: async () => {
      notifySuccess(RETURNS_MSG.processed);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['returns'] }),
        client.invalidateQueries({ queryKey: ['transactions'] }),
        client.invalidateQueries({ queryKey: ['products'] }),
        client.invalidateQueries({ queryKey: ['inventory'] }),
        client.invalidateQueries({ queryKey: ['dashboard'] }),
        client.invalidateQueries({ queryKey: shiftKeys.all }),
      ]);
    },
    onError: (error) => notifyError(errorMessage(error, RETURNS_MSG.processFailed)),
  });
}
