import type { Category, CreateCategoryInput, categoryResponses } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../notify';
import { type Answer, apiRequest } from '.';

/** The most the list endpoint answers in one call; the screen pages through the rest. */
const WHOLE_LIST_LIMIT = 1000;

export type CategoryPageParams = { branchId: string; page: number; limit: number; search?: string };

export const categoryKeys = {
  all: ['categories'] as const,
  branch: (branchId: string) => ['categories', branchId] as const,
  tree: (branchId: string) => ['categories', branchId, 'all'] as const,
};

/** One page of the branch's categories, searched on the server (the product form's picker). */
export function fetchCategories(
  params: CategoryPageParams,
  signal?: AbortSignal,
): Promise<Answer<typeof categoryResponses.list>> {
  return apiRequest<Answer<typeof categoryResponses.list>>('/categories', { query: params, signal });
}

/** Every category of the branch, flat, for the tree that the screen builds. */
export async function fetchAllCategories(branchId: string, signal?: AbortSignal): Promise<Category[]> {
  const categories: Category[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchCategories({ branchId, page, limit: WHOLE_LIST_LIMIT }, signal);
    categories.push(...answer.data);
    if (page >= (answer.meta?.totalPages ?? 1) || answer.data.length === 0) return categories;
  }
}

export const categoryTreeQueryOptions = (branchId: string) =>
  queryOptions({
    queryKey: categoryKeys.tree(branchId),
    queryFn: ({ signal }) => fetchAllCategories(branchId, signal),
  });

/** The branch's categories for the tree; disabled until a branch is selected. */
export function useAllCategories(branchId: string | null) {
  const query = useQuery({ ...categoryTreeQueryOptions(branchId ?? ''), enabled: Boolean(branchId) });
  // One toast id: a refetch that fails again updates the toast instead of stacking another.
  useEffect(() => {
    if (query.error) notifyError('Failed to fetch categories', 'Error', 'fetch-categories');
  }, [query.error]);
  return query;
}

/** GET /categories/{id}/usage: the products (and subcategories) a delete would touch. */
export function fetchCategoryUsage(id: string, signal?: AbortSignal): Promise<Answer<typeof categoryResponses.usage>> {
  return apiRequest<Answer<typeof categoryResponses.usage>>(`/categories/${encodeURIComponent(id)}/usage`, {
    signal,
  });
}

export function createCategory(body: CreateCategoryInput): Promise<Answer<typeof categoryResponses.one>> {
  return apiRequest<Answer<typeof categoryResponses.one>>('/categories', { method: 'POST', body });
}

export function deleteCategory(id: string): Promise<Answer<typeof categoryResponses.deleted>> {
  return apiRequest<Answer<typeof categoryResponses.deleted>>(`/categories/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async () => {
      // The category's products lose their category: their cards and pickers change too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
