import { useEffect, useState } from 'react';
import {
  type DisplayMessage,
  type DisplayScreen,
  isDisplayMessage,
  openDisplayChannel,
} from '../../../lib/customer-display';
import { setDisplayCurrency } from '../../../lib/format';

export type ShownScreen = { screen: DisplayScreen; shop: string };

/**
 * The screen the register last sent over the channel (lib/customer-display.ts); asks for it on opening.
 * Until the register answers: the welcome.
 */
export function useDisplayScreen(): ShownScreen {
  const [shown, setShown] = useState<ShownScreen>({ screen: { kind: 'idle' }, shop: '' });
  useEffect(() => {
    const channel = openDisplayChannel();
    if (!channel) return;
    channel.onmessage = (event: MessageEvent) => {
      if (!isDisplayMessage(event.data) || event.data.type !== 'screen') return;
      const message = event.data as Extract<DisplayMessage, { type: 'screen' }>;
      // Amounts in the register's company currency, through the one formatter (lib/format.ts).
      setDisplayCurrency(message.currency);
      setShown({ screen: message.screen, shop: message.shop });
    };
    channel.postMessage({ type: 'hello' } satisfies DisplayMessage);
    return () => channel.close();
  }, []);
  return shown;
}
