import type { Brand, Category, CreateProductInput, PageMeta, Product, UpdateProductInput } from '@pos/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { nextPickerPage, PICKER_PAGE_SIZE } from '../utils/picker-options';

type Paged<T> = { success: boolean; data: T[]; meta: PageMeta };

/**
 * GET /products counts matches only up to a cap (500 for the first pages): past it, meta.total is the
 * cap, totalCapped is true ("more than total") and totalPages reaches at least one page further.
 */
export type ProductPageMeta = PageMeta;
type Envelope<T> = { success: boolean; data: T; message?: string };

export type ProductListParams = { branchId: string; page: number; limit: number; search?: string };

export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => ['products', params.branchId, 'list', params] as const,
};

/** One page of the branch's products. The catalogue can hold 100,000: never ask for all of it. */
export function fetchProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<Paged<Product> & { meta: ProductPageMeta }> {
  return apiRequest<Paged<Product> & { meta: ProductPageMeta }>('/products', { query: params, signal });
}

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(params: Omit<ProductListParams, 'branchId'> & { branchId: string | null }) {
  const { branchId, ...rest } = params;
  const query = useQuery({
    ...productsQueryOptions({ ...rest, branchId: branchId ?? '' }),
    enabled: Boolean(branchId),
  });
  // One toast id: a refetch that fails again updates the toast instead of stacking another.
  useEffect(() => {
    if (query.error) notifyError('Failed to fetch products', 'Error', 'fetch-products');
  }, [query.error]);
  return query;
}

export function createProduct(body: CreateProductInput): Promise<Envelope<Product>> {
  return apiRequest<Envelope<Product>>('/products', { method: 'POST', body });
}

export function updateProduct({ id, body }: { id: string; body: UpdateProductInput }): Promise<Envelope<Product>> {
  return apiRequest<Envelope<Product>>(`/products/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function deleteProduct(id: string): Promise<Envelope<unknown>> {
  return apiRequest<Envelope<unknown>>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: updateProduct, onSuccess: invalidate });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: deleteProduct, onSuccess: invalidate });
}

/** The pickers of the product form: GET /categories or /brands, 10 a page, searched on the server. */
export type PickerSource = 'categories' | 'brands';

type PickerParams = { source: PickerSource; branchId: string; search: string };

// Under the families' own keys, so adding a category or brand refreshes the pickers as well.
const pickerKey = ({ source, branchId, search }: PickerParams) => [source, branchId, 'picker', search] as const;

export function fetchPickerPage(
  { source, branchId, search, page }: PickerParams & { page: number },
  signal?: AbortSignal,
): Promise<Paged<Category | Brand>> {
  return apiRequest<Paged<Category | Brand>>(`/${source}`, {
    query: { branchId, page, limit: PICKER_PAGE_SIZE, search },
    signal,
  });
}

export const pickerQueryOptions = (params: PickerParams) =>
  infiniteQueryOptions({
    queryKey: pickerKey(params),
    queryFn: ({ pageParam, signal }) => fetchPickerPage({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => nextPickerPage(lastPage, allPages),
    placeholderData: keepPreviousData,
  });

/** Loads only while the dropdown is open, so an unopened form costs no request. */
export function usePickerPages(params: PickerParams & { enabled: boolean }) {
  const { enabled, ...rest } = params;
  return useInfiniteQuery({ ...pickerQueryOptions(rest), enabled: enabled && Boolean(rest.branchId) });
}
