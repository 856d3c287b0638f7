import { APPROVAL_INVALID, APPROVAL_REQUIRED, type Approval } from '@pos/shared';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { type ApiError, isApiError } from '../../../lib/api';

/**
 * A manager's approval at the register. The server refuses a cashier's sale past the
 * branch's limits with 403 APPROVAL_REQUIRED; the register then asks for a manager's username and PIN
 * (ApprovalModal), trades them once for a one-time grant for this register and this cart (POST
 * /approvals/grants) and sends the same sale again naming only the grant. A refused PIN or grant
 * (403 APPROVAL_INVALID) or too many attempts (429) asks again with the server's message; Cancel
 * gives the first refusal back.
 */
type ApprovalState = {
  /** Why the approval is needed (the server's message); null: no request open. */
  reason: string | null;
  /** The last attempt's refusal (wrong PIN, not a manager, too many attempts). */
  error: string | null;
  answer: ((approval: Approval | null) => void) | null;
};

export const approvalStore = createStore<ApprovalState>(() => ({ reason: null, error: null, answer: null }));

export const useApprovalRequest = () => useStore(approvalStore);

function ask(reason: string, error: string | null): Promise<Approval | null> {
  return new Promise((resolve) => {
    approvalStore.setState({
      reason,
      error,
      answer: (approval) => {
        approvalStore.setState({ reason: null, error: null, answer: null });
        resolve(approval);
      },
    });
  });
}

const isRefusal = (error: unknown, code: string) => isApiError(error) && error.status === 403 && error.code === code;
const isRetryable = (error: unknown) =>
  isRefusal(error, APPROVAL_INVALID) || (isApiError(error) && error.status === 429);

/**
 * Sends; past a limit asks for a manager's approval, has `grant` trade it for a grant's id, and sends
 * again with that id, until it passes or is cancelled. `answers` picks the refusals this grant answers (an
 * exchange asks a return grant for its return and a sale grant for its sale); others go to the caller.
 */
export async function withApproval<T>(
  send: (grantId?: string) => Promise<T>,
  grant: (approval: Approval) => Promise<string>,
  answers: (refusal: ApiError) => boolean = () => true,
): Promise<T> {
  try {
    return await send();
  } catch (first) {
    if (!isRefusal(first, APPROVAL_REQUIRED) || !isApiError(first) || !answers(first)) throw first;
    let error: string | null = null;
    for (;;) {
      const approval = await ask(first.message, error);
      if (!approval) throw first;
      try {
        return await send(await grant(approval));
      } catch (next) {
        if (!isRetryable(next) || !isApiError(next)) throw next;
        error = next.message;
      }
    }
  }
}
