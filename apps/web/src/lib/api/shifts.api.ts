import type { CashMovementInput, CloseShiftInput, OpenShiftInput, shiftResponses } from '@pos/shared';
import { queryOptions } from '@tanstack/react-query';
import { type Answer, apiRequest } from '.';

/** GET /shifts parameters: the branch, the page and only the filters in use. */
export type ShiftListParams = {
  branchId: string;
  page: number;
  limit: number;
  status?: 'open' | 'closed';
  startDate?: string;
  endDate?: string;
};

export const shiftKeys = {
  all: ['shifts'] as const,
  current: (registerId: string) => ['shifts', 'current', registerId] as const,
  list: (params: ShiftListParams) => ['shifts', params.branchId, 'list', params] as const,
  report: (id: string) => ['shifts', 'report', id] as const,
};

/** GET /shifts/current?registerId=: the register's open shift (or null) and the drawer's notes and coins. */
export function fetchCurrentShift(
  registerId: string,
  signal?: AbortSignal,
): Promise<Answer<typeof shiftResponses.current>> {
  return apiRequest<Answer<typeof shiftResponses.current>>('/shifts/current', { query: { registerId }, signal });
}

/** POST /shifts: open a shift at the register with its float. */
export function openShift(input: OpenShiftInput): Promise<Answer<typeof shiftResponses.open>> {
  return apiRequest<Answer<typeof shiftResponses.open>>('/shifts', { method: 'POST', body: input });
}

/** POST /shifts/{id}/cash-movements: paid in / paid out. */
export function addCashMovement(
  shiftId: string,
  input: CashMovementInput,
): Promise<Answer<typeof shiftResponses.movement>> {
  return apiRequest<Answer<typeof shiftResponses.movement>>(`/shifts/${shiftId}/cash-movements`, {
    method: 'POST',
    body: input,
  });
}

/** POST /shifts/{id}/no-sale: the drawer opened without a sale (audited with the register and shift). */
export function recordNoSale(shiftId: string): Promise<Answer<typeof shiftResponses.noSale>> {
  return apiRequest<Answer<typeof shiftResponses.noSale>>(`/shifts/${shiftId}/no-sale`, { method: 'POST' });
}

/** GET /shifts/{id}/report: the X report (open) or the Z report (closed). */
export function fetchShiftReport(shiftId: string, signal?: AbortSignal): Promise<Answer<typeof shiftResponses.report>> {
  return apiRequest<Answer<typeof shiftResponses.report>>(`/shifts/${shiftId}/report`, { signal });
}

/** POST /shifts/{id}/close: the blind count (and a manager's approval when over/short is past the limit). */
export function closeShift(shiftId: string, input: CloseShiftInput): Promise<Answer<typeof shiftResponses.close>> {
  return apiRequest<Answer<typeof shiftResponses.close>>(`/shifts/${shiftId}/close`, { method: 'POST', body: input });
}

/** GET /shifts?branchId=: the branch's shifts, newest first, paged (Manager, Super Admin). */
export function fetchShifts(
  params: ShiftListParams,
  signal?: AbortSignal,
): Promise<Answer<typeof shiftResponses.list>> {
  return apiRequest<Answer<typeof shiftResponses.list>>('/shifts', { query: params, signal });
}

/** One page of the branch's shifts (the Shifts screen); disabled until a branch is selected. */
export const shiftsQuery = (params: ShiftListParams) =>
  queryOptions({
    queryKey: shiftKeys.list(params),
    queryFn: ({ signal }) => fetchShifts(params, signal),
    enabled: Boolean(params.branchId),
  });
