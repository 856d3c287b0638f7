import type {
  inventoryFlagsResponses,
  inventoryResponses,
  SaleLineFlag,
  StockAdjustmentInput,
  WriteOffInput,
  writeOffResponses,
} from '@pos/shared';
import { INVENTORY_MSG } from '@pos/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The toast of a failed inventory list: one id for all of them, so a refetch that fails again updates it. */
export const INVENTORY_FETCH_TOAST = { id: 'fetch-inventory', message: INVENTORY_MSG.fetchFailed };

type OfBranch<P> = Omit<P, 'branchId'> & { branchId: string | null };

/** One page of the branch's stock levels; disabled until a branch is selected. */
export const stockLevelsQuery = ({ branchId, ...rest }: OfBranch<StockListParams>) =>
  queryOptions({
    queryKey: inventoryKeys.stock({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchStock({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

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

/** One page of the branch's stock movements; disabled until a branch is selected. */
export const movementsQuery = ({ branchId, ...rest }: OfBranch<MovementListParams>) =>
  queryOptions({
    queryKey: inventoryKeys.movements({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchMovements({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

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

export type FlagListParams = { branchId: string; page: number; limit: number; flag?: SaleLineFlag };

/** Lines of offline sales flagged for review (sold beyond stock, price differs): Manager and Super Admin. */
export function fetchInventoryFlags(params: FlagListParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof inventoryFlagsResponses.list>>('/inventory/flags', { query: params, signal });
}

/** One page of the branch's flagged offline sale lines; disabled until a branch is selected. */
export const inventoryFlagsQuery = ({ branchId, ...rest }: OfBranch<FlagListParams>) =>
  queryOptions({
    queryKey: ['inventory', branchId ?? '', 'flags', { ...rest, branchId: branchId ?? '' }] as const,
    queryFn: ({ signal }) => fetchInventoryFlags({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });
