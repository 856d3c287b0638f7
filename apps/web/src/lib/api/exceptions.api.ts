import type { ExceptionListQuery, exceptionResponses, ResolveExceptionInput } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

/** GET /exceptions parameters: the branch, which exceptions and the page. */
export type ExceptionListParams = { branchId: string; status: ExceptionStatus; page: number; limit: number };
export type ExceptionStatus = ExceptionListQuery['status'];

/** Under one root: resolving one refreshes the list and the dashboard's open count alike. */
export const exceptionKeys = {
  all: ['exceptions'] as const,
  list: (params: ExceptionListParams) => ['exceptions', params.branchId, 'list', params] as const,
  openCount: (branchId: string) => ['exceptions', branchId, 'open-count'] as const,
};

/** GET /exceptions?branchId=&status=&page=&limit=: the branch's flagged offline sales, newest first (Manager, Super Admin). */
export function fetchExceptions(params: ExceptionListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof exceptionResponses.list>>('/exceptions', { query: params, signal });
}

/** POST /exceptions/{saleId}/resolve: closes an exception with a note (409 when it is already resolved). */
export function resolveException(saleId: string, input: ResolveExceptionInput) {
  return apiRequest<Answer<typeof exceptionResponses.one>>(`/exceptions/${saleId}/resolve`, {
    method: 'POST',
    body: input,
  });
}

/** One page of the branch's exceptions, paged on the server; disabled until a branch is selected. */
export const exceptionsQuery = (params: ExceptionListParams) =>
  queryOptions({
    queryKey: exceptionKeys.list(params),
    queryFn: ({ signal }) => fetchExceptions(params, signal),
    enabled: Boolean(params.branchId),
  });

/** How many exceptions of the branch are open: one row asked for, the total read from the page's meta. */
export function useOpenExceptionCount(branchId: string | undefined) {
  return useQuery({
    queryKey: exceptionKeys.openCount(branchId ?? ''),
    queryFn: ({ signal }) =>
      fetchExceptions({ branchId: branchId ?? '', status: 'open', page: 1, limit: 1 }, signal).then(
        (r) => r.meta.total,
      ),
    enabled: Boolean(branchId),
  });
}

/** Resolves one exception; the lists and the open count refetch once it is done (or refused). */
export function useResolveException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, ...input }: ResolveExceptionInput & { saleId: string }) => resolveException(saleId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exceptionKeys.all }),
  });
}
