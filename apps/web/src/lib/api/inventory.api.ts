import type {
  inventoryFlagsResponses,
  inventoryResponses,
  StockAdjustmentInput,
  WriteOffInput,
  writeOffResponses,
} from '@pos/shared';
import { INVENTORY_MSG } from '@pos/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../notify';
import { type Answer, apiRequest } from '.';

export type StockListParams = {
  branchId: string;
  page: number;
  limit: number;
  search?: string;
  categoryId?: string;
  stockStatus?: string;
  /** Only the products at or under their threshold (the dashboard's panel). */
  lowStock?: boolean;
};

export type MovementListParams = {
  branchId: string;
  page: number;
  limit: number;
  productId?: string;
  movementType?: string;
};

export const inventoryKeys = {
  all: ['inventory'] as const,
  stock: (params: StockListParams) => ['inventory', params.branchId, 'stock', params] as const,
  movements: (params: MovementListParams) => ['inventory', params.branchId, 'movements', params] as const,
};

export function fetchStock(params: StockListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof inventoryResponses.stock>>('/inventory/stock', { query: params, signal });
}

export function fetchMovements(params: MovementListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof inventoryResponses.movements>>('/inventory/movements', { query: params, signal });
}

/** One toast id for every inventory fetch: a refetch that fails again updates it instead of stacking. */
function useFetchErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifyError(INVENTORY_MSG.fetchFailed, 'Error', 'fetch-inventory');
  }, [error]);
}

export function useStockLevels(params: Omit<StockListParams, 'branchId'> & { branchId: string | null }) {
  const { branchId, ...rest } = params;
  const full = { ...rest, branchId: branchId ?? '' };
  const query = useQuery({
    queryKey: inventoryKeys.stock(full),
    queryFn: ({ signal }) => fetchStock(full, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(branchId),
  });
  useFetchErrorToast(query.error);
  return query;
}

/** The product pickers (adjustment form, movement filter): the first 20 matches of a search. */
export function useProductOptions({
  branchId,
  search,
  enabled,
}: {
  branchId: string | null;
  search: string;
  enabled: boolean;
}) {
  const params = { branchId: branchId ?? '', page: 1, limit: 20, search: search || undefined };
  return useQuery({
    queryKey: [...inventoryKeys.stock(params), 'options'],
    queryFn: ({ signal }) => fetchStock(params, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(branchId),
  });
}

export function useMovements(params: Omit<MovementListParams, 'branchId'> & { branchId: string | null }) {
  const { branchId, ...rest } = params;
  const full = { ...rest, branchId: branchId ?? '' };
  const query = useQuery({
    queryKey: inventoryKeys.movements(full),
    queryFn: ({ signal }) => fetchMovements(full, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(branchId),
  });
  useFetchErrorToast(query.error);
  return query;
}

export function adjustStock(body: StockAdjustmentInput) {
  return apiRequest<Answer<typeof inventoryResponses.adjusted>>('/inventory/adjustments', { method: 'POST', body });
}

/** Stock shows on the inventory lists, product cards and the register: refresh them all. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}

export function writeOff(body: WriteOffInput) {
  return apiRequest<Answer<typeof writeOffResponses.created>>('/inventory/write-offs', { method: 'POST', body });
}

/** Damaged or expired units leave stock (a damage / expiry movement): refresh what shows stock. */
export function useWriteOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeOff,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}

export type FlagListParams = { branchId: string; page: number; limit: number; flag?: 'oversold' | 'price_differs' };

/** Lines of offline sales flagged for review (sold beyond stock, price differs): Manager and Super Admin. */
export function fetchInventoryFlags(params: FlagListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof inventoryFlagsResponses.list>>('/inventory/flags', { query: params, signal });
}

export function useInventoryFlags(params: Omit<FlagListParams, 'branchId'> & { branchId: string | null }) {
  const { branchId, ...rest } = params;
  const full = { ...rest, branchId: branchId ?? '' };
  const query = useQuery({
    queryKey: ['inventory', full.branchId, 'flags', full] as const,
    queryFn: ({ signal }) => fetchInventoryFlags(full, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(branchId),
  });
  useFetchErrorToast(query.error);
  return query;
}
