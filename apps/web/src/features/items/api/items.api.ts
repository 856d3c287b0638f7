import type {
  CreateItemInput,
  ItemListQuery,
  itemResponses,
  SetListingInput,
  UpdateItemInput,
  UpdateVariantInput,
} from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { productKeys } from '../../../lib/api/products.api';
import { taxClassKeys } from '../../../lib/api/tax-classes.api';

export type ItemListParams = { companyId: string; page: number; limit: number; search?: string };

export const itemKeys = {
  all: ['items'] as const,
  list: (params: ItemListParams) => ['items', params.companyId, 'list', params] as const,
  detail: (id: string) => ['items', 'detail', id] as const,
};

type ItemAnswer = Answer<typeof itemResponses.one>;

export function fetchItems(params: ItemListParams, signal?: AbortSignal): Promise<Answer<typeof itemResponses.list>> {
  return apiRequest<Answer<typeof itemResponses.list>>('/items', { query: params satisfies ItemListQuery, signal });
}

export function fetchItem(id: string, signal?: AbortSignal): Promise<ItemAnswer> {
  return apiRequest<ItemAnswer>(`/items/${encodeURIComponent(id)}`, { signal });
}

/** One page of the company's items; disabled until a company is selected. */
export const itemsQuery = ({ companyId, ...rest }: Omit<ItemListParams, 'companyId'> & { companyId: string | null }) =>
  queryOptions({
    queryKey: itemKeys.list({ ...rest, companyId: companyId ?? '' }),
    queryFn: ({ signal }) => fetchItems({ ...rest, companyId: companyId ?? '' }, signal),
    enabled: Boolean(companyId),
  });

/** One item with its variants and their listings in every branch. */
export function useItem(id: string | null) {
  return useQuery({
    queryKey: itemKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchItem(id ?? '', signal),
    enabled: Boolean(id),
    retry: false,
  });
}

export const createItem = (body: CreateItemInput) => apiRequest<ItemAnswer>('/items', { method: 'POST', body });

export const updateItem = ({ id, body }: { id: string; body: UpdateItemInput }) =>
  apiRequest<ItemAnswer>(`/items/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** PATCH /variants/{id}: a new price is the chain price, which every listing without an override follows. */
export const updateVariant = ({ id, body }: { id: string; body: UpdateVariantInput }) =>
  apiRequest<Answer<typeof itemResponses.variant>>(`/variants/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** PUT /variants/{id}/listings/{branchId}: lists the variant there, or sets its price (null: the chain price). */
export const setListing = ({
  variantId,
  branchId,
  body,
}: {
  variantId: string;
  branchId: string;
  body: SetListingInput;
}) =>
  apiRequest<Answer<typeof itemResponses.listing>>(
    `/variants/${encodeURIComponent(variantId)}/listings/${encodeURIComponent(branchId)}`,
    { method: 'PUT', body },
  );

/**
 * Every catalogue change reaches the branches' views: the items and the products (the products screen, the
 * register) are read again, and the tax classes (their item counts).
 */
function useCatalogMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: taxClassKeys.all }),
      ]),
  });
}

export const useCreateItem = () => useCatalogMutation(createItem);
export const useUpdateItem = () => useCatalogMutation(updateItem);
export const useUpdateVariant = () => useCatalogMutation(updateVariant);
export const useSetListing = () => useCatalogMutation(setListing);
