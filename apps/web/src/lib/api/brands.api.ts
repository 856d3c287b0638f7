import type { brandResponses, CreateBrandInput, UpdateBrandInput } from '@pos/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

export type BrandListParams = { branchId: string; page: number; limit: number; search?: string };

export const brandKeys = {
  all: ['brands'] as const,
  list: (params: BrandListParams) => ['brands', params.branchId, 'list', params] as const,
};

export function fetchBrands(
  params: BrandListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof brandResponses.list>> {
  return apiRequest<Answer<typeof brandResponses.list>>('/brands', { query: params, signal });
}

/** One page of the branch's brands (the brands screen's list); disabled until a branch is selected. */
export const brandsQuery = ({ branchId, ...rest }: Omit<BrandListParams, 'branchId'> & { branchId: string | null }) =>
  queryOptions({
    queryKey: brandKeys.list({ ...rest, branchId: branchId ?? '' }),
    queryFn: ({ signal }) => fetchBrands({ ...rest, branchId: branchId ?? '' }, signal),
    enabled: Boolean(branchId),
  });

/** GET /brands/{id}/usage: the products a delete would leave without a brand. */
export function fetchBrandUsage(id: string, signal?: AbortSignal): Promise<Answer<typeof brandResponses.usage>> {
  return apiRequest<Answer<typeof brandResponses.usage>>(`/brands/${encodeURIComponent(id)}/usage`, { signal });
}

export function createBrand(body: CreateBrandInput): Promise<Answer<typeof brandResponses.one>> {
  return apiRequest<Answer<typeof brandResponses.one>>('/brands', { method: 'POST', body });
}

export function updateBrand({
  id,
  body,
}: {
  id: string;
  body: UpdateBrandInput;
}): Promise<Answer<typeof brandResponses.one>> {
  return apiRequest<Answer<typeof brandResponses.one>>(`/brands/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function deleteBrand(id: string): Promise<Answer<typeof brandResponses.deleted>> {
  return apiRequest<Answer<typeof brandResponses.deleted>>(`/brands/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
  });
}

/** Renames and deletes show on product cards and pickers too. */
function useInvalidateBrandsAndProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: brandKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useUpdateBrand() {
  const invalidate = useInvalidateBrandsAndProducts();
  return useMutation({ mutationFn: updateBrand, onSuccess: invalidate });
}

export function useDeleteBrand() {
  const invalidate = useInvalidateBrandsAndProducts();
  return useMutation({ mutationFn: deleteBrand, onSuccess: invalidate });
}
