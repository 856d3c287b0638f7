import type { CountLineInput, StartStockCountInput, StockCountStatus, stockCountResponses } from '@pos/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

export type StockCountListParams = { branchId: string; page: number; limit: number; status?: StockCountStatus };
export type CountLinesParams = { page: number; limit: number; search?: string };

export const stockCountKeys = {
  all: ['stock-counts'] as const,
  list: (params: StockCountListParams) => ['stock-counts', params.branchId, 'list', params] as const,
  one: (id: string) => ['stock-counts', 'one', id] as const,
  lines: (id: string, params: CountLinesParams) => ['stock-counts', 'one', id, 'lines', params] as const,
  variances: (id: string, params: CountLinesParams) => ['stock-counts', 'one', id, 'variances', params] as const,
};

const path = (id: string, rest = '') => `/stock-counts/${encodeURIComponent(id)}${rest}`;

export function fetchStockCounts(
  params: StockCountListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof stockCountResponses.list>> {
  return apiRequest<Answer<typeof stockCountResponses.list>>('/stock-counts', { query: params, signal });
}

export function useStockCounts(params: Omit<StockCountListParams, 'branchId'> & { branchId: string | null }) {
  const { branchId, ...rest } = params;
  const full = { ...rest, branchId: branchId ?? '' };
  return useQuery({
    queryKey: stockCountKeys.list(full),
    queryFn: ({ signal }) => fetchStockCounts(full, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(branchId),
  });
}

export function useStockCount(id: string | undefined) {
  return useQuery({
    queryKey: stockCountKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest<Answer<typeof stockCountResponses.one>>(path(id ?? ''), { signal }),
    enabled: Boolean(id),
  });
}

/** The counted products (blind: no expected figures). */
export function useCountLines(id: string, params: CountLinesParams) {
  return useQuery({
    queryKey: stockCountKeys.lines(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof stockCountResponses.lines>>(path(id, '/lines'), { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The review (managers): expected, variance and its value at cost. */
export function useCountVariances(id: string, params: CountLinesParams, enabled: boolean) {
  return useQuery({
    queryKey: stockCountKeys.variances(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof stockCountResponses.variances>>(path(id, '/variances'), { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const startStockCount = (body: StartStockCountInput) =>
  apiRequest<Answer<typeof stockCountResponses.one>>('/stock-counts', { method: 'POST', body });
export const enterCountLine = ({ id, body }: { id: string; body: CountLineInput }) =>
  apiRequest<Answer<typeof stockCountResponses.line>>(path(id, '/lines'), { method: 'POST', body });
export const applyStockCount = (id: string) =>
  apiRequest<Answer<typeof stockCountResponses.applied>>(path(id, '/apply'), { method: 'POST', body: {} });
export const cancelStockCount = (id: string) =>
  apiRequest<Answer<typeof stockCountResponses.one>>(path(id, '/cancel'), { method: 'POST', body: {} });

function useChange<A, R>(fn: (arg: A) => Promise<R>, alsoStock = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockCountKeys.all }),
        ...(alsoStock
          ? [
              queryClient.invalidateQueries({ queryKey: ['inventory'] }),
              queryClient.invalidateQueries({ queryKey: ['products'] }),
            ]
          : []),
      ]),
  });
}

export const useStartStockCount = () => useChange(startStockCount);
export const useEnterCountLine = () => useChange(enterCountLine);
export const useApplyStockCount = () => useChange(applyStockCount, true);
export const useCancelStockCount = () => useChange(cancelStockCount);
