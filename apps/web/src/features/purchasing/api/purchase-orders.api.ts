import type {
  CreatePurchaseOrderInput,
  PurchaseOrderStatus,
  purchaseOrderResponses,
  ReceivePurchaseOrderInput,
  ReorderInput,
  UpdatePurchaseOrderInput,
} from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';

export type PurchaseOrderListParams = {
  branchId: string;
  page: number;
  limit: number;
  status?: PurchaseOrderStatus;
  search?: string;
};

export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  list: (params: PurchaseOrderListParams) => ['purchase-orders', params.branchId, 'list', params] as const,
  one: (id: string) => ['purchase-orders', 'one', id] as const,
};

export function fetchPurchaseOrders(
  params: PurchaseOrderListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof purchaseOrderResponses.list>> {
  return apiRequest<Answer<typeof purchaseOrderResponses.list>>('/purchase-orders', { query: params, signal });
}

/** One page of the branch's purchase orders; disabled until a branch is selected. */
export const purchaseOrdersQuery = ({
  branchId,
  ...rest
}: Omit<PurchaseOrderListParams, 'branchId'> & { branchId: string | null }) =>
  queryOptions({
    queryKey: purchaseOrderKeys.list({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchPurchaseOrders({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

export function fetchPurchaseOrder(
  id: string,
  signal?: AbortSignal,
): Promise<Answer<typeof purchaseOrderResponses.one>> {
  return apiRequest<Answer<typeof purchaseOrderResponses.one>>(`/purchase-orders/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function usePurchaseOrder(id: string | undefined) {
  return useQuery({
    queryKey: purchaseOrderKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchPurchaseOrder(id ?? '', signal),
    enabled: Boolean(id),
  });
}

type One = Answer<typeof purchaseOrderResponses.one>;
const path = (id: string, action = '') => `/purchase-orders/${encodeURIComponent(id)}${action}`;

export const createPurchaseOrder = (body: CreatePurchaseOrderInput) =>
  apiRequest<One>('/purchase-orders', { method: 'POST', body });
export const reorderPurchaseOrder = (body: ReorderInput) =>
  apiRequest<One>('/purchase-orders/reorder', { method: 'POST', body });
export const updatePurchaseOrder = ({ id, body }: { id: string; body: UpdatePurchaseOrderInput }) =>
  apiRequest<One>(path(id), { method: 'PATCH', body });
export const placePurchaseOrder = (id: string) => apiRequest<One>(path(id, '/order'), { method: 'POST', body: {} });
export const cancelPurchaseOrder = (id: string) => apiRequest<One>(path(id, '/cancel'), { method: 'POST', body: {} });
export const receivePurchaseOrder = ({ id, body }: { id: string; body: ReceivePurchaseOrderInput }) =>
  apiRequest<One>(path(id, '/receive'), { method: 'POST', body });

/** Every change refreshes the orders and the stock screens (receipts move stock). */
function useChange<A>(fn: (arg: A) => Promise<One>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['inventory'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}

export const useCreatePurchaseOrder = () => useChange(createPurchaseOrder);
export const useReorder = () => useChange(reorderPurchaseOrder);
export const useUpdatePurchaseOrder = () => useChange(updatePurchaseOrder);
export const usePlacePurchaseOrder = () => useChange(placePurchaseOrder);
export const useCancelPurchaseOrder = () => useChange(cancelPurchaseOrder);
export const useReceivePurchaseOrder = () => useChange(receivePurchaseOrder);
