import type { CreateProductInput, PageMeta, Product, productResponses, UpdateProductInput } from '@pos/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

/**
 * GET /products counts matches only up to a cap (500 for the first pages): past it, meta.total is the
 * cap, totalCapped is true ("more than total") and totalPages reaches at least one page further.
 */
export type ProductPageMeta = PageMeta;

export type ProductListParams = {
  branchId: string;
  page: number;
  limit: number;
  search?: string;
  /** The category with its subcategories (the register's filter). */
  categoryId?: string | null;
};

/**
 * One family of keys for the products screen and the register: whatever changes products (a sale, an
 * edit on the products screen, a stock adjustment) refreshes both.
 */
export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => ['products', params.branchId, 'list', params] as const,
};

/** One page of the branch's products. The catalogue can hold 100,000: never ask for all of it. */
export function fetchProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof productResponses.list>> {
  return apiRequest<Answer<typeof productResponses.list>>('/products', { query: params, signal });
}

/** GET /products/{id}: one product as the server holds it now (price and stock). */
export function fetchProduct(id: string, signal?: AbortSignal): Promise<Answer<typeof productResponses.one>> {
  return apiRequest<Answer<typeof productResponses.one>>(`/products/${encodeURIComponent(id)}`, { signal });
}

/** A scanned barcode: the exact (case-insensitive) SKU of the branch, or null. */
export async function findProductBySku(branchId: string, sku: string): Promise<Product | null> {
  const answer = await apiRequest<Answer<typeof productResponses.list>>('/products', {
    query: { branchId, sku, limit: 1 },
  });
  return answer.data[0] ?? null;
}

/** Price check: the search with limit=1 (an exact SKU ranks first), or null. */
export async function priceCheck(branchId: string, search: string): Promise<Product | null> {
  const answer = await apiRequest<Answer<typeof productResponses.list>>('/products', {
    query: { branchId, search, limit: 1 },
  });
  return answer.data[0] ?? null;
}

/** One page of the branch's products (the products screen); disabled until a branch is selected. */
export const productsQuery = ({
  branchId,
  ...rest
}: Omit<ProductListParams, 'branchId'> & { branchId: string | null }) =>
  queryOptions({
    queryKey: productKeys.list({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchProducts({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

export function createProduct(body: CreateProductInput): Promise<Answer<typeof productResponses.one>> {
  return apiRequest<Answer<typeof productResponses.one>>('/products', { method: 'POST', body });
}

export function updateProduct({
  id,
  body,
}: {
  id: string;
  body: UpdateProductInput;
}): Promise<Answer<typeof productResponses.one>> {
  return apiRequest<Answer<typeof productResponses.one>>(`/products/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function deleteProduct(id: string): Promise<Answer<typeof productResponses.deleted>> {
  return apiRequest<Answer<typeof productResponses.deleted>>(`/products/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useInvalidateProducts() {
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
