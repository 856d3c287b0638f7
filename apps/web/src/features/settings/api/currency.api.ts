import { useMutation } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-store';
import { updateCurrency } from './settings.api';

/** The session's company takes the new currency, so every screen formats amounts in it at once. */
export function useUpdateCurrencyMutation() {
  const patchCompany = useSessionStore((s) => s.patchCompany);
  return useMutation({
    mutationFn: updateCurrency,
    onSuccess: ({ companyId, currency }) => patchCompany(companyId, { currency }),
  });
}
