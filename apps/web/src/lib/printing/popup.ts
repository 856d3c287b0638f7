import { lineRuns } from './code-page';
import { SCRIPT_FONT_FAMILY, scriptFontUrl } from './raster';

/** The popup closes this long after it printed. */
export const POPUP_CLOSE_DELAY_MS = 500;

/** Arabic script's blocks: only these come from the bundled Naskh (its spaces and digits would break the columns). */
const SCRIPT_RANGES = 'U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF';

const popupStyle = (fontUrl: string) => `
  @font-face {
    font-family: '${SCRIPT_FONT_FAMILY}'; src: url('${fontUrl}') format('woff2');
    unicode-range: ${SCRIPT_RANGES}; size-adjust: 130%;
  }
  body { margin: 0; padding: 16px; background: #fff; color: #000; }
  pre, .barcode { font-family: '${SCRIPT_FONT_FAMILY}', 'Courier New', Courier, monospace; font-size: 12px; }
  pre { margin: 0; line-height: 1.35; white-space: pre; }
  bdi { display: inline-block; text-align: left; }
  bdi.right { text-align: right; }
  bdi.center { text-align: center; }
  .barcode { width: 48ch; margin-top: 12px; text-align: center; }
  .barcode svg { width: 75%; height: auto; }
  .barcode.qr svg { width: 7mm; height: 7mm; }
  @media print { body { padding: 0; } @page { margin: 4mm; } }
`;

/**
 * One 48-column line into the <pre>: each run of text in a <bdi> as wide as its columns (aligned as
 * the layout placed it), the padding as text. Right-to-left text (an Urdu name) then stays inside its
 * run instead of pulling the numbers after it to the wrong side, and a name narrower or wider in its
 * own font than its column count still leaves the numbers in their columns. The text is the line's.
 */
function appendLine(doc: Document, pre: HTMLElement, line: string) {
  let at = 0;
  for (const run of lineRuns(line)) {
    if (run.start > at) pre.append(line.slice(at, run.start));
    const bdi = doc.createElement('bdi');
    bdi.textContent = run.text;
    if (run.align !== 'left') bdi.className = run.align;
    bdi.style.minWidth = `${run.end - run.start}ch`;
    pre.append(bdi);
    at = run.end;
  }
  if (at < line.length) pre.append(line.slice(at));
}

/** What the popup shows: its window title, the <pre>'s label, the lines, a barcode under them. */
export type PopupDocument = {
  title: string;
  label: string;
  /** What the window is, in 'The ... window was blocked'. */
  kind: 'receipt' | 'report' | 'gift voucher';
  lines: string[];
  /** The receipt number's (a gift voucher's code's) Code 128 under the lines; none when absent. */
  barcode?: string | null;
  /** FBR's invoice number as a QR code under the barcode; none when absent. */
  qr?: string | null;
};

/**
 * bwip-js (~50 KB gzipped) is fetched for the popup's barcode only: a till with a printer never loads
 * it for a receipt (the labels load it for their own sheets).
 */
const loadBarcodeSvg = async () => (await import('./barcode-svg')).barcodeSvg;

/**
 * The printable fallback: a window with the 48-column lines in a <pre> (and the barcode under them),
 * printed, closed 500 ms later. The window opens before anything is awaited (a popup blocker judges
 * the moment of the call). Throws when the popup is blocked.
 */
export async function printLinesInPopup({ title, label, kind, lines, barcode, qr }: PopupDocument): Promise<void> {
  const popup = window.open('', '_blank', 'width=460,height=720');
  if (!popup) throw new Error(`The ${kind} window was blocked`);
  const doc = popup.document;
  doc.title = title;
  const style = doc.createElement('style');
  style.textContent = popupStyle(new URL(scriptFontUrl, window.location.href).href);
  doc.head.append(style);
  const pre = doc.createElement('pre');
  pre.setAttribute('aria-label', label);
  lines.forEach((line, i) => {
    if (i > 0) pre.append('\n');
    appendLine(doc, pre, line);
  });
  doc.body.append(pre);
  const symbols: [symbology: 'code128' | 'qrcode', value: string, label: string][] = [];
  if (barcode) symbols.push(['code128', barcode, `Barcode ${barcode}`]);
  if (qr) symbols.push(['qrcode', qr, `QR code of FBR invoice ${qr}`]);
  for (const [symbology, value, name] of symbols) {
    const figure = doc.createElement('div');
    figure.className = symbology === 'qrcode' ? 'barcode qr' : 'barcode';
    figure.setAttribute('role', 'img');
    figure.setAttribute('aria-label', name);
    try {
      // The SVG is bwip-js's own output for printable ASCII (a receipt or FBR invoice number; no user markup).
      figure.innerHTML = (await loadBarcodeSvg())(symbology, value);
      doc.body.append(figure);
    } catch {
      // The barcode's code could not be fetched (offline before the app was cached): the lines still print.
    }
  }
  popup.focus();
  popup.print();
  setTimeout(() => popup.close(), POPUP_CLOSE_DELAY_MS);
}
