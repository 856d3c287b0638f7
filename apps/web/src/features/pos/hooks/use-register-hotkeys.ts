import { useHotkeys } from '@mantine/hooks';
import { isReturnDeskOpen, openReturnDesk } from '../store/return-desk';

export type RegisterHotkeyActions = {
  focusSearch: () => void;
  focusBarcode: () => void;
  openPayment: () => void;
  newCart: () => void;
  openHelp: () => void;
};

/** The register's text fields where '?' is typed as text; the barcode field is not one (barcodes have no '?'). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.dataset.barcodeInput !== undefined) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * mod+F product search, mod+B barcode, mod+P payment, mod+T (or F2) new cart tab, F4 a return, ? help. They
 * work while the cursor is in a field (the barcode field has it nearly always); `enabled` is false while a
 * modal is open (the Return dialog too), whose own keys (Enter, Escape) then apply.
 */
export function useRegisterHotkeys(enabled: boolean, actions: RegisterHotkeyActions) {
  const run = (action: () => void) => () => {
    if (enabled && !isReturnDeskOpen()) action();
  };
  const help = (event: KeyboardEvent) => {
    if (!enabled || isReturnDeskOpen() || isTypingTarget(event.target)) return;
    event.preventDefault();
    actions.openHelp();
  };
  useHotkeys(
    [
      ['mod+F', run(actions.focusSearch)],
      ['mod+B', run(actions.focusBarcode)],
      ['mod+P', run(actions.openPayment)],
      ['mod+T', run(actions.newCart)],
      // Real Chrome keeps Ctrl+T (a new browser tab) for itself: F2 is free in every browser.
      ['F2', run(actions.newCart)],
      // A return at the register: scan or type the receipt number (F4: free in every browser).
      ['F4', run(openReturnDesk)],
      // '?' is Shift+/ on most layouts; the matcher compares Shift exactly, so both forms are listed.
      ['shift+?', help, { preventDefault: false }],
      ['?', help, { preventDefault: false }],
    ],
    [],
  );
}
