import type { CreateTaxClassInput, TaxClass, taxClassResponses, UpdateTaxClassInput } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';
import { productKeys } from './products.api';

export type TaxClassListParams = { companyId: string; page: number; limit: number };

/** The most one page of the list answers: the item forms' picker reads the company's classes in one call. */
const PICKER_LIMIT = 100;

export const taxClassKeys = {
  all: ['tax-classes'] as const,
  list: (params: TaxClassListParams) => ['tax-classes', params.companyId, 'list', params] as const,
  options: (companyId: string) => ['tax-classes', companyId, 'options'] as const,
};

export function fetchTaxClasses(
  params: TaxClassListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof taxClassResponses.list>> {
  return apiRequest<Answer<typeof taxClassResponses.list>>('/tax-classes', { query: params, signal });
}

/** One page of the company's tax classes (the settings card's list); disabled until a company is selected. */
export const taxClassesQuery = ({
  companyId,
  ...rest
}: Omit<TaxClassListParams, 'companyId'> & { companyId: string | null }) =>
  queryOptions({
    queryKey: taxClassKeys.list({ ...rest, companyId: companyId ?? '' }),
    queryFn: ({ signal }) => fetchTaxClasses({ ...rest, companyId: companyId ?? '' }, signal),
    enabled: Boolean(companyId),
  });

/** The company's classes for the item forms' picker (by name, the first 100: a company keeps a handful). */
export function useTaxClassOptions(companyId: string | null) {
  return useQuery({
    queryKey: taxClassKeys.options(companyId ?? ''),
    queryFn: async ({ signal }): Promise<TaxClass[]> =>
      (await fetchTaxClasses({ companyId: companyId ?? '', page: 1, limit: PICKER_LIMIT }, signal)).data,
    enabled: Boolean(companyId),
  });
}

/** POST /tax-classes (Super Admin). */
export function createTaxClass(body: CreateTaxClassInput): Promise<Answer<typeof taxClassResponses.one>> {
  return apiRequest<Answer<typeof taxClassResponses.one>>('/tax-classes', { method: 'POST', body });
}

/** PATCH /tax-classes/{id} (Super Admin): answers the class and how many branch listings took a new rate. */
export function updateTaxClass({
  id,
  body,
}: {
  id: string;
  body: UpdateTaxClassInput;
}): Promise<Answer<typeof taxClassResponses.changed>> {
  return apiRequest<Answer<typeof taxClassResponses.changed>>(`/tax-classes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** DELETE /tax-classes/{id} (Super Admin): archives a class no live item has (409 otherwise). */
export function archiveTaxClass(id: string): Promise<Answer<typeof taxClassResponses.archived>> {
  return apiRequest<Answer<typeof taxClassResponses.archived>>(`/tax-classes/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useArchiveTaxClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveTaxClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxClassKeys.all }),
  });
}

export function useCreateTaxClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaxClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxClassKeys.all }),
  });
}

/**
 * A change reaches what shows the class: its lists, the items' pages (their class's name and rate; the items
 * feature's keys start with 'items') and the products the register taxes at the class's rate.
 */
export function useUpdateTaxClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxClass,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taxClassKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['items'] }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
