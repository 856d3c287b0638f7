import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCurrentShift, shiftKeys } from '../../../lib/api/shifts.api';
import { useRegister } from './use-register';

/**
 * The open shift of this device's register (docs/ARCHITECTURE.md, "Shifts and the cash drawer"), the
 * drawer's notes and coins and the over/short limit. Offline the last answer stands (a shift opened
 * online keeps going while the network is down).
 */
export function useShift() {
  const register = useRegister();
  const registerId = register?.registerId ?? null;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: shiftKeys.current(registerId ?? ''),
    queryFn: ({ signal }) => fetchCurrentShift(registerId ?? '', signal).then((a) => a.data),
    enabled: Boolean(registerId),
    staleTime: 30_000,
  });
  return {
    register,
    current: query.data ?? null,
    shift: query.data?.shift ?? null,
    isLoading: Boolean(registerId) && query.isLoading,
    isError: query.isError,
    refresh: () => queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
  };
}
