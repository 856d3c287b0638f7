import type { approvalResponses, RegisterRules, UpdateRegisterRulesInput } from '@pos/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

/** A branch's register rules (cashier limits, drawer, offline): the Settings card and the register read them. */
export const registerRulesKey = (branchId: string) => ['register-rules', branchId] as const;

export async function fetchRegisterRules(branchId: string, signal?: AbortSignal): Promise<RegisterRules> {
  const answer = await apiRequest<Answer<typeof approvalResponses.rules>>(
    `/branches/${encodeURIComponent(branchId)}/register-rules`,
    { signal },
  );
  return answer.data;
}

export async function updateRegisterRules({
  branchId,
  rules,
}: {
  branchId: string;
  rules: UpdateRegisterRulesInput;
}): Promise<RegisterRules> {
  const answer = await apiRequest<Answer<typeof approvalResponses.rules>>(
    `/branches/${encodeURIComponent(branchId)}/register-rules`,
    { method: 'PUT', body: rules },
  );
  return answer.data;
}

export function useRegisterRulesQuery(branchId: string | null) {
  return useQuery({
    queryKey: registerRulesKey(branchId ?? ''),
    queryFn: ({ signal }) => fetchRegisterRules(branchId ?? '', signal),
    enabled: Boolean(branchId),
  });
}

export function useUpdateRegisterRulesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegisterRules,
    onSuccess: (rules) => queryClient.setQueryData(registerRulesKey(rules.branchId), rules),
  });
}
