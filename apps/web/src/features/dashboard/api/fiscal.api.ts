import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FiscalDocumentParams,
  fetchFiscalDocuments,
  fetchFiscalStatus,
  fiscalKeys,
  resendFiscalDocument,
} from '../../../lib/api/fiscal.api';

/** While invoices wait to be sent the figures move on their own (the outbox sends every 250 ms): read them again. */
const PENDING_REFRESH_MS = 10_000;

/** The branch's fiscal outbox at a glance; read again every 10 s while some invoice is pending. */
export function useFiscalStatus(branchId: string | undefined) {
  return useQuery({
    queryKey: fiscalKeys.status(branchId ?? ''),
    queryFn: async ({ signal }) => (await fetchFiscalStatus(branchId ?? '', signal)).data,
    enabled: Boolean(branchId),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });
}

/** One page of the branch's fiscal invoices of a status, paged on the server; disabled until a branch is selected. */
export const fiscalDocumentsQuery = (params: FiscalDocumentParams) =>
  queryOptions({
    queryKey: fiscalKeys.documents(params),
    queryFn: ({ signal }) => fetchFiscalDocuments(params, signal),
    enabled: Boolean(params.branchId),
  });

/** Sends a refused invoice again; the status and the lists are read again once it is done (or refused). */
export function useResendFiscalDocument(branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFiscalDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fiscalKeys.branch(branchId) }),
  });
}
