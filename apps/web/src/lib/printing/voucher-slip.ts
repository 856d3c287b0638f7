import {
  DEFAULT_CURRENCY,
  formatInCurrency,
  RECEIPT_PLACEHOLDERS,
  RECEIPT_WIDTH,
  receiptRow,
  wrapReceiptText,
} from '@pos/shared';
import { formatCalendarDay, formatDateTime } from '../format';
import type { ReceiptStore } from './receipt-data';

/** A gift voucher as its slip prints it: the voucher the server answered, and the receipt header. */
export type VoucherSlipData = {
  company: ReceiptStore;
  branchName?: string | null;
  code: string;
  amount: number;
  /** The last day it can be spent ('YYYY-MM-DD', the branch's calendar), or null: no expiry. */
  expiresOn: string | null;
  createdAt: string;
  soldByName?: string | null;
};

export const VOUCHER_SLIP_TEXT = {
  title: 'GIFT VOUCHER',
  noExpiry: 'No expiry',
  terms:
    'Present this voucher at the till to pay. What is not spent stays on it for next time. Not exchangeable for cash.',
} as const;

const center = (text: string) => {
  const clipped = text.slice(0, RECEIPT_WIDTH);
  return ' '.repeat(Math.floor((RECEIPT_WIDTH - clipped.length) / 2)) + clipped;
};

/**
 * The voucher slip as 48-column lines, the receipt's layout: the receipt header (company, address, phone, branch),
 * the title, the code, the amount in the company's currency, the last day it can be spent, when and by whom it was
 * sold, and the terms. Its code prints under these as the printer's Code 128 (encodeVoucherSlip), or in the popup.
 */
export function voucherSlipLines(data: VoucherSlipData): string[] {
  const rule = '-'.repeat(RECEIPT_WIDTH);
  const company = data.company;
  const timeZone = company?.timeZone ?? null;
  return [
    center(company?.name || RECEIPT_PLACEHOLDERS.name),
    center(company?.address || RECEIPT_PLACEHOLDERS.address),
    center(company?.phone || RECEIPT_PLACEHOLDERS.phone),
    ...(data.branchName ? [center(data.branchName)] : []),
    rule,
    center(VOUCHER_SLIP_TEXT.title),
    rule,
    receiptRow('Code:', data.code),
    receiptRow('Amount:', formatInCurrency(data.amount, company?.currency || DEFAULT_CURRENCY)),
    receiptRow('Valid until:', data.expiresOn ? formatCalendarDay(data.expiresOn) : VOUCHER_SLIP_TEXT.noExpiry),
    receiptRow('Sold:', formatDateTime(data.createdAt, timeZone)),
    ...(data.soldByName ? [receiptRow('Sold by:', data.soldByName)] : []),
    rule,
    ...wrapReceiptText(VOUCHER_SLIP_TEXT.terms).map(center),
  ];
}
