/**
 * A company's currency (ISO 4217) and the one way an amount is written in it: Intl.NumberFormat,
 * en-US digits, 2 decimals ('PKR 1,234.50', '$1,234.50', '-PKR 5.00'). The web formats every amount
 * through apps/web/src/lib/format.ts, which calls this; receipts call it too.
 */

export const DEFAULT_CURRENCY = 'PKR';

const byCurrency = new Map<string, Intl.NumberFormat>();
const digits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function currencyFormat(currency: string): Intl.NumberFormat {
  const known = byCurrency.get(currency);
  if (known) return known;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  } catch {
    // An unknown code (stale storage): the default rather than a crash.
    format = currencyFormat(DEFAULT_CURRENCY);
  }
  byCurrency.set(currency, format);
  return format;
}

/** An ISO 4217 code Intl knows ('PKR', 'USD', 'EUR', ...), upper case. */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  } catch {
    return false;
  }
  return typeof Intl.supportedValuesOf !== 'function' || Intl.supportedValuesOf('currency').includes(code);
}

/** The amount in the currency; an empty currency gives the digits alone ('1,234.50', receipt columns). */
export function formatInCurrency(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const n = Number.isFinite(amount) ? amount : 0;
  if (currency === '') return digits.format(n);
  return currencyFormat(currency)
    .format(n)
    .replace(/\u00a0/g, ' ');
}
