import type { TaxSetting, UpdateTaxInput } from '@pos/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export async function fetchTax(branchId: string): Promise<TaxSetting> {
  const answer = await apiRequest<{ success: boolean; data: TaxSetting }>('/settings/tax', { query: { branchId } });
  return answer.data;
}

export async function updateTax(input: UpdateTaxInput): Promise<{ setting: TaxSetting; message?: string }> {
  const answer = await apiRequest<{ success: true; data: TaxSetting; message?: string }>('/settings/tax', {
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
