import type { ReceiptData } from '@pos/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarDayIn, formatCalendarDay } from '../src/lib/format';
import { encodeVoucherSlip } from '../src/lib/printing/encode';
import { printVoucherSlip } from '../src/lib/printing/print';
import { type VoucherSlipData, voucherSlipLines } from '../src/lib/printing/voucher-slip';

/**
 * A gift voucher's slip: the receipt's 48-column layout (header, title, code, amount, last day, when and by whom),
 * encoded for the printer as the receipt is (ESC/POS, the code as the printer's Code 128 after the lines, the drawer
 * kick only for cash), through the receipt's printer order (desktop wrapper, USB, popup with the barcode).
 */

const CODE = 'GV7K2M9P4QXR';
const slip: VoucherSlipData = {
  company: {
    name: 'Demo Mart',
    address: 'Mall Road, Lahore',
    phone: '042-111-222',
    timeZone: 'Asia/Karachi',
    currency: 'PKR',
  },
  branchName: 'Main Branch',
  code: CODE,
  amount: 1500,
  expiresOn: '2027-12-31',
  createdAt: '2026-01-15T09:30:00.000Z',
  soldByName: 'Sara Cashier',
};

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const indexOfSequence = (bytes: Uint8Array, sequence: number[], from = 0) =>
  latin1(bytes).indexOf(String.fromCharCode(...sequence), from);

describe('the gift voucher slip', () => {
  it('lays out the header, the title, the code, the amount, the last day and the sale in 48 columns', () => {
    const lines = voucherSlipLines(slip);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(48);
    expect(lines.slice(0, 4).map((l) => l.trim())).toEqual([
      'Demo Mart',
      'Mall Road, Lahore',
      '042-111-222',
      'Main Branch',
    ]);
    expect(lines.map((l) => l.trim())).toContain('GIFT VOUCHER');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Code: +${CODE}$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^Amount: +PKR 1,500\.00$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Valid until: +31\/12\/2027$/));
    // The sale's time in the branch's zone (09:30 UTC is 14:30 in Karachi).
    expect(lines).toContainEqual(expect.stringMatching(/^Sold: +15\/01\/2026 14:30$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Sold by: +Sara Cashier$/));
    expect(lines.join(' ')).toContain('Present this voucher at the till to pay.');
    // No expiry, no seller, no company: said so, left out, the placeholders.
    const bare = voucherSlipLines({ ...slip, company: null, branchName: null, expiresOn: null, soldByName: null });
    expect(bare).toContainEqual(expect.stringMatching(/^Valid until: +No expiry$/));
    expect(bare.some((l) => l.startsWith('Sold by:'))).toBe(false);
    expect(bare[0]?.trim()).toBe('Your Store Name');
  });

  it('encodes as ESC/POS: the lines, the code as Code 128 (GS k, set B) after them, the cut; the drawer kick only when asked', async () => {
    const card = await encodeVoucherSlip(slip);
    expect(Array.from(card.slice(0, 2))).toEqual([0x1b, 0x40]);
    const text = latin1(card);
    const codeLine = text.indexOf(`Code:${' '.repeat(48 - 5 - CODE.length)}${CODE}`);
    expect(codeLine).toBeGreaterThan(0);
    const data = `{B${CODE}`;
    const barcode = indexOfSequence(card, [0x1d, 0x6b, 73, data.length, ...Array.from(data, (c) => c.charCodeAt(0))]);
    expect(barcode).toBeGreaterThan(text.indexOf('Present this voucher'));
    expect(indexOfSequence(card, [0x1b, 0x70])).toBe(-1);
    expect(indexOfSequence(card, [0x1d, 0x56])).toBeGreaterThan(barcode);

    const cash = await encodeVoucherSlip(slip, { openDrawer: true });
    const kick = indexOfSequence(cash, [0x1b, 0x70]);
    expect(kick).toBeGreaterThan(indexOfSequence(cash, [0x1d, 0x6b]));
    expect(indexOfSequence(cash, [0x1d, 0x56])).toBeGreaterThan(kick);
  });
});

describe('printVoucherSlip: the receipt printer order', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'usb', { value: undefined, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    window.posDesktop = undefined;
    vi.unstubAllGlobals();
  });

  it('the desktop wrapper gets the slip bytes (with the drawer kick for cash)', async () => {
    const print = vi.fn(async () => true);
    window.posDesktop = { print };
    await expect(printVoucherSlip(slip, { openDrawer: true })).resolves.toBe('desktop');
    const [bytes, sent] = print.mock.calls[0] as unknown as [Uint8Array, ReceiptData];
    expect(Array.from(bytes)).toEqual(Array.from(await encodeVoucherSlip(slip, { openDrawer: true })));
    expect(sent.receiptNumber).toBe(`Gift voucher ${CODE}`);
  });

  it('without a printer, the popup: the slip lines and the code as a barcode', async () => {
    const popup = {
      document: document.implementation.createHTMLDocument(''),
      print: vi.fn(),
      close: vi.fn(),
      focus: () => {},
    };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    await expect(printVoucherSlip(slip)).resolves.toBe('popup');
    expect(popup.document.title).toBe(`Gift voucher ${CODE}`);
    expect(popup.document.querySelector('pre')?.textContent).toBe(voucherSlipLines(slip).join('\n'));
    const barcode = popup.document.querySelector('[role="img"]');
    expect(barcode?.getAttribute('aria-label')).toBe(`Barcode ${CODE}`);
    expect(barcode?.querySelector('svg')).not.toBeNull();
    expect(popup.print).toHaveBeenCalledTimes(1);
  });
});

describe('calendar days (a voucher’s expiry)', () => {
  it('formats YYYY-MM-DD as dd/mm/yyyy without moving it through a time zone', () => {
    expect(formatCalendarDay('2027-12-31')).toBe('31/12/2027');
    expect(formatCalendarDay(null)).toBe('N/A');
    expect(formatCalendarDay('31/12/2027')).toBe('N/A');
  });

  it("tomorrow is the branch's tomorrow", () => {
    const at = new Date('2026-01-15T20:00:00.000Z');
    // 01:00 on the 16th in Karachi; noon on the 15th in Los Angeles.
    expect(calendarDayIn('Asia/Karachi', 1, at)).toBe('2026-01-17');
    expect(calendarDayIn('America/Los_Angeles', 1, at)).toBe('2026-01-16');
    expect(calendarDayIn('Asia/Karachi', 0, new Date('2026-12-31T20:00:00.000Z'))).toBe('2027-01-01');
  });
});
