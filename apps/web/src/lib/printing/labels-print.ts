import { barcodeSvg as svgOf } from './barcode-svg';
import { expandLabels, type LabelData, labelBarcode } from './label-data';
import { encodeLabels } from './labels-encode';
import { POPUP_CLOSE_DELAY_MS, PrintError, printViaUsb } from './print';

/** One label's barcode as an SVG document (bwip-js: EAN-13, UPC-A or Code 128, the text below). */
export function barcodeSvg(code: string): string {
  const { symbology, value } = labelBarcode(code);
  return svgOf(symbology, value);
}

/** A4 sheets of 3 x 8 labels (70 x 37 mm, the common sticker sheet). */
const SHEET_STYLE = `
  @page { size: A4; margin: 10mm 0 0 0; }
  body { margin: 0; font-family: Arial, Helvetica, sans-serif; color: #000; background: #fff; }
  main { display: grid; grid-template-columns: repeat(3, 70mm); grid-auto-rows: 37mm; justify-content: center; }
  .label { box-sizing: border-box; padding: 2mm 3mm; overflow: hidden; text-align: center; display: flex;
           flex-direction: column; justify-content: center; gap: 1mm; break-inside: avoid; }
  .name { font-size: 10pt; font-weight: 700; line-height: 1.15; max-height: 2.3em; overflow: hidden; }
  .price { font-size: 12pt; font-weight: 700; }
  .barcode svg { max-width: 62mm; max-height: 17mm; }
  @media screen { .label { outline: 1px dashed #bbb; } }
`;

/**
 * The printable label sheet: a popup with one cell per label (name, price, barcode as SVG), printed,
 * closed 500 ms later. Throws when the popup is blocked or a code cannot be encoded.
 */
export function printLabelSheet(labels: LabelData[], title = 'Labels'): void {
  const cells = expandLabels(labels);
  const svgs = new Map(labels.map((l) => [l.code, barcodeSvg(l.code)]));
  const popup = window.open('', '_blank', 'width=900,height=900');
  if (!popup) throw new Error('The label window was blocked');
  const doc = popup.document;
  doc.title = title;
  const style = doc.createElement('style');
  style.textContent = SHEET_STYLE;
  doc.head.append(style);
  const main = doc.createElement('main');
  main.setAttribute('aria-label', title);
  for (const label of cells) {
    const cell = doc.createElement('div');
    cell.className = 'label';
    const name = doc.createElement('div');
    name.className = 'name';
    name.textContent = label.name;
    const price = doc.createElement('div');
    price.className = 'price';
    price.textContent = label.price;
    const barcode = doc.createElement('div');
    barcode.className = 'barcode';
    barcode.setAttribute('role', 'img');
    barcode.setAttribute('aria-label', `Barcode ${label.code}`);
    // The SVG is bwip-js's own output for the code (no markup from the user's text reaches it).
    barcode.innerHTML = svgs.get(label.code) ?? '';
    cell.append(name, price, barcode);
    main.append(cell);
  }
  doc.body.append(main);
  popup.focus();
  popup.print();
  setTimeout(() => popup.close(), POPUP_CLOSE_DELAY_MS);
}

/**
 * Thermal labels (ESC/POS): the desktop wrapper's raw printer, else a USB printer already paired with
 * this site. Throws a PrintError when neither is there (the sheet is the way without one).
 */
export async function printThermalLabels(labels: LabelData[]): Promise<'desktop' | 'usb'> {
  const bytes = encodeLabels(labels);
  const causes: unknown[] = [];
  const desktopPrint = typeof window !== 'undefined' ? window.posDesktop?.print : undefined;
  if (typeof desktopPrint === 'function') {
    try {
      const answer = await desktopPrint.call(window.posDesktop, bytes, labelPrintData(labels.length));
      if (answer !== false) return 'desktop';
    } catch (error) {
      causes.push(error);
    }
  }
  try {
    if (await printViaUsb(bytes)) return 'usb';
    causes.push(new Error('No label printer is connected'));
  } catch (error) {
    causes.push(error);
  }
  throw new PrintError(causes);
}

/** The desktop bridge takes receipt data beside the bytes: an empty one named after the job. */
const labelPrintData = (count: number) => ({
  receiptNumber: `${count} labels`,
  date: new Date(),
  paymentMethod: 'cash' as const,
  items: [],
  subtotal: 0,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  total: 0,
  amountPaid: 0,
  changeAmount: 0,
});
