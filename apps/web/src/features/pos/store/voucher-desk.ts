import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The Payment dialog's gift voucher tender, as the rest of the register sees it: whether it waits for a voucher's
 * code (Gift voucher chosen), the last code scanned meanwhile, and a count that goes up when a sale was refused
 * for the voucher (spent elsewhere meanwhile, or expired), so the dialog reads it again. The register's scanner
 * hands a scan to it instead of holding it for the cart. No zod, nothing large: the register's first load takes it.
 */
type VoucherDeskState = {
  listening: boolean;
  /** A code scanned while the tender waits for one; `seq` tells a second scan of the same code apart. */
  scanned: { code: string; seq: number } | null;
  refusals: number;
};

export const voucherDeskStore = createStore<VoucherDeskState>(() => ({ listening: false, scanned: null, refusals: 0 }));

export const useVoucherDesk = <T>(selector: (state: VoucherDeskState) => T) => useStore(voucherDeskStore, selector);

/** The Payment dialog's Gift voucher tender is chosen (true) or not, or the dialog closed (false). */
export const listenForVoucher = (listening: boolean) =>
  voucherDeskStore.setState(listening ? { listening } : { listening, scanned: null });

/** A scan while the gift voucher tender waits for a code is that voucher (true); otherwise false (the cart's). */
export function scanIntoVoucher(code: string): boolean {
  const { listening, scanned } = voucherDeskStore.getState();
  if (!listening) return false;
  voucherDeskStore.setState({ scanned: { code, seq: (scanned?.seq ?? 0) + 1 } });
  return true;
}

/** A sale was refused for its voucher: the dialog reads the voucher again (its balance as it is now). */
export const voucherRefused = () => voucherDeskStore.setState(({ refusals }) => ({ refusals: refusals + 1 }));
