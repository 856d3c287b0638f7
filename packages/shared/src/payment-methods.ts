/**
 * How money went in or out, as a person reads it: a sale's tenders and payment method ('mixed': several
 * tenders) and the refund methods. Every screen, receipt, report and export names them so. No zod here:
 * the register's first load reads it (docs/architecture/web.md, 'First load').
 */
export const MONEY_METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  mixed: 'Mixed',
  store_credit: 'Store credit',
  card_refund: 'Card refund',
  exchange: 'Exchange',
  account: 'Account',
  voucher: 'Gift voucher',
};

/** The method's label; an unknown one with its words capitalised ('_' as spaces), '' when missing. */
export function moneyMethodLabel(method: string | null | undefined): string {
  if (!method) return '';
  const known = MONEY_METHOD_LABELS[method];
  if (known) return known;
  const words = method.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How the rest goes back when the returned goods are worth more than the new ones. */
export const EXCHANGE_BACK_METHODS = ['cash', 'card_refund', 'store_credit'] as const;
export type ExchangeBackMethod = (typeof EXCHANGE_BACK_METHODS)[number];

export const EXCHANGE_MSG = {
  /** POST /returns with refund_method exchange: an exchange needs its new items. */
  atRegister: 'An exchange sells the new items too: make it at the register (Exchange)',
  /** At the register, once Exchange is the refund method. */
  next: 'Next, ring up the new items: the returned items pay for them',
  started: 'Exchange started: ring up the new items, then Payment',
  created: 'Exchange completed',
  failed: 'Failed to complete the exchange',
} as const;

/** The 409's `code` when store credit would be spent past the customer's balance (the register then re-reads it). */
export const CREDIT_SHORT = 'CREDIT_SHORT';

/** The 409's `code` when a gift voucher tender is past the voucher's balance or expiry (the register re-reads it). */
export const VOUCHER_REFUSED = 'VOUCHER_REFUSED';
