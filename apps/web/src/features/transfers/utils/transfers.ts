import {
  addQuantities,
  TRANSFER_STATUS_LABELS,
  type TransferLine,
  type TransferStatus,
  transferLineOpen,
} from '@pos/shared';

export const TRANSFERS_PAGE_SIZE = 10;

export const transferStatusLabel = (status: TransferStatus) => TRANSFER_STATUS_LABELS[status];

export function transferStatusColor(status: TransferStatus): string {
  switch (status) {
    case 'draft':
      return 'gray';
    case 'in_transit':
      return 'blue';
    case 'received':
      return 'green';
    case 'closed':
      return 'orange';
    case 'cancelled':
      return 'red';
  }
}

/** What the receive screen counts now, per line: received and damaged units of this receipt. */
export type ReceiptCounts = Record<string, { received: number; damaged: number }>;

export const countsOf = (counts: ReceiptCounts, lineId: string) => counts[lineId] ?? { received: 0, damaged: 0 };

/** Units of a line still open after this receipt's counts. */
export function openAfter(line: TransferLine, counts: ReceiptCounts): number {
  const c = countsOf(counts, line.id);
  return addQuantities(transferLineOpen(line), -c.received, -c.damaged);
}

export type ScanResult = { ok: true; counts: ReceiptCounts; line: TransferLine } | { ok: false; message: string };

/**
 * A scanned barcode or typed SKU: +1 received on the line with that SKU (case-insensitive) that still
 * has units open; a code of no line, or a line already complete, says so and counts nothing.
 */
export function scanInto(lines: TransferLine[], counts: ReceiptCounts, code: string): ScanResult {
  const term = code.trim().toLowerCase();
  if (!term) return { ok: false, message: 'Scan or type a SKU' };
  const matching = lines.filter((l) => (l.sku ?? '').toLowerCase() === term);
  if (matching.length === 0) return { ok: false, message: `${code.trim()} is not on this transfer` };
  const line = matching.find((l) => openAfter(l, counts) > 0);
  if (!line) return { ok: false, message: `Every unit of ${matching[0]?.name ?? code} is already counted` };
  const c = countsOf(counts, line.id);
  return { ok: true, line, counts: { ...counts, [line.id]: { ...c, received: addQuantities(c.received, 1) } } };
}

/** The receipt's body: the lines with something counted. */
export function receiptLines(counts: ReceiptCounts) {
  return Object.entries(counts)
    .filter(([, c]) => c.received + c.damaged > 0)
    .map(([lineId, c]) => ({ lineId, received: c.received, damaged: c.damaged }));
}
