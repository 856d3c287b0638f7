import { code128, drawingSVG, ean13, qrcode, upca } from '@bwip-js/browser';

/**
 * A barcode as an SVG document (bwip-js), its text below: a label's EAN-13, UPC-A or Code 128, a receipt number's
 * Code 128; or FBR's invoice number as a QR code (no text: the receipt prints the number above it).
 */
export function barcodeSvg(symbology: 'ean13' | 'upca' | 'code128' | 'qrcode', value: string): string {
  // BWIPP's QR code defaults to error correction M, as the printer's.
  if (symbology === 'qrcode') return qrcode({ bcid: 'qrcode', text: value, scale: 2 }, drawingSVG());
  const options = {
    bcid: symbology,
    text: value,
    scale: 2,
    height: 10,
    includetext: true,
    textxalign: 'center' as const,
  };
  if (symbology === 'ean13') return ean13(options, drawingSVG());
  if (symbology === 'upca') return upca(options, drawingSVG());
  return code128(options, drawingSVG());
}
