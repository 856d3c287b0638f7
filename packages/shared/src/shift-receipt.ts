/**
 * The X / Z report as text lines, 48 columns wide like the receipt: the one layout behind the ESC/POS
 * bytes and the printable HTML popup (apps/web/src/lib/printing).
 */
import { DEFAULT_CURRENCY, formatInCurrency } from './currency';
import { moneyMethodLabel } from './payment-methods';
import { RECEIPT_WIDTH, receiptRow, wrapReceiptText } from './receipt';
import type { ShiftReport } from './shifts';
import { showsTaxByRate, taxRateLabel } from './tax-classes';

export type ShiftReportPrint = {
  report: ShiftReport;
  company?: { name?: string | null } | null;
  branchName?: string | null;
  currency?: string | null;
  /** The branch's IANA time zone; the printing device's own when absent. */
  timeZone?: string | null;
  reprint?: boolean;
  /** A provisional X report's note (what is not yet synced), printed under the title. */
  note?: string | null;
};

const center = (text: string) => {
  const clipped = text.slice(0, RECEIPT_WIDTH);
  return ' '.repeat(Math.floor((RECEIPT_WIDTH - clipped.length) / 2)) + clipped;
};

const money = (n: number) => formatInCurrency(n, '');
const signed = (n: number) => (n > 0 ? `+${money(n)}` : n < 0 ? `-${money(-n)}` : money(0));

function when(value: string, timeZone?: string | null): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZone ?? undefined,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** The report's title: 'Z REPORT #3' for a closed shift, 'X REPORT' for an open one. */
export function shiftReportTitle(report: ShiftReport): string {
  return report.shift.status === 'closed' ? `Z REPORT #${report.shift.zNumber ?? ''}` : 'X REPORT';
}

export function shiftReportLines({
  report,
  company,
  branchName,
  currency,
  timeZone,
  reprint,
  note,
}: ShiftReportPrint): string[] {
  const rule = '-'.repeat(RECEIPT_WIDTH);
  const { shift, sales, refunds } = report;
  const lines = [
    ...(company?.name ? [center(company.name)] : []),
    ...(branchName ? [center(branchName)] : []),
    center(shiftReportTitle(report)),
    ...(reprint ? [center('*** REPRINT - COPY ***')] : []),
    ...(note ? [center('*** PROVISIONAL ***'), ...wrapReceiptText(note)] : []),
    rule,
    receiptRow('Register:', shift.registerCode),
    receiptRow('Cashier:', shift.cashierName),
    receiptRow('Opened:', when(shift.openedAt, timeZone)),
    ...(shift.closedAt ? [receiptRow('Closed:', when(shift.closedAt, timeZone))] : []),
    ...(shift.closedByName ? [receiptRow('Closed by:', shift.closedByName)] : []),
    rule,
    receiptRow(`Sales (${sales.count}):`, money(sales.total)),
    ...sales.byMethod.map((m) => receiptRow(`  ${moneyMethodLabel(m.method)} (${m.count})`, money(m.total))),
    receiptRow('Discounts:', money(sales.discount)),
    receiptRow('Tax:', money(sales.tax)),
    // Sales at several rates (tax classes): the tax by rate under the total, as a receipt prints it.
    ...(showsTaxByRate(sales.taxByRate)
      ? sales.taxByRate.map((g) => receiptRow(`  ${taxRateLabel(g)} on ${money(g.taxable)}:`, money(g.tax)))
      : []),
    receiptRow(`Refunds (${refunds.count}):`, money(refunds.total)),
    ...refunds.byMethod.map((m) => receiptRow(`  ${moneyMethodLabel(m.method)} (${m.count})`, money(m.total))),
    // The tax the refunds gave back, by rate, when they gave any back.
    ...(refunds.taxByRate.some((g) => g.tax > 0)
      ? refunds.taxByRate.map((g) => receiptRow(`  Tax back ${taxRateLabel(g)} on ${money(g.taxable)}:`, money(g.tax)))
      : []),
    rule,
    receiptRow('Opening float:', money(shift.openingFloat)),
    receiptRow('Paid in:', money(report.paidIn)),
    receiptRow('Paid out:', money(report.paidOut)),
    receiptRow('EXPECTED CASH:', formatInCurrency(report.expectedCash, currency || DEFAULT_CURRENCY)),
    // More cash left the drawer than came in: never a silent negative figure.
    ...(report.expectedCash < 0 ? [center('!! EXPECTED CASH BELOW ZERO !!')] : []),
  ];
  if (shift.status === 'closed' && shift.counted !== null && shift.overShort !== null) {
    lines.push(
      receiptRow('Counted:', money(shift.counted)),
      receiptRow(shift.overShort < 0 ? 'SHORT:' : 'OVER:', signed(shift.overShort)),
      ...(shift.approvedByName ? [receiptRow('Approved by:', shift.approvedByName)] : []),
    );
  }
  lines.push(rule);
  return lines;
}
