import {
  type ReceiptData,
  receiptBarcode,
  receiptLines,
  receiptQr,
  type ShiftReportPrint,
  shiftReportLines,
  shiftReportTitle,
} from '@pos/shared';
import { encodeDrawerPulse, encodeReceipt, encodeShiftReport, encodeVoucherSlip } from './encode';
import { printLinesInPopup } from './popup';
import { type ReceiptStore, testReceiptData } from './receipt-data';
import { type VoucherSlipData, voucherSlipLines } from './voucher-slip';

/** The desktop wrapper (an Electron-style shell) may expose a raw printer: it gets the ESC/POS bytes and the data. */
export type PosDesktopBridge = {
  print?: (bytes: Uint8Array, data: ReceiptData) => unknown;
};

declare global {
  interface Window {
    posDesktop?: PosDesktopBridge;
  }
}

export type PrintMethod = 'desktop' | 'usb' | 'popup';

/** Every way to print failed; `causes` holds what each tried method threw. */
export class PrintError extends Error {
  readonly causes: unknown[];
  constructor(causes: unknown[]) {
    super('The receipt could not be printed');
    this.name = 'PrintError';
    this.causes = causes;
  }
}

export { POPUP_CLOSE_DELAY_MS } from './popup';
/** The USB printer is left this long to take the transfer before the device is closed. */
export const USB_SETTLE_MS = 100;

/** How long a USB device is given to announce itself as a printer after it was opened. */
export const USB_CONNECT_TIMEOUT_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type UsbDeviceInfo = { serialNumber?: string | null; vendorId: number; productId: number };
type UsbApi = { getDevices(): Promise<UsbDeviceInfo[]> };
type UsbPrinter = InstanceType<typeof import('./webusb-loader').default>;

const usbApi = (): UsbApi | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { usb?: UsbApi }).usb;

/**
 * What the library's reconnect() looks a device up by. It matches the serial number first, and two
 * devices without one (a scanner and a printer, say) would both match the first: a serial that no
 * device has leaves it to the vendor and product ids instead.
 */
const reconnectKey = (device: UsbDeviceInfo) => ({
  vendorId: device.vendorId,
  productId: device.productId,
  serialNumber: device.serialNumber || '\u0000no serial number',
});

/**
 * Opens the first paired device that is a receipt printer. The library announces 'connected' on a
 * later task (its emitter defers every listener with setTimeout), after reconnect() has resolved: the
 * event is awaited, never read as a flag right after the call. A device that fails is closed again.
 */
async function connectUsbPrinter(devices: UsbDeviceInfo[]): Promise<UsbPrinter | null> {
  const { default: WebUSBReceiptPrinter } = await import('./webusb-loader');
  const printer = new WebUSBReceiptPrinter();
  const connected = new Promise<true>((resolve) => printer.addEventListener('connected', () => resolve(true)));
  for (const device of devices) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await printer.reconnect(reconnectKey(device));
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), USB_CONNECT_TIMEOUT_MS);
      });
      if (await Promise.race([connected, timedOut])) return printer;
    } catch {
      // Not a receipt printer (a scanner, say) or claimed by another program: try the next paired device.
    } finally {
      clearTimeout(timer);
    }
    await printer.disconnect().catch(() => {});
  }
  return null;
}

/** Bytes to print, or what makes them (encoded only once a printer is there to take them). */
export type PrintBytes = Uint8Array | (() => Promise<Uint8Array>);

/** Makes the bytes at the first call only; every later call answers the same promise. */
const once = (make: () => Promise<Uint8Array>): (() => Promise<Uint8Array>) => {
  let made: Promise<Uint8Array> | null = null;
  return () => {
    made ??= make();
    return made;
  };
};

/**
 * A USB receipt printer that this site was already given access to (WebUSB only lists those, so
 * nothing asks the cashier). false when there is none; the bytes are sent, then 100 ms of settling,
 * then the device is closed.
 */
export async function printViaUsb(bytes: PrintBytes): Promise<boolean> {
  const usb = usbApi();
  if (!usb) return false;
  const devices = await usb.getDevices();
  if (devices.length === 0) return false;
  const printer = await connectUsbPrinter(devices);
  if (!printer) return false;
  try {
    await printer.print(typeof bytes === 'function' ? await bytes() : bytes);
    await sleep(USB_SETTLE_MS);
  } finally {
    await printer.disconnect().catch(() => {});
  }
  return true;
}

/** The printable fallback: the receipt's 48-column lines and its number's barcode in a popup. */
function printViaPopup(data: ReceiptData): Promise<void> {
  return printLinesInPopup({
    title: `Receipt ${data.receiptNumber}`,
    label: 'Receipt',
    kind: 'receipt',
    lines: receiptLines(data),
    barcode: receiptBarcode(data),
    qr: receiptQr(data),
  });
}

export type ReceiptPrintOptions = {
  /** Kick the cash drawer after the receipt (a cash sale); nothing else opens the till. */
  openDrawer?: boolean;
};

/**
 * One print job on the first way that works, in the spec's order: the desktop wrapper's print function (the
 * ESC/POS bytes and `desktopData`), a USB printer already paired with this site (the bytes), the printable HTML
 * popup. The bytes are made only once a printer is there to take them. Throws a PrintError when nothing printed.
 */
async function printFirstWay({
  bytes,
  desktopData,
  popup,
}: {
  bytes: () => Promise<Uint8Array>;
  desktopData: ReceiptData;
  popup: () => Promise<void>;
}): Promise<PrintMethod> {
  const causes: unknown[] = [];
  const desktopPrint = typeof window !== 'undefined' ? window.posDesktop?.print : undefined;
  if (typeof desktopPrint === 'function') {
    try {
      const answer = await desktopPrint.call(window.posDesktop, await bytes(), desktopData);
      if (answer !== false) return 'desktop';
      causes.push(new Error('The desktop printer refused the print job'));
    } catch (error) {
      causes.push(error);
    }
  }

  try {
    if (await printViaUsb(bytes)) return 'usb';
  } catch (error) {
    causes.push(error);
  }

  try {
    await popup();
    return 'popup';
  } catch (error) {
    causes.push(error);
  }
  throw new PrintError(causes);
}

/**
 * Prints a receipt on the first way that works (printFirstWay): the desktop wrapper, a paired USB printer, the
 * printable popup. The ESC/POS bytes end with the cut, after the drawer kick when `openDrawer` asks for it.
 */
export function printReceipt(data: ReceiptData, options: ReceiptPrintOptions = {}): Promise<PrintMethod> {
  // Encoded for a printer only (a line in Urdu is drawn on a canvas): the popup needs no bytes.
  return printFirstWay({
    bytes: once(() => encodeReceipt(data, options)),
    desktopData: data,
    popup: () => printViaPopup(data),
  });
}

/**
 * A receipt with sample values through the same printer order (the register's Test Printer button);
 * the drawer stays shut.
 */
export function printTestReceipt(store?: ReceiptStore): Promise<PrintMethod> {
  return printReceipt(testReceiptData(store));
}

/** Prints the X / Z report like a receipt: desktop wrapper, paired USB printer, then the popup of its lines. */
export function printShiftReport(data: ShiftReportPrint): Promise<PrintMethod> {
  const title = shiftReportTitle(data.report);
  return printFirstWay({
    bytes: once(() => encodeShiftReport(data)),
    // The desktop bridge takes receipt data; it gets the report's bytes with an empty receipt shape.
    desktopData: drawerOnlyData(title),
    popup: () => printLinesInPopup({ title, label: title, kind: 'report', lines: shiftReportLines(data) }),
  });
}

/**
 * Prints a gift voucher's slip like a receipt (desktop wrapper, paired USB printer, then the popup): its lines and
 * its code as a Code 128 barcode, the drawer kick in the same job when it was sold for cash (`openDrawer`).
 */
export function printVoucherSlip(data: VoucherSlipData, options: ReceiptPrintOptions = {}): Promise<PrintMethod> {
  const title = `Gift voucher ${data.code}`;
  return printFirstWay({
    bytes: once(() => encodeVoucherSlip(data, options)),
    desktopData: drawerOnlyData(title),
    popup: () =>
      printLinesInPopup({
        title,
        label: 'Gift voucher',
        kind: 'gift voucher',
        lines: voucherSlipLines(data),
        barcode: data.code,
      }),
  });
}

const drawerOnlyData = (title: string): ReceiptData => ({
  receiptNumber: title,
  date: new Date(),
  paymentMethod: 'cash',
  items: [],
  subtotal: 0,
  discountAmount: 0,
  taxRate: 0,
  taxAmount: 0,
  total: 0,
  amountPaid: 0,
  changeAmount: 0,
});

/**
 * Opens the cash drawer (ESC p) through the desktop wrapper or a paired USB printer, for a cash refund,
 * a paid in / paid out or a 'No sale'. false when no printer is there (a browser without one: nothing
 * to kick).
 */
export async function openCashDrawer(): Promise<boolean> {
  const bytes = encodeDrawerPulse();
  const desktopPrint = typeof window !== 'undefined' ? window.posDesktop?.print : undefined;
  try {
    if (typeof desktopPrint === 'function') {
      return (await desktopPrint.call(window.posDesktop, bytes, drawerOnlyData('DRAWER'))) !== false;
    }
    return await printViaUsb(bytes);
  } catch {
    return false;
  }
}
