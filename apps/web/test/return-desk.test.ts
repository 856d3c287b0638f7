import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScansToCart } from '../src/features/pos/hooks/use-scans-to-cart';
import { closeReturnDesk, openReturnDesk, returnDeskStore } from '../src/features/pos/store/return-desk';

/** A scanner's burst on the page: keys 5 ms apart, then Enter, each with its own time stamp. */
let clock = 10_000;
function scanOnPage(code: string) {
  for (const key of [...code, 'Enter']) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    clock += 5;
    Object.defineProperty(event, 'timeStamp', { value: clock });
    document.body.dispatchEvent(event);
  }
  clock += 1000;
}

describe("the register's scanner and the Return dialog", () => {
  afterEach(() => closeReturnDesk());

  it('with the Return dialog open a scan is the receipt to look up, never a cart line; closed, it is the cart’s', () => {
    const scan = vi.fn(async () => undefined);
    renderHook(() => useScansToCart({ scan, dialogOpenRef: { current: false } }));

    openReturnDesk();
    scanOnPage('RCP-000042');
    expect(returnDeskStore.getState().scanned).toEqual({ code: 'RCP-000042', seq: 1 });
    // The same receipt scanned again is a new lookup.
    scanOnPage('RCP-000042');
    expect(returnDeskStore.getState().scanned).toEqual({ code: 'RCP-000042', seq: 2 });
    expect(scan).not.toHaveBeenCalled();

    closeReturnDesk();
    scanOnPage('080329');
    expect(scan).toHaveBeenCalledWith('080329');
    expect(returnDeskStore.getState().scanned).toBeNull();
  });
});
