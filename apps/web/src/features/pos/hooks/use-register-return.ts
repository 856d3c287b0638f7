import { RETURNS_MSG, type RefundMethod, type Return, type Sale } from '@pos/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { createReturn } from '../../../lib/api/returns.api';
import { shiftKeys } from '../../../lib/api/shifts.api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { openCashDrawer } from '../../../lib/printing';
import { type ReturnDraft, returnPayload } from '../../../lib/returns';
import { requestReturnGrant } from '../api/approvals.api';
import { withApproval } from '../store/approval-request';

/**
 * A return at the register: POST /returns naming this register, whose open shift takes the
 * refund (a cash refund comes out of its drawer). Past the branch's register rules (a cashier without
 * 'Cashiers may take returns at the register') the server asks for a manager: the register asks for their
 * username and PIN (the sale's approval dialog), trades them for a one-time grant for this register and
 * this return (its lines, refund method and refund) and sends the return again naming the grant.
 */
export function useRegisterReturn({ branchId, registerId }: { branchId: string; registerId: string | null }) {
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  // Enter pressed twice before a re-render must not refund twice.
  const inFlight = useRef(false);

  const submit = async (draft: ReturnDraft & { sale: Sale; refundMethod: RefundMethod }): Promise<Return | null> => {
    if (inFlight.current || !registerId) return null;
    inFlight.current = true;
    setIsSaving(true);
    const payload = returnPayload({ ...draft, branchId, description: '', notes: '', registerId });
    try {
      const answer = await withApproval(
        (grantId) => createReturn(grantId ? { ...payload, approval_grant_id: grantId } : payload),
        (approval) =>
          requestReturnGrant(approval, {
            branchId,
            registerId,
            originalTransactionId: payload.originalTransactionId,
            items: payload.items,
            refundMethod: draft.refundMethod,
            refundAmount: payload.refund_amount ?? 0,
          }),
      );
      notifySuccess(RETURNS_MSG.processed);
      // The cash comes out of the drawer (ESC p through the desktop bridge or a paired USB printer).
      if (payload.refund_method === 'cash' || payload.refunds?.some((r) => r.method === 'cash')) void openCashDrawer();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
      ]);
      return answer.data;
    } catch (error) {
      notifyError(errorMessage(error, RETURNS_MSG.processFailed));
      return null;
    } finally {
      inFlight.current = false;
      setIsSaving(false);
    }
  };

  return { submit, isSaving };
}
