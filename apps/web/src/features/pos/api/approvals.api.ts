import type { ApprovalGrantRequest, approvalResponses, RefundMethod } from '@pos/shared';
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

/**
 * A manager's grant for a return at this register (a return's or an exchange's): the sale, the lines'
 * quantities and fees, the refund method and the refund, as the server recomputes them.
 */
export function requestReturnGrant(
  approval: { username: string; pin: string },
  ret: {
    branchId: string;
    registerId: string;
    originalTransactionId: string;
    items: readonly { original_transaction_item_id: string; return_quantity: number; restocking_fee?: number }[];
    refundMethod: RefundMethod;
    refundAmount: number;
  },
): Promise<string> {
  return requestApprovalGrant({
    purpose: 'return',
    branchId: ret.branchId,
    register_id: ret.registerId,
    ...approval,
    originalTransactionId: ret.originalTransactionId,
    items: ret.items.map((l) => ({
      original_transaction_item_id: l.original_transaction_item_id,
      return_quantity: l.return_quantity,
      restocking_fee: l.restocking_fee ?? 0,
    })),
    refund_method: ret.refundMethod,
    refund_amount: ret.refundAmount,
  });
}
