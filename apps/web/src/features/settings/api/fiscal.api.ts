import type { FiscalSettings } from '@pos/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchFiscalSettings,
  fiscalKeys,
  updateFiscalRegister,
  updateFiscalSettings,
} from '../../../lib/api/fiscal.api';

/** The selected branch's fiscal settings (Super Admin); disabled until a branch is selected. */
export function useFiscalSettingsQuery(branchId: string | null) {
  return useQuery({
    queryKey: fiscalKeys.settings(branchId ?? ''),
    queryFn: async ({ signal }) => (await fetchFiscalSettings(branchId ?? '', signal)).data,
    enabled: Boolean(branchId),
  });
}

/**
 * The answer is the branch's settings as stored: the card takes them at once, and what else shows the branch's
 * fiscal reporting (the dashboard's status: whether it reports at all) is read again.
 */
function keepSettings(queryClient: QueryClient, settings: FiscalSettings) {
  queryClient.setQueryData(fiscalKeys.settings(settings.branchId), settings);
  return queryClient.invalidateQueries({
    queryKey: fiscalKeys.branch(settings.branchId),
    predicate: (query) => query.queryKey[2] !== 'settings',
  });
}

export function useUpdateFiscalSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFiscalSettings,
    onSuccess: (answer) => keepSettings(queryClient, answer.data),
  });
}

export function useUpdateFiscalRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFiscalRegister,
    onSuccess: (answer) => keepSettings(queryClient, answer.data),
  });
}
