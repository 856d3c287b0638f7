import type { PaymentMethod, SalePaymentMethod } from '@pos/shared';

/**
 * The customer display: a second window at `/display`, opened from the register, that shows the
 * customer their lines, the total, what they handed over and their change. The register feeds it over a
 * BroadcastChannel: no server round trip, and nothing leaves the browser (a BroadcastChannel reaches only
 * pages of the same origin in the same browser profile). The display holds nothing of its own: it draws
 * the last screen the register sent, and asks for it when it opens (`hello`); a register that opens sends
 * it at once.
 */
export const CUSTOMER_DISPLAY_CHANNEL = 'pos-customer-display';
export const CUSTOMER_DISPLAY_PATH = '/display';
/** The display's window name: the register's button brings the same window back instead of a second one. */
export const CUSTOMER_DISPLAY_WINDOW = 'pos-customer-display';

export type DisplayLine = {
  name: string;
  quantity: number;
  /** The product's unit (kg shows "0.750 kg"); pieces when absent. */
  unit?: string | null;
  /** The price charged per unit (a price changed at the register included). */
  unitPrice: number;
  total: number;
};

export type DisplayCart = {
  lines: DisplayLine[];
  subtotal: number;
  discount: number;
  /** The tax by rate, lowest first: one entry unless the cart holds items of several tax classes. */
  /** The tax by rate (`included`: inside the prices). */
  taxes: { rate: number; included?: boolean; tax: number }[];
  tax: number;
  total: number;
  /** An exchange: what the returned items pay of the total, what is due, what goes back (store/exchange.ts). */
  exchange?: { applied: number; due: number; back: number };
};

/** The Payment dialog as the customer sees it: cash with what was handed over and the change, or card. */
export type DisplayPayment = {
  method: PaymentMethod;
  /** Cash received so far; null while nothing is entered. */
  tendered: number | null;
  /** The change due; null while the cash does not cover the total. */
  change: number | null;
};

export type DisplayScreen =
  | { kind: 'idle' }
  | { kind: 'cart'; cart: DisplayCart; payment: DisplayPayment | null }
  | { kind: 'thanks'; method: SalePaymentMethod; total: number; paid: number; change: number };

export type DisplayMessage =
  | {
      type: 'screen';
      screen: DisplayScreen;
      /** The shop's name (the company), for the welcome. */
      shop: string;
      /** The company's currency (ISO 4217): the display formats with it (lib/format.ts). */
      currency: string;
    }
  /** A display that has just opened asks the register for the current screen. */
  | { type: 'hello' };

/** The channel, or null where the browser has none (the display then stays on its welcome). */
export function openDisplayChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL) : null;
}

/** A message of this protocol (another page of the origin could post anything on the channel). */
export function isDisplayMessage(data: unknown): data is DisplayMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; screen?: { kind?: unknown } };
  if (message.type === 'hello') return true;
  return (
    message.type === 'screen' &&
    typeof message.screen === 'object' &&
    message.screen !== null &&
    ['idle', 'cart', 'thanks'].includes(String(message.screen.kind))
  );
}
