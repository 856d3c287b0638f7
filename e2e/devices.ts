import type { BrowserContext, Page } from '@playwright/test';

/**
 * The till's devices in the test browser: a fake WebUSB receipt printer that records the bytes it is
 * sent, and a small ESC/POS decoder to read them back.
 */

export type FakeUsbRecord = {
  /** Every call on the device, in order: 'open', 'selectConfiguration', 'claimInterface', 'reset', 'transferOut', 'close'. */
  calls: string[];
  /** The bytes of each transferOut, in order. */
  transfers: number[][];
};

/**
 * Installs a fake `navigator.usb` with one paired Epson receipt printer (vendor 0x04b8, the library's
 * Epson profile) before the app loads. It keeps the real API's shape and timing: every method answers on
 * a later task (a device round trip), nothing is announced synchronously, and a device must be opened,
 * configured and claimed before it takes a transfer, as a real one must.
 */
export async function installFakeUsbPrinter(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = { calls: [] as string[], transfers: [] as number[][] };
    const later = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
    const fail = (message: string) => new DOMException(message, 'InvalidStateError');
    const endpoints = [
      { endpointNumber: 1, direction: 'out', type: 'bulk', packetSize: 64 },
      { endpointNumber: 2, direction: 'in', type: 'bulk', packetSize: 64 },
    ];
    const alternate = { alternateSetting: 0, interfaceClass: 7, endpoints };
    const device = {
      vendorId: 0x04b8,
      productId: 0x0e15,
      manufacturerName: 'EPSON',
      productName: 'TM-T20II',
      serialNumber: 'E2E-0001',
      opened: false,
      configuration: null as null | {
        configurationValue: number;
        interfaces: { interfaceNumber: number; claimed: boolean; alternate: typeof alternate }[];
      },
      async open() {
        await later();
        record.calls.push('open');
        this.opened = true;
      },
      async selectConfiguration(value: number) {
        await later();
        if (!this.opened) throw fail('The device must be opened first.');
        record.calls.push('selectConfiguration');
        this.configuration = {
          configurationValue: value,
          interfaces: [{ interfaceNumber: 0, claimed: false, alternate }],
        };
      },
      async claimInterface(number: number) {
        await later();
        const iface = this.configuration?.interfaces.find((i) => i.interfaceNumber === number);
        if (!this.opened || !iface) throw fail('No such interface, or the device is not open.');
        record.calls.push('claimInterface');
        iface.claimed = true;
      },
      async reset() {
        await later();
        if (!this.opened) throw fail('The device must be opened first.');
        record.calls.push('reset');
      },
      async transferOut(endpointNumber: number, data: BufferSource) {
        await later();
        const claimed = this.configuration?.interfaces.some((i) => i.claimed);
        if (!this.opened || !claimed || endpointNumber !== 1) throw fail('The interface is not claimed.');
        const bytes =
          data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        record.calls.push('transferOut');
        record.transfers.push(Array.from(bytes));
        return { status: 'ok', bytesWritten: bytes.length };
      },
      async close() {
        await later();
        record.calls.push('close');
        this.opened = false;
        for (const iface of this.configuration?.interfaces ?? []) iface.claimed = false;
      },
    };
    const usb = Object.assign(new EventTarget(), {
      onconnect: null,
      ondisconnect: null,
      async getDevices() {
        await later();
        return [device];
      },
      async requestDevice() {
        await later();
        return device;
      },
    });
    Object.defineProperty(navigator, 'usb', { value: usb, configurable: true });
    Object.defineProperty(window, '__fakeUsb', { value: record });
  });
}

/** What the fake printer received so far; `clear` empties it for the next job. */
export async function usbRecord(page: Page, { clear = false } = {}): Promise<FakeUsbRecord> {
  return page.evaluate((clearAfter) => {
    const record = (window as unknown as { __fakeUsb: FakeUsbRecord }).__fakeUsb;
    const copy = { calls: [...record.calls], transfers: record.transfers.map((t) => [...t]) };
    if (clearAfter) {
      record.calls.length = 0;
      record.transfers.length = 0;
    }
    return copy;
  }, clear);
}

export type EscPosItem =
  | { kind: 'init' }
  | { kind: 'cut' }
  | { kind: 'pulse' }
  | { kind: 'line'; text: string }
  /** GS v 0: a raster image, `width` x `height` dots, `ink` of them black; `rows` its bits, one string of 0/1 a row. */
  | { kind: 'image'; width: number; height: number; ink: number; rows: string[] }
  /** GS k: a barcode of the printer's own (`symbology` is its m byte: 73 is Code 128), with its data. */
  | { kind: 'barcode'; symbology: number; data: string };

/** ESC and GS commands with one parameter byte that only set a mode (codepage, bold, alignment, size...). */
const ESC_ONE_BYTE = new Set([0x21, 0x2d, 0x33, 0x45, 0x47, 0x4a, 0x4d, 0x52, 0x61, 0x64, 0x74, 0x7b]);
const GS_ONE_BYTE = new Set([0x21, 0x42, 0x48, 0x66, 0x68, 0x77]);

/** GS v 0 m xL xH yL yH d1...dk: a raster image of (xL + 256 xH) bytes a row and (yL + 256 yH) rows. */
function rasterImage(bytes: readonly number[], at: number): { item: EscPosItem; next: number } {
  const [xL = 0, xH = 0, yL = 0, yH = 0] = bytes.slice(at + 4, at + 8);
  const rowBytes = xL + 256 * xH;
  const height = yL + 256 * yH;
  const data = bytes.slice(at + 8, at + 8 + rowBytes * height);
  if (data.length !== rowBytes * height) throw new Error(`A raster image at byte ${at} is cut short`);
  const rows = Array.from({ length: height }, (_, y) =>
    data
      .slice(y * rowBytes, (y + 1) * rowBytes)
      .map((b) => b.toString(2).padStart(8, '0'))
      .join(''),
  );
  const ink = rows.reduce((sum, row) => sum + row.replaceAll('0', '').length, 0);
  return { item: { kind: 'image', width: rowBytes * 8, height, ink, rows }, next: at + 8 + data.length };
}

/** GS k m: function A (m < 65) data up to a NUL, function B (m >= 65) a length byte then the data. */
function barcode(bytes: readonly number[], at: number): { item: EscPosItem; next: number } {
  const symbology = bytes[at + 2] as number;
  if (symbology >= 0x41) {
    const length = bytes[at + 3] as number;
    const data = String.fromCharCode(...bytes.slice(at + 4, at + 4 + length));
    return { item: { kind: 'barcode', symbology, data }, next: at + 4 + length };
  }
  const end = bytes.indexOf(0x00, at + 3);
  if (end < 0) throw new Error(`A barcode at byte ${at} has no end`);
  return {
    item: { kind: 'barcode', symbology, data: String.fromCharCode(...bytes.slice(at + 3, end)) },
    next: end + 1,
  };
}

/**
 * Decodes the ESC/POS bytes a receipt is made of: ESC @ (initialize), text lines (LF ends one, CR is
 * dropped; bytes as Latin-1), ESC p (drawer pulse), GS V (cut), GS v 0 (raster image), GS k (barcode);
 * mode commands (code page, alignment, the barcode's height, width and text) are skipped. An unknown
 * command throws, so nothing passes unread.
 */
export function decodeEscPos(bytes: readonly number[]): EscPosItem[] {
  const items: EscPosItem[] = [];
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const next = bytes[i + 1];
    if (b === 0x0a) {
      items.push({ kind: 'line', text });
      text = '';
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === 0x1b && next === 0x40) {
      items.push({ kind: 'init' });
      i += 2;
    } else if (b === 0x1b && next === 0x70) {
      items.push({ kind: 'pulse' }); // ESC p m t1 t2
      i += 5;
    } else if (b === 0x1b && next !== undefined && ESC_ONE_BYTE.has(next)) {
      i += 3;
    } else if (b === 0x1d && next === 0x56) {
      const mode = bytes[i + 2] as number;
      items.push({ kind: 'cut' }); // GS V m, with a feed byte for m = 65 / 66
      i += mode === 0x41 || mode === 0x42 ? 4 : 3;
    } else if (b === 0x1d && next === 0x76 && bytes[i + 2] === 0x30) {
      const { item, next: after } = rasterImage(bytes, i);
      items.push(item);
      i = after;
    } else if (b === 0x1d && next === 0x6b) {
      const { item, next: after } = barcode(bytes, i);
      items.push(item);
      i = after;
    } else if (b === 0x1d && next !== undefined && GS_ONE_BYTE.has(next)) {
      i += 3;
    } else if (b === 0x1c && next === 0x2e) {
      i += 2; // FS . (Kanji mode off)
    } else if (b < 0x20) {
      throw new Error(`Unknown ESC/POS command at byte ${i}: ${bytes.slice(i, i + 4).join(' ')}`);
    } else {
      text += String.fromCharCode(b);
      i += 1;
    }
  }
  if (text) items.push({ kind: 'line', text });
  return items;
}

/** The text lines of decoded ESC/POS. */
export const escPosLines = (items: EscPosItem[]) => items.flatMap((item) => (item.kind === 'line' ? [item.text] : []));

/** The position of the first item of a kind (-1 when absent). */
export const escPosIndex = (items: EscPosItem[], kind: EscPosItem['kind']) => items.findIndex((i) => i.kind === kind);
