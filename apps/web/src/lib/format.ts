import { DEFAULT_CURRENCY, formatInCurrency, moneyMethodLabel } from '@pos/shared';

/**
 * The selected company's currency (ISO 4217), set by the shell from the session's company list:
 * every amount on every screen and receipt is formatted from it, here and nowhere else.
 */
let displayCurrency = DEFAULT_CURRENCY;

export function setDisplayCurrency(currency: string | null | undefined): void {
  displayCurrency = currency || DEFAULT_CURRENCY;
}

export function getDisplayCurrency(): string {
  return displayCurrency;
}

/** Every ISO 4217 code the browser knows, as 'PKR - Pakistani Rupee', for the currency selects. */
export function currencyOptions(): { value: string; label: string }[] {
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [DEFAULT_CURRENCY];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => ({ value: code, label: `${code} - ${names?.of(code) ?? code}` }));
}

/** An amount in the company's currency: 'PKR 1,234.50', '$1,234.50' (Intl.NumberFormat). */
export function formatMoney(amount: number): string {
  return formatInCurrency(Number.isFinite(amount) ? amount : 0, displayCurrency);
}

/** What a row shows for a value the server did not send (spec 02, section 2). */
export const NOT_AVAILABLE = 'N/A';
export const WALK_IN_CUSTOMER = 'Walk-in Customer';

type DateParts = { day: string; month: string; year: string; hour: string; minute: string };

function dateParts(value: string | Date, timeZone?: string | null): DateParts | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone || undefined }).formatToParts(date);
  } catch {
    // An unknown time zone name: the browser's own.
    parts = new Intl.DateTimeFormat('en-GB', options).formatToParts(date);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year'), hour: get('hour'), minute: get('minute') };
}

/**
 * dd/mm/yyyy (spec 02, section 9), in the branch's time zone when given (the server reads the date
 * filters in it too), else the browser's. 'N/A' for a missing or unreadable date.
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  const p = dateParts(value, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : NOT_AVAILABLE;
}

/** dd/mm/yyyy HH:mm (24 hours), same rules as formatDate. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  const p = dateParts(value, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : NOT_AVAILABLE;
}

/**
 * A calendar day as written 'YYYY-MM-DD' (a gift voucher's last day: the branch's day, no instant to move into a
 * time zone) as dd/mm/yyyy; 'N/A' when missing or not such a day.
 */
export function formatCalendarDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : NOT_AVAILABLE;
}

/**
 * The calendar day 'YYYY-MM-DD' it is in a time zone (the branch's; the browser's when absent or unknown), `plus`
 * days later: the first day a gift voucher sold today may expire on is the branch's tomorrow.
 */
export function calendarDayIn(timeZone?: string | null, plus = 0, now: Date = new Date()): string {
  const p = dateParts(now, timeZone);
  if (!p) return '';
  const day = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day) + plus));
  return day.toISOString().slice(0, 10);
}

/** HH:mm (24 hours), same rules as formatDate (the register's "Offline since"). */
export function formatTime(value: string | Date | number | null | undefined, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  const p = dateParts(typeof value === 'number' ? new Date(value) : value, timeZone);
  return p ? `${p.hour}:${p.minute}` : NOT_AVAILABLE;
}

/** 'PKR 1,234.50' (the company's currency); 'N/A' when the amount is missing or not a number. */
export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? formatMoney(n) : NOT_AVAILABLE;
}

/** A count in the en-US format ('1,234'); 'N/A' when missing. */
export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-US') : NOT_AVAILABLE;
}

/** A percent with up to 2 decimals ('12.5%'); 'N/A' when missing. */
export function formatPercent(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NOT_AVAILABLE;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** The text itself, or 'N/A' when it is missing or blank. */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : NOT_AVAILABLE;
}

/** The customer column: their name, else 'Walk-in Customer'. */
export function customerLabel(customer: { name?: string | null } | null | undefined): string {
  return customer?.name?.trim() ? customer.name : WALK_IN_CUSTOMER;
}

/** A payment or refund method as every screen names it (the shared moneyMethodLabel), 'N/A' when missing. */
export function paymentMethodLabel(method: string | null | undefined): string {
  return method ? moneyMethodLabel(method) : NOT_AVAILABLE;
}

export function paymentMethodColor(method: string | null | undefined): string {
  switch (method) {
    case 'cash':
      return 'teal';
    case 'card':
      return 'blue';
    case 'mixed':
      return 'grape';
    default:
      return 'gray';
  }
}

/** 'completed' -> 'Completed'; the list's status badge is green whatever the status (spec 02, section 2). */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return NOT_AVAILABLE;
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A paged table's footer: 'Showing x - y of z items' (spec 02, section 2), 'of z transactions' for
 * another noun. With nothing it reads 'Showing 0 - 0 of 0 items'; a page past the end is clamped.
 */
export function showingRange({
  page,
  limit,
  total,
  noun = 'items',
}: {
  page: number;
  limit: number;
  total: number;
  noun?: string;
}): string {
  if (total <= 0 || limit <= 0) return `Showing 0 - 0 of 0 ${noun}`;
  const first = Math.min((Math.max(1, page) - 1) * limit + 1, total);
  const last = Math.min(first + limit - 1, total);
  return `Showing ${first} - ${last} of ${total} ${noun}`;
}

/**
 * The dashboard's and customers' amounts: the company's currency like every other screen (spec 01's
 * '$' prefix is the company's currency); a missing amount reads as 0.
 */
export function formatDollars(amount: number | null | undefined): string {
  return formatMoney(Number.isFinite(amount) ? (amount as number) : 0);
}
