import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * A manager's approval while the register is offline (docs/architecture/register-trust.md): the register applies
 * the branch's rules itself; past a limit it asks for a manager's
 * username and PIN, checked on the device (OfflineApprovalModal). The cashier may also sell without
 * it: the sale then syncs as an exception for a manager. Cancel keeps the cart.
 */
export type OfflineApprovalRequest = { reason: string; registerId: string; cashierId: string };
export type OfflineApprovalAnswer = { approver: { id: string; name: string } } | 'without-approval' | null;

type State = { request: OfflineApprovalRequest | null; answer: ((answer: OfflineApprovalAnswer) => void) | null };

export const offlineApprovalStore = createStore<State>(() => ({ request: null, answer: null }));
export const useOfflineApprovalRequest = () => useStore(offlineApprovalStore);

export function askOfflineApproval(request: OfflineApprovalRequest): Promise<OfflineApprovalAnswer> {
  return new Promise((resolve) => {
    offlineApprovalStore.setState({
      request,
      answer: (answer) => {
        offlineApprovalStore.setState({ request: null, answer: null });
        resolve(answer);
      },
    });
  });
}
