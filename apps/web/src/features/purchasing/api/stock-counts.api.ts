import type { CountLineInput, StartStockCountInput, StockCountStatus, stockCountResponses } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';

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

/** One page of the branch's stock counts; disabled until a branch is selected. */
export const stockCountsQuery = ({
  branchId,
  ...rest
}: Omit<StockCountListParams, 'branchId'> & { branchId: string | null }) =>
  queryOptions({
    queryKey: stockCountKeys.list({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchStockCounts({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

export function useStockCount(id: string | undefined) {
  return useQuery({
    queryKey: stockCountKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest<Answer<typeof stockCountResponses.one>>(path(id ?? ''), { signal }),
    enabled: Boolean(id),
  });
}

/** A page of the counted products (blind: no expected figures). */
export const countLinesQuery = (id: string, params: CountLinesParams) =>
  queryOptions({
    queryKey: stockCountKeys.lines(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof stockCountResponses.lines>>(path(id, '/lines'), { query: params, signal }),
  });

/** A page of the review (managers): expected, variance and its value at cost. */
export const countVariancesQuery = (id: string, params: CountLinesParams) =>
  queryOptions({
    queryKey: stockCountKeys.variances(id, params),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof stockCountResponses.variances>>(path(id, '/variances'), { query: params, signal }),
  });

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
