import type { EnrolRegisterInput, Register, registerResponses } from '@pos/shared';
import { type Answer, apiRequest } from '.';

/** POST /registers: enrol this device at the branch (or find its register again: idempotent by device). */
export async function enrolRegister(input: EnrolRegisterInput): Promise<Register> {
  const answer = await apiRequest<Answer<typeof registerResponses.enrol>>('/registers', {
    method: 'POST',
    body: input,
  });
  return answer.data;
}

/** GET /registers?branchId=: the branch's registers, paged (Manager / Super Admin). */
export function fetchRegisters(
  params: { branchId: string; page?: number; limit?: number },
  signal?: AbortSignal,
): Promise<Answer<typeof registerResponses.list>> {
  return apiRequest<Answer<typeof registerResponses.list>>('/registers', { query: params, signal });
}
