import type { ShiftReport } from '@pos/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { fetchCurrentShift, fetchShiftReport, shiftKeys } from '../../../lib/api/shifts.api';
import { connectivityStore, isNetworkFailure, useConnectivity } from '../offline/connectivity';
import { saveCurrentShift, savedCurrentShift, savedShiftReport, saveShiftReport } from '../offline/shift-cache';
import { useRegister } from './use-register';

/**
 * A server answer, or offline (the server out of reach) the last one this register kept in IndexedDB
 * with when it came (`savedAt`; null for a fresh answer). Nothing kept: the failure stands.
 */
async function orSaved<T>(
  fetch: () => Promise<T>,
  save: (value: T) => Promise<void>,
  saved: () => Promise<{ value: T; savedAt: number } | undefined>,
): Promise<{ value: T; savedAt: number | null }> {
  try {
    const value = await fetch();
    await save(value).catch(() => undefined);
    return { value, savedAt: null };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    connectivityStore.getState().markOffline();
    const kept = await saved().catch(() => undefined);
    if (!kept) throw error;
    return kept;
  }
}

/**
 * The open shift of this device's register (docs/architecture/shifts.md), the
 * drawer's notes and coins and the over/short limit. Offline the last answer stands, kept in IndexedDB
 * so a reload without the server still has it (`savedAt`: when the server gave it); refetched when the
 * server is back.
 */
export function useShift() {
  const register = useRegister();
  const registerId = register?.registerId ?? null;
  const queryClient = useQueryClient();
  const online = useConnectivity((s) => s.online);
  const query = useQuery({
    queryKey: shiftKeys.current(registerId ?? ''),
    queryFn: ({ signal }) =>
      orSaved(
        () => fetchCurrentShift(registerId ?? '', signal).then((a) => a.data),
        (value) => saveCurrentShift(registerId ?? '', value),
        () => savedCurrentShift(registerId ?? ''),
      ),
    enabled: Boolean(registerId),
    // Offline it reads IndexedDB instead of pausing.
    networkMode: 'always',
    staleTime: 30_000,
  });
  const { refetch } = query;
  const savedAt = query.data?.savedAt ?? null;
  useEffect(() => {
    if (online && savedAt !== null) void refetch();
  }, [online, savedAt, refetch]);
  return {
    register,
    current: query.data?.value ?? null,
    shift: query.data?.value.shift ?? null,
    /** When the server gave the shift shown (ms since epoch), null when it is the server's answer now. */
    savedAt,
    isLoading: Boolean(registerId) && query.isLoading,
    isError: query.isError,
    refresh: () => queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
  };
}

/**
 * The open shift's report as the server last gave it (offline: as kept, with `savedAt`). The register
 * keeps it current while it sells online (refreshed after each sale, cash movement and sync), so the X
 * report offline starts from the latest figures the server had.
 */
export function useShiftReport(shiftId: string | null) {
  const online = useConnectivity((s) => s.online);
  const query = useQuery({
    queryKey: [...shiftKeys.report(shiftId ?? ''), 'register'],
    queryFn: ({ signal }) =>
      orSaved<ShiftReport>(
        () => fetchShiftReport(shiftId ?? '', signal).then((a) => a.data),
        saveShiftReport,
        () => savedShiftReport(shiftId ?? ''),
      ),
    enabled: Boolean(shiftId),
    networkMode: 'always',
    staleTime: 30_000,
  });
  const { refetch } = query;
  const savedAt = query.data?.savedAt ?? null;
  useEffect(() => {
    if (online && savedAt !== null) void refetch();
  }, [online, savedAt, refetch]);
  return query;
}

/** After a sale recorded online: the shift's figures changed on the server (the report is fetched again). */
export function useRefreshShiftFigures() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: ['shifts', 'report'] }), [queryClient]);
}
