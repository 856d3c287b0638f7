import { type CartState, cartStore } from '../store/cart-store';
import { registerDb } from './db';

type SavedCarts = Pick<CartState, 'branchId' | 'carts' | 'activeCartId' | 'nextNumber' | 'taxAppliedFor'>;

const SAVE_DELAY_MS = 150;

/**
 * Open carts and parked tabs (lines, discount, customer details) outlive a reload, a crashed tab and
 * going offline: the cart store is written to IndexedDB shortly after every change and read back when
 * the register opens for the same branch. Nothing is saved for a branch until it was read back, so
 * the empty carts of a fresh page never overwrite the saved ones.
 */
export function persistCarts(branchId: string): () => void {
  const db = registerDb();
  let hydrated = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const save = () => {
    timer = null;
    const { carts, activeCartId, nextNumber, taxAppliedFor, branchId: current } = cartStore.getState();
    if (current !== branchId) return;
    const state: SavedCarts = { branchId, carts, activeCartId, nextNumber, taxAppliedFor };
    void db.carts.put({ branchId, state }).catch(() => {});
  };

  const unsubscribe = cartStore.subscribe(() => {
    if (!hydrated || stopped) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });

  void db.carts
    .get(branchId)
    .then((row) => {
      if (stopped) return;
      const saved = row?.state as SavedCarts | undefined;
      const current = cartStore.getState();
      // Restore unless the cashier already started ringing items up in this page.
      const untouched = current.carts.every((c) => c.items.length === 0);
      if (saved && saved.branchId === branchId && current.branchId === branchId && untouched) {
        cartStore.setState({
          carts: saved.carts,
          activeCartId: saved.activeCartId,
          nextNumber: saved.nextNumber,
          taxAppliedFor: saved.taxAppliedFor,
        });
      }
    })
    .catch(() => {})
    .finally(() => {
      hydrated = true;
    });

  return () => {
    stopped = true;
    unsubscribe();
    if (timer) {
      clearTimeout(timer);
      save();
    }
  };
}

/** Does any cart of the register hold items (closing the tab asks first)? */
export const anyCartHasItems = () => cartStore.getState().carts.some((c) => c.items.length > 0);
