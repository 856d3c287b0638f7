import { isEan13 } from '@pos/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expandLabels, labelBarcode } from '../src/lib/printing/label-data';
import { encodeLabels } from '../src/lib/printing/labels-encode';
import { barcodeSvg, printLabelSheet } from '../src/lib/printing/labels-print';

const GS = 0x1d;

/** The index of a byte sequence in the bytes, -1 when absent. */
function indexOf(bytes: Uint8Array, sequence: number[]): number {
  outer: for (let i = 0; i + sequence.length <= bytes.length; i += 1) {
    for (let j = 0; j < sequence.length; j += 1) if (bytes[i + j] !== sequence[j]) continue outer;
    return i;
  }
  return -1;
}
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('barcode labels', () => {
  afterEach(() => vi.restoreAllMocks());

  it('EAN-13 and UPC-A only with their digits and the right check digit, else Code 128', () => {
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
    expect(isEan13('40063813339a1')).toBe(false);
    expect(labelBarcode(' 4006381333931 ')).toEqual({ symbology: 'ean13', value: '4006381333931' });
    expect(labelBarcode('COLA-15')).toEqual({ symbology: 'code128', value: 'COLA-15' });
    expect(labelBarcode('036000291452')).toEqual({ symbology: 'upca', value: '036000291452' });
    expect(labelBarcode('036000291453')).toEqual({ symbology: 'code128', value: '036000291453' });
  });

  it("a label carries whichever of the variant's codes was chosen: a UPC-A is GS k 0 with its 12 digits", () => {
    const bytes = encodeLabels([{ name: 'Socks', price: 'PKR 4.00', code: '036000291452', copies: 1 }]);
    expect(indexOf(bytes, [GS, 0x6b, 0, ...ascii('036000291452'), 0])).toBeGreaterThan(0);
    expect(barcodeSvg('036000291452')).toMatch(/^<svg[^>]*>/);
  });

  it('repeats each label by its copies', () => {
    const a = { name: 'A', price: 'PKR 1.00', code: 'A-1', copies: 2 };
    const b = { name: 'B', price: 'PKR 2.00', code: 'B-1', copies: 0 };
    expect(expandLabels([a, b])).toEqual([a, a]);
  });

  it('ESC/POS: initialize, name, price, then GS k with the barcode and a cut per label', () => {
    const bytes = encodeLabels([
      { name: 'Cola 1.5L', price: 'PKR 180.25', code: '4006381333931', copies: 1 },
      { name: 'Chips', price: 'PKR 50.00', code: 'CHIPS-1', copies: 2 },
    ]);
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]); // ESC @
    expect(indexOf(bytes, ascii('Cola 1.5L'))).toBeGreaterThan(0);
    expect(indexOf(bytes, ascii('PKR 180.25'))).toBeGreaterThan(indexOf(bytes, ascii('Cola 1.5L')));
    // GS k 2 (EAN-13, function A): the 13 digits, NUL-terminated.
    const ean = indexOf(bytes, [GS, 0x6b, 2, ...ascii('4006381333931'), 0]);
    expect(ean).toBeGreaterThan(indexOf(bytes, ascii('PKR 180.25')));
    // GS k 73 (Code 128, function B): length 9, code set B ({B), then the SKU.
    const code128 = indexOf(bytes, [GS, 0x6b, 73, 9, ...ascii('{BCHIPS-1')]);
    expect(code128).toBeGreaterThan(ean);
    // HRI below (GS H 2) and one cut (GS V) per label: three labels.
    expect(indexOf(bytes, [GS, 0x48, 2])).toBeGreaterThan(0);
    const cuts = [...bytes].filter((b, i) => b === GS && bytes[i + 1] === 0x56).length;
    expect(cuts).toBe(3);
  });

  it('the A4 sheet shows one cell per label with its barcode as SVG', () => {
    expect(barcodeSvg('4006381333931')).toMatch(/^<svg[^>]*>/);
    const popup = {
      document: document.implementation.createHTMLDocument(''),
      focus: vi.fn(),
      print: vi.fn(),
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    printLabelSheet([
      { name: 'Cola <b>1.5L</b>', price: 'PKR 180.25', code: '4006381333931', copies: 2 },
      { name: 'Chips', price: 'PKR 50.00', code: 'CHIPS-1', copies: 1 },
    ]);
    const cells = popup.document.querySelectorAll('.label');
    expect(cells).toHaveLength(3);
    expect(popup.document.querySelectorAll('.barcode svg')).toHaveLength(3);
    expect(cells[0]?.querySelector('.name')?.textContent).toBe('Cola <b>1.5L</b>');
    expect(cells[2]?.querySelector('.barcode')?.getAttribute('aria-label')).toBe('Barcode CHIPS-1');
    expect(popup.print).toHaveBeenCalledOnce();
  });
});
