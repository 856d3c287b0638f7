import { isHeldByRegisterRules, type Sale } from '@pos/shared';
import { notifyError } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { offlineDepartures } from '../offline/device-trust';
import { queueOfflineSale } from '../offline/outbox';
import type { Cart } from '../store/cart-store';
import { askOfflineApproval } from '../store/offline-approval';
import { buildSalePayload, type PaymentDetails } from '../store/sale-payload';
import { useRegister } from './use-register';

export const OFFLINE_TEXT = {
  notEnrolled: 'This register is not enrolled yet: open it once online to sell offline',
  queueFailed: 'The sale could not be saved on this register',
  queued: 'Payment recorded offline: the sale syncs when the server is back',
} as const;

/**
 * A sale made without the server: into the outbox (with the register's offline receipt number) and
 * answered as the receipt to print. Null when it could not be queued (the cashier was told why).
 */
export function useOfflineSale() {
  const { branch } = useCurrentSelection();
  const user = useSessionUser();
  const register = useRegister();
  return async (cart: Cart, payment: PaymentDetails, saleId: string): Promise<Sale | null | 'cancelled'> => {
    if (!branch || !user) return null;
    if (!register) {
      notifyError(OFFLINE_TEXT.notEnrolled);
      return null;
    }
    const payload = buildSalePayload(cart, branch.id, payment);
    // The branch's rules hold offline too: past a limit a manager approves on the device, or the cashier
    // sells without approval and the sale syncs as an exception.
    let approval: { approver_id: string; approved_at: string } | undefined;
    const departures = isHeldByRegisterRules(user) ? await offlineDepartures(branch.id, payload) : [];
    if (departures.length > 0) {
      const answer = await askOfflineApproval({
        reason: `Manager approval required: ${departures.map((d) => d.reason).join('; ')}`,
        registerId: register.registerId,
        cashierId: user.id,
      });
      if (answer === null) return 'cancelled';
      if (answer !== 'without-approval') {
        approval = { approver_id: answer.approver.id, approved_at: new Date().toISOString() };
      }
    }
    try {
      const { receipt } = await queueOfflineSale({
        payload: { ...payload, ...(approval && { device_approval: approval }) },
        register,
        cashier: user,
        branchName: branch.name,
        saleId,
      });
      return receipt;
    } catch {
      notifyError(OFFLINE_TEXT.queueFailed);
      return null;
    }
  };
}
