import type {
  approvalResponses,
  authResponses,
  CurrencySetting,
  companyResponses,
  ScaleLabelSetting,
  SetPinInput,
  TaxRegistration,
  UpdateCurrencyInput,
  UpdatePasswordInput,
  UpdateScaleLabelsInput,
  UpdateTaxRegistrationInput,
} from '@pos/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
import { fetchCatalogueSync } from '../../../lib/api/sync.api';
import { useSessionStore } from '../../../lib/session-store';

export async function updatePassword(input: UpdatePasswordInput): Promise<{ access_token: string; message?: string }> {
  const answer = await apiRequest<Answer<typeof authResponses.passwordChanged>>('/auth/update-password', {
    method: 'POST',
    body: input,
  });
  return { access_token: answer.data.access_token, message: answer.message };
}

/** The new token replaces the old one: the server revoked every other session of the user. */
export function useUpdatePasswordMutation() {
  const setToken = useSessionStore((s) => s.setToken);
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: ({ access_token }) => setToken(access_token),
  });
}

/** POST /settings/currency: the company's currency (Super Admin). */
export async function updateCurrency(input: UpdateCurrencyInput): Promise<CurrencySetting> {
  const answer = await apiRequest<Answer<typeof companyResponses.currency>>('/settings/currency', {
    method: 'POST',
    body: input,
  });
  return answer.data;
}

/** POST /settings/tax-registration: the company's NTN and STRN, printed in every receipt's header (Super Admin). */
export async function updateTaxRegistration(input: UpdateTaxRegistrationInput): Promise<TaxRegistration> {
  const answer = await apiRequest<Answer<typeof companyResponses.taxRegistration>>('/settings/tax-registration', {
    method: 'POST',
    body: input,
  });
  return answer.data;
}

/** The session's company takes the new numbers, so the next receipt prints them. */
export function useUpdateTaxRegistrationMutation() {
  const patchCompany = useSessionStore((s) => s.patchCompany);
  return useMutation({
    mutationFn: updateTaxRegistration,
    onSuccess: ({ companyId, taxId, strn }) => patchCompany(companyId, { taxId, strn }),
  });
}

export const scaleLabelsKey = (companyId: string) => ['settings', 'scale-labels', companyId] as const;

/**
 * The company's scale-label prefix as it stands: the session's company does not carry it, the register's
 * catalogue sync does (its branch), so one product of a branch of the company is asked for with it.
 */
export async function fetchScaleLabelPrefix(branchId: string, signal?: AbortSignal): Promise<string | null> {
  const page = await fetchCatalogueSync({ branchId, limit: 1 }, signal);
  return page.branch.scaleWeightPrefix;
}

export function useScaleLabelPrefixQuery(companyId: string | null, branchId: string | null) {
  return useQuery({
    queryKey: scaleLabelsKey(companyId ?? ''),
    queryFn: ({ signal }) => fetchScaleLabelPrefix(branchId ?? '', signal),
    enabled: Boolean(companyId && branchId),
  });
}

/** POST /settings/scale-labels: the prefix of the company's scale labels, or null for none (Super Admin). */
export async function updateScaleLabels(input: UpdateScaleLabelsInput): Promise<ScaleLabelSetting> {
  const answer = await apiRequest<Answer<typeof companyResponses.scaleLabels>>('/settings/scale-labels', {
    method: 'POST',
    body: input,
  });
  return answer.data;
}

export function useUpdateScaleLabelsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScaleLabels,
    onSuccess: ({ companyId, scaleWeightPrefix }) =>
      queryClient.setQueryData(scaleLabelsKey(companyId), scaleWeightPrefix),
  });
}

type PinStatus = { isSet: boolean; isLocked: boolean };

/** GET /auth/pin: whether the signed-in Manager or Super Admin has an approval PIN, and whether it was locked. */
export async function fetchPinStatus(signal?: AbortSignal): Promise<PinStatus> {
  const answer = await apiRequest<Answer<typeof approvalResponses.pin>>('/auth/pin', { signal });
  return answer.data;
}

/** PUT /auth/pin: sets the signed-in user's approval PIN (4-8 digits); a new PIN unlocks a locked one. */
export async function setPin(input: SetPinInput): Promise<PinStatus> {
  const answer = await apiRequest<Answer<typeof approvalResponses.pin>>('/auth/pin', { method: 'PUT', body: input });
  return answer.data;
}

export function usePinStatusQuery(enabled: boolean) {
  return useQuery({ queryKey: ['auth', 'pin'], queryFn: ({ signal }) => fetchPinStatus(signal), enabled });
}

export function useSetPinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPin,
    onSuccess: (status) => queryClient.setQueryData(['auth', 'pin'], status),
  });
}
