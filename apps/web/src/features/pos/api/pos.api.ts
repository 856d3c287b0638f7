import type { CreateExchangeInput, Exchange, exchangeResponses, Product } from '@pos/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Answer, ApiError, apiRequest } from '../../../lib/api';
import { fetchProduct, fetchProducts, productKeys } from '../../../lib/api/products.api';
import { notifyError } from '../../../lib/notify';
import { isNetworkFailure, isOnline, useConnectivity } from '../offline/connectivity';
import { localTilesPage } from '../offline/local-catalogue';

/** Tiles per page: the register pages through the whole branch with the server's paged product search. */
export const TILES_PAGE_SIZE = 24;

export type TilesParams = { branchId: string | null; search: string; categoryId: string | null };

type TilesPageParams = { branchId: string; search: string; categoryId: string | null; page: number };

/**
 * One page of the register's tiles: GET /products?branchId&search&categoryId&page&limit online; the
 * local store (IndexedDB) offline, or when the call finds the server out of reach.
 */
export async function fetchTilesPage({ branchId, search, categoryId, page }: TilesPageParams, signal?: AbortSignal) {
  const local = () => localTilesPage({ branchId, search, categoryId, page, limit: TILES_PAGE_SIZE });
  if (!isOnline()) return local();
  try {
    return await fetchProducts({ branchId, page, limit: TILES_PAGE_SIZE, search, categoryId }, signal);
  } catch (error) {
    if (isNetworkFailure(error)) return local();
    throw error;
  }
}

/**
 * The register's tiles: page after page of the branch's products (100,000 stay fast: each page is one
 * indexed, capped query), filtered by the search and a category (with its subcategories). Under the
 * products key family, so a sale or an edit anywhere refreshes them.
 */
export function useRegisterTiles({ branchId, search, categoryId }: TilesParams) {
  const online = useConnectivity((s) => s.online);
  const query = useInfiniteQuery({
    queryKey: [...productKeys.all, branchId ?? '', 'pos-tiles', search, categoryId ?? '', online] as const,
    // Offline the tiles come from IndexedDB: the query runs whatever the browser thinks of the network.
    networkMode: 'always',
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

/** POST /exchanges: the return and the new sale in one request, under the cart's payment key. */
export async function createExchange(body: CreateExchangeInput, idempotencyKey: string): Promise<Exchange> {
  const answer = await apiRequest<Answer<typeof exchangeResponses.created>>('/exchanges', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return answer.data;
}
