import type { CreateSupplierInput, supplierResponses, UpdateSupplierInput } from '@pos/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';

export type SupplierListParams = { companyId: string; page: number; limit: number; search?: string };

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (params: SupplierListParams) => ['suppliers', params.companyId, 'list', params] as const,
};

export function fetchSuppliers(
  params: SupplierListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof supplierResponses.list>> {
  return apiRequest<Answer<typeof supplierResponses.list>>('/suppliers', { query: params, signal });
}

/** One page of the company's suppliers; disabled until a company is selected. */
export const suppliersQuery = ({
  companyId,
  ...rest
}: Omit<SupplierListParams, 'companyId'> & { companyId: string | null }) =>
  queryOptions({
    queryKey: supplierKeys.list({ ...rest, companyId: companyId ?? '' }),
    queryFn: ({ signal }) => fetchSuppliers({ ...rest, companyId: companyId ?? '' }, signal),
    enabled: Boolean(companyId),
  });

export function createSupplier(body: CreateSupplierInput): Promise<Answer<typeof supplierResponses.one>> {
  return apiRequest<Answer<typeof supplierResponses.one>>('/suppliers', { method: 'POST', body });
}

export function updateSupplier({
  id,
  body,
}: {
  id: string;
  body: UpdateSupplierInput;
}): Promise<Answer<typeof supplierResponses.one>> {
  return apiRequest<Answer<typeof supplierResponses.one>>(`/suppliers/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function deleteSupplier(id: string): Promise<Answer<typeof supplierResponses.deleted>> {
  return apiRequest<Answer<typeof supplierResponses.deleted>>(`/suppliers/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

export const useCreateSupplier = () => useInvalidating(createSupplier);
export const useUpdateSupplier = () => useInvalidating(updateSupplier);
export const useDeleteSupplier = () => useInvalidating(deleteSupplier);
