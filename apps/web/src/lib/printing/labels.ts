/**
 * Barcode labels: what a label shows and which barcode it carries, and the lazily loaded
 * printers (an A4 label sheet in a popup, or ESC/POS for a thermal label printer). The barcode library
 * (bwip-js) and the encoder are fetched at the first print, like the receipt's.
 */
import type * as LabelsPrint from './labels-print';

export type { LabelData } from './label-data';

export const printLabelSheet: typeof LabelsPrint.printLabelSheet = async (...args) =>
  (await import('./labels-print')).printLabelSheet(...args);

export const printThermalLabels: typeof LabelsPrint.printThermalLabels = async (...args) =>
  (await import('./labels-print')).printThermalLabels(...args);
