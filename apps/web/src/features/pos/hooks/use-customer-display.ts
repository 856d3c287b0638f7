import { useEffect, useRef } from 'react';
import { type DisplayMessage, isDisplayMessage, openDisplayChannel } from '../../../lib/customer-display';
import { getDisplayCurrency } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { cartStore, selectActiveCart } from '../store/cart-store';
import { clearThanksOnDisplay, customerDisplayStore, THANKS_MS } from '../store/customer-display';
import { displayScreenOf } from '../store/display-screen';

/**
 * Feeds the customer display (lib/customer-display.ts) while the register is open: every change of the
 * active cart, of the Payment dialog's figures and the thank-you after a sale is posted on the channel
 * (changes made in one go post once); a display that opens asks and gets the current screen; the register
 * going away (another screen, the tab closed) leaves the display on its welcome.
 */
export function useCustomerDisplay(): void {
  const { company } = useCurrentSelection();
  const shopRef = useRef(company?.name ?? '');
  shopRef.current = company?.name ?? '';
  const refresh = useRef<() => void>(() => {});

  useEffect(() => {
    const channel = openDisplayChannel();
    if (!channel) return;
    let last = '';
    let scheduled = false;
    let thanksTimer: ReturnType<typeof setTimeout> | undefined;

    const send = (message: DisplayMessage) => {
      last = JSON.stringify(message);
      channel.postMessage(message);
    };
    const current = (): DisplayMessage => ({
      type: 'screen',
      screen: displayScreenOf(selectActiveCart(cartStore.getState()), customerDisplayStore.getState()),
      shop: shopRef.current,
      currency: getDisplayCurrency(),
    });
    const post = () => {
      scheduled = false;
      const message = current();
      if (JSON.stringify(message) !== last) send(message);
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(post);
    };
    const idle = () =>
      send({ type: 'screen', screen: { kind: 'idle' }, shop: shopRef.current, currency: getDisplayCurrency() });
    const timeThanks = () => {
      clearTimeout(thanksTimer);
      const { thanks } = customerDisplayStore.getState();
      if (thanks) thanksTimer = setTimeout(clearThanksOnDisplay, Math.max(thanks.at + THANKS_MS - Date.now(), 0));
    };

    const stopCart = cartStore.subscribe(() => {
      // An item after the thank-you: the next customer's cart.
      if (customerDisplayStore.getState().thanks && selectActiveCart(cartStore.getState()).items.length > 0) {
        clearThanksOnDisplay();
      }
      schedule();
    });
    const stopDisplay = customerDisplayStore.subscribe((state, previous) => {
      if (state.thanks !== previous.thanks) timeThanks();
      schedule();
    });
    channel.onmessage = (event: MessageEvent) => {
      if (isDisplayMessage(event.data) && event.data.type === 'hello') send(current());
    };
    const onPageShow = () => send(current());
    window.addEventListener('pagehide', idle);
    window.addEventListener('pageshow', onPageShow);
    refresh.current = schedule;
    timeThanks();
    send(current());

    return () => {
      refresh.current = () => {};
      stopCart();
      stopDisplay();
      clearTimeout(thanksTimer);
      window.removeEventListener('pagehide', idle);
      window.removeEventListener('pageshow', onPageShow);
      idle();
      channel.close();
    };
  }, []);

  // The company's name arrives after the register opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the name is read through shopRef
  useEffect(() => refresh.current(), [company?.name]);
}
