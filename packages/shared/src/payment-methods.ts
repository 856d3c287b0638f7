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
};

/** The method's label; an unknown one with its words capitalised ('_' as spaces), '' when missing. */
export function moneyMethodLabel(method: string | null | undefined): string {
  if (!method) return '';
  const known = MONEY_METHOD_LABELS[method];
  if (known) return known;
  const words = method.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
