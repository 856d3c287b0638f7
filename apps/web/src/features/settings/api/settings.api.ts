import type {
  authResponses,
  CurrencySetting,
  companyResponses,
  UpdateCurrencyInput,
  UpdatePasswordInput,
} from '@pos/shared';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';
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
