import type { Product } from '@pos/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { fetchProduct, fetchProducts, productKeys } from '../../../lib/api/products.api';
import { notifyError } from '../../../lib/notify';

/** Tiles per page: the register pages through the whole branch with the server's paged product search. */
export const TILES_PAGE_SIZE = 24;

export type TilesParams = { branchId: string | null; search: string; categoryId: string | null };

/** One page of the register's tiles: GET /products?branchId&search&categoryId&page&limit. */
export function fetchTilesPage(
  { branchId, search, categoryId, page }: { branchId: string; search: string; categoryId: string | null; page: number },
  signal?: AbortSignal,
) {
  return fetchProducts({ branchId, page, limit: TILES_PAGE_SIZE, search, categoryId }, signal);
}

/**
 * The register's tiles: page after page of the branch's products (100,000 stay fast: each page is one
 * indexed, capped query), filtered by the search and a category (with its subcategories). Under the
 * products key family, so a sale or an edit anywhere refreshes them.
 */
export function useRegisterTiles({ branchId, search, categoryId }: TilesParams) {
  const query = useInfiniteQuery({
    queryKey: [...productKeys.all, branchId ?? '', 'pos-tiles', search, categoryId ?? ''] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchTilesPage({ branchId: branchId ?? '', search, categoryId, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.data.length > 0 && last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined,
    enabled: Boolean(branchId),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) notifyError('Failed to search products', 'Error', 'pos-search-products');
  }, [query.error]);
  return query;
}

/** A cart line's product as the server holds it now (price and stock), or null when it is gone. */
export async function fetchCartProduct(id: string): Promise<Product | null> {
  try {
    const answer = await fetchProduct(id);
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
