import type { CatalogUsage } from '@pos/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchBrandUsage } from './brands.api';
import { fetchCategoryUsage } from './categories.api';

/** What deleting a category or brand touches (GET /categories/{id}/usage, /brands/{id}/usage). */
export type { CatalogUsage };

/** The usage call of the family (categories.api, brands.api): one fetcher module per endpoint family. */
export function fetchCatalogUsage(kind: 'categories' | 'brands', id: string, signal?: AbortSignal) {
  const fetchUsage = kind === 'categories' ? fetchCategoryUsage : fetchBrandUsage;
  return fetchUsage(id, signal).then((answer) => answer.data);
}

/** Read fresh each time a delete dialog opens (products change under it); idle without an id. */
export function useCatalogUsage(kind: 'categories' | 'brands', id: string | null) {
  return useQuery({
    queryKey: [kind, 'usage', id ?? ''] as const,
    queryFn: ({ signal }) => fetchCatalogUsage(kind, id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The delete dialog's sentence: how many products use it and what happens to them; undefined while
 * the count loads (or when it could not be read).
 */
export function usageSentence(kind: 'categories' | 'brands', usage: CatalogUsage | undefined): string | undefined {
  if (!usage) return undefined;
  const noun = kind === 'categories' ? 'category' : 'brand';
  const where = kind === 'categories' && usage.subcategories > 0 ? ' (with its subcategories)' : '';
  if (usage.products === 0) return `No products use this ${noun}${where}.`;
  const products = usage.products === 1 ? '1 product uses' : `${usage.products.toLocaleString('en-US')} products use`;
  const outcome = kind === 'categories' ? 'will become Uncategorized' : 'will have no brand';
  return `${products} this ${noun}${where}; ${usage.products === 1 ? 'it' : 'they'} ${outcome}.`;
}
