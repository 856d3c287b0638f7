import type { settingsResponses, TaxSetting, UpdateTaxInput } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { type Answer, apiRequest } from '.';

export async function fetchTax(branchId: string): Promise<TaxSetting> {
  const answer = await apiRequest<Answer<typeof settingsResponses.tax>>('/settings/tax', { query: { branchId } });
  return answer.data;
}

export async function updateTax(input: UpdateTaxInput): Promise<{ setting: TaxSetting; message?: string }> {
  const answer = await apiRequest<Answer<typeof settingsResponses.tax>>('/settings/tax', {
    method: 'POST',
    body: input,
  });
  return { setting: answer.data, message: answer.message };
}

export const taxQueryOptions = (branchId: string) =>
  queryOptions({ queryKey: queryKeys.tax(branchId), queryFn: () => fetchTax(branchId) });

export function useTaxQuery({ branchId, enabled }: { branchId: string | null; enabled: boolean }) {
  return useQuery({ ...taxQueryOptions(branchId ?? ''), enabled: enabled && Boolean(branchId) });
}

export function useUpdateTaxMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTax,
    onSuccess: ({ setting }) => queryClient.setQueryData(queryKeys.tax(setting.branchId), setting),
  });
}

/**
 * The branch's tax percent, the register carts' default: 0 when the call fails or has no rate. The
 * settings screen's query, so a rate saved there is what the register reads.
 */
export function useBranchTaxRate(branchId: string | null): { taxRate: number; isSettled: boolean } {
  const query = useQuery({ ...taxQueryOptions(branchId ?? ''), enabled: Boolean(branchId) });
  const rate = query.data?.taxRate;
  return {
    taxRate: typeof rate === 'number' && Number.isFinite(rate) ? rate : 0,
    isSettled: query.isSuccess || query.isError,
  };
}
