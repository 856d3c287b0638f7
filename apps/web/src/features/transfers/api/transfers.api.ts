import type {
  CreateTransferInput,
  ReceiveTransferInput,
  TransferListQuery,
  transferResponses,
  UpdateTransferInput,
} from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { inventoryKeys } from '../../../lib/api/inventory.api';

export type TransferListParams = {
  branchId: string;
  page: number;
  limit: number;
  direction?: 'incoming' | 'outgoing';
  status?: string;
};

export const transferKeys = {
  all: ['transfers'] as const,
  list: (p: TransferListParams) => ['transfers', p.branchId, 'list', p] as const,
  detail: (id: string) => ['transfers', 'detail', id] as const,
};

type TransferAnswer = Answer<typeof transferResponses.detail>;

export function fetchTransfers(params: TransferListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof transferResponses.list>>('/transfers', {
    query: params satisfies TransferListQuery,
    signal,
  });
}

export function fetchTransfer(id: string, signal?: AbortSignal) {
  return apiRequest<TransferAnswer>(`/transfers/${encodeURIComponent(id)}`, { signal });
}

/** One page of the branch's transfers; disabled until a branch is selected. */
export const transfersQuery = ({
  branchId,
  ...rest
}: Omit<TransferListParams, 'branchId'> & { branchId: string | null }) =>
  queryOptions({
    queryKey: transferKeys.list({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchTransfers({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

export function useTransfer(id: string | null) {
  return useQuery({
    queryKey: transferKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchTransfer(id ?? '', signal),
    enabled: Boolean(id),
    retry: false,
  });
}

const path = (id: string, action?: string) => `/transfers/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const createTransfer = (body: CreateTransferInput) =>
  apiRequest<TransferAnswer>('/transfers', { method: 'POST', body });
export const updateTransfer = ({ id, body }: { id: string; body: UpdateTransferInput }) =>
  apiRequest<TransferAnswer>(path(id), { method: 'PUT', body });
export const sendTransfer = (id: string) => apiRequest<TransferAnswer>(path(id, 'send'), { method: 'POST', body: {} });
export const cancelTransfer = (id: string) =>
  apiRequest<TransferAnswer>(path(id, 'cancel'), { method: 'POST', body: {} });
export const receiveTransfer = ({ id, body }: { id: string; body: ReceiveTransferInput }) =>
  apiRequest<TransferAnswer>(path(id, 'receive'), { method: 'POST', body });
export const closeTransfer = ({ id, note }: { id: string; note?: string }) =>
  apiRequest<TransferAnswer>(path(id, 'close'), { method: 'POST', body: { note } });

/** Transfers move stock: every change refreshes the transfers, the inventory lists and the products. */
function useTransferMutation<V>(fn: (v: V) => Promise<TransferAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      queryClient.setQueryData(transferKeys.detail(answer.data.id), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.all }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}

export const useCreateTransfer = () => useTransferMutation(createTransfer);
export const useUpdateTransfer = () => useTransferMutation(updateTransfer);
export const useSendTransfer = () => useTransferMutation(sendTransfer);
export const useCancelTransfer = () => useTransferMutation(cancelTransfer);
export const useReceiveTransfer = () => useTransferMutation(receiveTransfer);
export const useCloseTransfer = () => useTransferMutation(closeTransfer);
