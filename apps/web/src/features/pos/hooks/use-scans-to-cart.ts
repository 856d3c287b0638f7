import { type RefObject, useCallback, useRef } from 'react';
import { scanIntoReturnDesk } from '../store/return-desk';
import { scanIntoVoucher } from '../store/voucher-desk';
import { showScanHeld } from '../utils/notices';
import { useBarcodeScanner } from './use-barcode-scanner';

/**
 * A scan wherever the focus is (the search field, a button, a discount) goes to the cart (the Barcode
 * field handles its own). While a dialog is open the dialog's figures stay as they are: the codes are
 * held, with a note, and go into the cart once it has closed (`addHeldScans`). With the Return dialog
 * open a scan is the receipt it looks up (a receipt's barcode is its number), never a cart line; with Payment's
 * gift voucher tender waiting for a code, it is the voucher's.
 */
export function useScansToCart({
  scan,
  dialogOpenRef,
}: {
  scan: (code: string) => Promise<unknown>;
  dialogOpenRef: RefObject<boolean>;
}) {
  const heldScans = useRef<string[]>([]);
  const scanRef = useRef(scan);
  scanRef.current = scan;

  const addHeldScans = useCallback(async () => {
    while (!dialogOpenRef.current && heldScans.current.length > 0) {
      const code = heldScans.current.shift();
      if (code) await scanRef.current(code);
    }
  }, [dialogOpenRef]);

  useBarcodeScanner((code) => {
    if (scanIntoReturnDesk(code) || scanIntoVoucher(code)) return;
    if (!dialogOpenRef.current) {
      void scanRef.current(code);
      return;
    }
    heldScans.current.push(code);
    showScanHeld(code);
  });

  return addHeldScans;
}
