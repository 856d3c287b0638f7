import type { EnrolRegisterInput, Register, RegisterApprover, registerResponses } from '@pos/shared';
import { type Answer, apiRequest } from '../../../lib/api';

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

/** GET /registers/{id}/approvers: the branch's approvers and their PIN hashes (the register keeps them offline). */
export async function fetchRegisterApprovers(
  { registerId, branchId }: { registerId: string; branchId: string },
  signal?: AbortSignal,
): Promise<RegisterApprover[]> {
  const answer = await apiRequest<Answer<typeof registerResponses.approvers>>(
    `/registers/${encodeURIComponent(registerId)}/approvers`,
    { query: { branchId }, signal },
  );
  return answer.data.items;
}
