import { type ReceiptData, receiptLines } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { fitsCodePage, isRightToLeft, lineRuns } from '../src/lib/printing/code-page';
import { encodeReceipt } from '../src/lib/printing/encode';
import type { LineImage } from '../src/lib/printing/raster';
import { testReceiptData } from '../src/lib/printing/receipt-data';

/**
 * What the encoder sends for a receipt: lines the printer's code page cannot hold
 * (Urdu) as raster images (GS v 0), the receipt number as the printer's Code 128 (GS k), the company's
 * NTN and STRN in the header. The browser's canvas is not here (happy-dom): the image of a line comes
 * from a stand-in drawer that paints a known pattern, so the bytes can be checked dot by dot. The real
 * drawing runs in Chromium (e2e/usb-printer.spec.ts).
 */

const URDU = 'چائے کی پتی';

const data: ReceiptData = {
  company: {
    name: 'Demo Mart',
    address: 'Mall Road, Lahore',
    phone: '042-111-222',
    taxId: '1234567-8',
    strn: '32-77-8761-234-56',
  },
  receiptNumber: 'RCP-000042',
  date: '2025-01-15T09:30:00.000Z',
  timeZone: 'Asia/Karachi',
  cashierName: 'Cashier One',
  paymentMethod: 'cash',
  items: [
    { name: 'Cola 1.5L', quantity: 2, unitPrice: 180, subtotal: 360 },
    { name: URDU, quantity: 1, unitPrice: 450, subtotal: 450 },
  ],
  subtotal: 810,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  total: 810,
  amountPaid: 1000,
  changeAmount: 190,
};

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const find = (bytes: Uint8Array, sequence: number[], from = 0) =>
  latin1(bytes).indexOf(String.fromCharCode(...sequence), from);

/** A stand-in for the canvas: `height` rows, the first 8 dots of each black, the rest white. Records its calls. */
function stripeDrawer(height = 40) {
  const calls: { line: string; width: number }[] = [];
  const rasterize = async (line: string, width: number): Promise<LineImage> => {
    calls.push({ line, width });
    const image = new Uint8ClampedArray(width * height * 4).fill(255);
    for (let y = 0; y < height; y++) image.fill(0, y * width * 4, (y * width + 8) * 4);
    for (let i = 3; i < image.length; i += 4) image[i] = 255;
    return { data: image, width, height };
  };
  return { calls, rasterize };
}

describe('fitsCodePage: what the printer can print as text (cp437)', () => {
  it('Latin text, digits, punctuation and the accents cp437 has are text', () => {
    for (const text of ['Cola 1.5L', 'TOTAL:   PKR 1,650.00', 'Café Crème Brûlée', '-'.repeat(48), 'Why? 100%']) {
      expect(fitsCodePage(text), text).toBe(true);
    }
  });

  it('Urdu, Arabic, Chinese, Devanagari and Latin letters cp437 lacks are not', () => {
    for (const text of [URDU, 'شاي', '绿茶', 'चाय', 'Łódź', `Tea ${URDU}`, 'Euro €']) {
      expect(fitsCodePage(text), text).toBe(false);
    }
  });
});

describe('lineRuns: a line cut into its runs of text and their places', () => {
  it('a row is its left part at column 0 and its right part against the right edge', () => {
    const row = receiptLines(data).find((l) => l.startsWith(URDU)) ?? '';
    expect(lineRuns(row).map(({ text, start, align }) => ({ text, start, align }))).toEqual([
      { text: URDU, start: 0, align: 'left' },
      { text: '1', start: 26, align: 'left' },
      { text: '450.00', start: 31, align: 'left' },
      { text: '450.00', start: 42, align: 'right' },
    ]);
  });

  it('a centred line is one centred run; the rule one run from the left', () => {
    const [name] = receiptLines({ ...data, company: { name: 'چائے خانہ' } });
    expect(lineRuns(name ?? '')).toEqual([{ text: 'چائے خانہ', start: 19, end: 28, align: 'center' }]);
    expect(lineRuns('-'.repeat(48))).toEqual([{ text: '-'.repeat(48), start: 0, end: 48, align: 'left' }]);
  });

  it('isRightToLeft: by the first letter', () => {
    expect(isRightToLeft(URDU)).toBe(true);
    expect(isRightToLeft(`12 ${URDU}`)).toBe(true);
    expect(isRightToLeft(`Tea ${URDU}`)).toBe(false);
    expect(isRightToLeft('Cola')).toBe(false);
  });
});

describe('encodeReceipt: images for what the code page cannot hold, the barcode, NTN and STRN', () => {
  it('sends the Urdu line as one raster image (GS v 0) where it belongs; every other line stays text', async () => {
    const drawer = stripeDrawer(40);
    const bytes = await encodeReceipt(data, { rasterize: drawer.rasterize });
    const lines = receiptLines(data);
    const urduLine = lines.find((l) => l.includes(URDU));
    expect(drawer.calls).toEqual([{ line: urduLine, width: 576 }]);

    // GS v 0, mode 0, 72 bytes (576 dots) a row, 40 rows, then the rows: the first byte of each black.
    const image = find(bytes, [0x1d, 0x76, 0x30, 0x00, 72, 0, 40, 0]);
    expect(image).toBeGreaterThan(find(bytes, [...new TextEncoder().encode('Cola 1.5L')]));
    expect(image).toBeLessThan(latin1(bytes).indexOf('Subtotal:'));
    const rows = bytes.slice(image + 8, image + 8 + 72 * 40);
    for (let y = 0; y < 40; y++) {
      expect(rows[y * 72]).toBe(0xff);
      expect(rows.slice(y * 72 + 1, (y + 1) * 72).every((b) => b === 0)).toBe(true);
    }
    // The image feeds the paper itself: no line feed after it (a blank line on the paper).
    expect(bytes[image + 8 + 72 * 40]).not.toBe(0x0a);
    // Nothing went out as '?' (the code page's stand-in for what it cannot hold).
    const text = latin1(bytes.slice(0, image)) + latin1(bytes.slice(image + 8 + 72 * 40));
    expect(text).not.toContain('?');
    for (const line of lines.filter((l) => l !== urduLine)) expect(text).toContain(line.trimEnd());
  });

  it('draws nothing when every line fits the code page', async () => {
    const drawer = stripeDrawer();
    const bytes = await encodeReceipt({ ...data, items: [data.items[0] as ReceiptData['items'][number]] }, drawer);
    expect(drawer.calls).toEqual([]);
    expect(find(bytes, [0x1d, 0x76, 0x30])).toBe(-1);
  });

  it("ends with the receipt number's Code 128 (GS k 73, set B), centred, digits below, before the cut", async () => {
    const bytes = await encodeReceipt(data, stripeDrawer());
    const value = '{BRCP-000042';
    const barcode = find(bytes, [0x1d, 0x6b, 73, value.length, ...new TextEncoder().encode(value)]);
    expect(barcode).toBeGreaterThan(latin1(bytes).lastIndexOf('Items may be returned'));
    expect(find(bytes, [0x1d, 0x56])).toBeGreaterThan(barcode);
    // Height 60 dots, 3 dots a module (the widest that fits 10 characters on 576 dots), text below, centred.
    const setup = latin1(bytes).slice(barcode - 12, barcode);
    expect(setup).toContain('\x1dh\x3c');
    expect(setup).toContain('\x1dw\x03');
    expect(setup).toContain('\x1dH\x02');
    expect(setup).toContain('\x1ba\x01');
  });

  it('narrows the bars of a long receipt number to fit the paper, and leaves out one that cannot fit', async () => {
    const long = await encodeReceipt({ ...data, receiptNumber: 'R12-000000000017' }, stripeDrawer());
    expect(find(long, [0x1d, 0x6b, 73, 18])).toBeGreaterThan(0);
    expect(latin1(long)).toContain('\x1dw\x02');
    const huge = await encodeReceipt({ ...data, receiptNumber: `RCP-${'9'.repeat(36)}` }, stripeDrawer());
    expect(find(huge, [0x1d, 0x6b])).toBe(-1);
  });

  it("prints FBR's invoice number and its QR code (GS ( k: model 2, 2 dots, level M, stored, printed) after the barcode", async () => {
    const number = '700125112915443200001';
    // FBR's PKR 1 POS service fee inside the total, on a line of its own above it.
    const total = data.total + 1;
    const bytes = await encodeReceipt({ ...data, serviceFee: 1, total, fiscal: { number } }, stripeDrawer());
    const text = latin1(bytes);
    expect(text).toMatch(new RegExp(`FBR Invoice No: +${number}`));
    const fee = text.search(/POS service fee \(FBR\): +1\.00/);
    expect(fee).toBeGreaterThan(0);
    expect(text.indexOf('TOTAL:')).toBeGreaterThan(fee);
    expect(text.slice(text.indexOf('TOTAL:')).split('\n')[0]).toContain(total.toFixed(2));
    expect(text).toContain('Verify with the Tax Asaan app or SMS 9966');
    const qr = (fn: number, ...rest: number[]) => [0x1d, 0x28, 0x6b, rest.length + 2, 0, 49, fn, ...rest];
    const barcode = find(bytes, [0x1d, 0x6b, 73]);
    const model = find(bytes, qr(65, 50, 0));
    const size = find(bytes, qr(67, 2));
    const level = find(bytes, qr(69, 49));
    const stored = find(bytes, qr(80, 48, ...new TextEncoder().encode(number)));
    const printed = find(bytes, qr(81, 48));
    expect(model).toBeGreaterThan(barcode);
    expect([size, level, stored].every((at) => at > model)).toBe(true);
    expect(printed).toBeGreaterThan(stored);
    expect(find(bytes, [0x1d, 0x56])).toBeGreaterThan(printed);
  });

  it("says 'FBR number pending' and prints no QR code before the number came; nothing of FBR for a branch that does not report", async () => {
    const pending = latin1(await encodeReceipt({ ...data, fiscal: { number: null } }, stripeDrawer()));
    expect(pending).toContain('FBR number pending');
    expect(pending).not.toContain('\x1d(k');
    const none = latin1(await encodeReceipt({ ...data, serviceFee: 0 }, stripeDrawer()));
    expect(none).not.toMatch(/FBR/);
    expect(none).not.toContain('\x1d(k');
  });

  it("prints the company's NTN and STRN under its phone when set, and no such line when not", async () => {
    const text = latin1(await encodeReceipt(data, stripeDrawer()));
    const phone = text.indexOf('042-111-222');
    const ntn = text.indexOf('NTN: 1234567-8');
    const strn = text.indexOf('STRN: 32-77-8761-234-56');
    expect(ntn).toBeGreaterThan(phone);
    expect(strn).toBeGreaterThan(ntn);
    expect(strn).toBeLessThan(text.indexOf('Receipt #:'));
    const without = latin1(
      await encodeReceipt({ ...data, company: { ...data.company, taxId: null, strn: null } }, stripeDrawer()),
    );
    expect(without).not.toMatch(/NTN|STRN/);
  });
});

describe("the test receipt's time", () => {
  it("is the branch's time zone, not the device's", () => {
    // UTC+14: no test machine runs in it, so the device's zone would print another time.
    const at = new Date('2025-01-15T09:30:00.000Z');
    const lines = receiptLines(testReceiptData({ name: 'Demo Mart', timeZone: 'Pacific/Kiritimati' }, at));
    expect(lines).toContainEqual(expect.stringMatching(/^Date: +15\/01\/2025 23:30$/));
    const karachi = receiptLines(testReceiptData({ name: 'Demo Mart', timeZone: 'Asia/Karachi' }, at));
    expect(karachi).toContainEqual(expect.stringMatching(/^Date: +15\/01\/2025 14:30$/));
  });
});
