import type { CreateSaleInput, PageMeta, Product, Sale, TaxSetting } from '@pos/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';

type Paged<T> = { success: boolean; data: T[]; meta: PageMeta };
type Envelope<T> = { success: boolean; data: T; message?: string };

/**
 * Under the products family's first key part, so whatever changes products (a sale here, an edit on
 * the products screen) refreshes the register's tiles too, and the register's sale refreshes theirs.
 */
export const posKeys = {
  products: ['products'] as const,
  search: (branchId: string, search: string) => ['products', branchId, 'pos-search', search] as const,
};

/** Register search: GET /products?search&branchId (the server's default page of 10). */
export function searchProducts(
  { branchId, search }: { branchId: string; search: string },
  signal?: AbortSignal,
): Promise<Product[]> {
  return apiRequest<Paged<Product>>('/products', { query: { branchId, search }, signal }).then((r) => r.data);
}

/** A scanned barcode: the exact (case-insensitive) SKU of the branch, or null. */
export async function findProductBySku(branchId: string, sku: string): Promise<Product | null> {
  const answer = await apiRequest<Paged<Product>>('/products', { query: { branchId, sku, limit: 1 } });
  return answer.data[0] ?? null;
}

/** Price check: the search with limit=1 (an exact SKU ranks first), or null. */
export async function priceCheck(branchId: string, search: string): Promise<Product | null> {
  const answer = await apiRequest<Paged<Product>>('/products', { query: { branchId, search, limit: 1 } });
  return answer.data[0] ?? null;
}

/** GET /settings/tax: the branch's tax percent. */
export async function fetchBranchTax(branchId: string): Promise<TaxSetting> {
  const answer = await apiRequest<Envelope<TaxSetting>>('/settings/tax', { query: { branchId } });
  return answer.data;
}

export type FoundCustomer = { name: string; email: string | null };

/** GET /customers/branch/{branchId}/phone/{phone}: name and email, or null (a miss is silent). */
export async function lookupCustomerByPhone(branchId: string, phone: string): Promise<FoundCustomer | null> {
  const answer = await apiRequest<Envelope<{ name?: string | null; email?: string | null } | null>>(
    `/customers/branch/${encodeURIComponent(branchId)}/phone/${encodeURIComponent(phone)}`,
  );
  const customer = answer?.data;
  if (!customer?.name) return null;
  return { name: customer.name, email: customer.email ?? null };
}

/** POST /transactions with the payment's Idempotency-Key: the sale as the server recorded it. */
export async function createSale(body: CreateSaleInput, idempotencyKey: string): Promise<Sale> {
  const answer = await apiRequest<Envelope<Sale>>('/transactions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return answer.data;
}

/** The product tiles: the register search, debounced by the caller. */
export function useRegisterProducts({ branchId, search }: { branchId: string | null; search: string }) {
  const query = useQuery({
    queryKey: posKeys.search(branchId ?? '', search),
    queryFn: ({ signal }) => searchProducts({ branchId: branchId ?? '', search }, signal),
    enabled: Boolean(branchId),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) notifyError('Failed to search products', 'Error', 'pos-search-products');
  }, [query.error]);
  return query;
}

/**
 * The branch's tax percent, the carts' default: 0 when the call fails or has no rate. Shares the
 * settings screen's key and shape, so a rate saved there is what the register reads.
 */
export function useBranchTaxRate(branchId: string | null): { taxRate: number; isSettled: boolean } {
  const query = useQuery({
    queryKey: queryKeys.tax(branchId ?? ''),
    queryFn: () => fetchBranchTax(branchId ?? ''),
    enabled: Boolean(branchId),
  });
  const rate = query.data?.taxRate;
  return {
    taxRate: typeof rate === 'number' && Number.isFinite(rate) ? rate : 0,
    isSettled: query.isSuccess || query.isError,
  };
}

export function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: posKeys.products });
}
