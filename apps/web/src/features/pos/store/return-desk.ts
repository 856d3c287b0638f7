import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The register's Return dialog: open or not, and the last receipt number scanned while it is
 * open. The register's scanner hands a scan to the open dialog (the receipt to look up) instead of the cart,
 * and the register's keys wait while it is open. No zod, nothing large: the register's first load takes it.
 */
type ReturnDeskState = {
  isOpen: boolean;
  /** A receipt number scanned while the dialog is open; `seq` tells a second scan of the same code apart. */
  scanned: { code: string; seq: number } | null;
};

export const returnDeskStore = createStore<ReturnDeskState>(() => ({ isOpen: false, scanned: null }));

export const useReturnDesk = <T>(selector: (state: ReturnDeskState) => T) => useStore(returnDeskStore, selector);

export const openReturnDesk = () => returnDeskStore.setState({ isOpen: true, scanned: null });
export const closeReturnDesk = () => returnDeskStore.setState({ isOpen: false, scanned: null });
export const isReturnDeskOpen = () => returnDeskStore.getState().isOpen;

/** A scan while the Return dialog is open is its receipt to look up (true); otherwise false (the cart's). */
export function scanIntoReturnDesk(code: string): boolean {
  const { isOpen, scanned } = returnDeskStore.getState();
  if (!isOpen) return false;
  returnDeskStore.setState({ scanned: { code, seq: (scanned?.seq ?? 0) + 1 } });
  return true;
}
