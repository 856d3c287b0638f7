import type { Sale } from '@pos/shared';
import { notifyError } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { queueOfflineSale } from '../offline/outbox';
import type { Cart } from '../store/cart-store';
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
  return async (cart: Cart, payment: PaymentDetails, saleId: string): Promise<Sale | null> => {
    if (!branch || !user) return null;
    if (!register) {
      notifyError(OFFLINE_TEXT.notEnrolled);
      return null;
    }
    try {
      const { receipt } = await queueOfflineSale({
        payload: buildSalePayload(cart, branch.id, payment),
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
