import { code128, drawingSVG, ean13 } from '@bwip-js/browser';

/** A barcode as an SVG document (bwip-js), its text below: a label's EAN-13 or Code 128, a receipt number's Code 128. */
export function barcodeSvg(symbology: 'ean13' | 'code128', value: string): string {
  const options = {
    bcid: symbology,
    text: value,
    scale: 2,
    height: 10,
    includetext: true,
    textxalign: 'center' as const,
  };
  return symbology === 'ean13' ? ean13(options, drawingSVG()) : code128(options, drawingSVG());
}
