import type { ApprovalGrantRequest, approvalResponses } from '@pos/shared';
import { type Answer, apiRequest } from '../../../lib/api';

/**
 * POST /approvals/grants: the manager's username and PIN, checked once, traded for a one-time grant for
 * this register and this cart (or this shift's close and its count). Answers the grant's id.
 */
export async function requestApprovalGrant(input: ApprovalGrantRequest): Promise<string> {
  const answer = await apiRequest<Answer<typeof approvalResponses.grant>>('/approvals/grants', {
    method: 'POST',
    body: input,
  });
  return answer.data.grant_id;
}
