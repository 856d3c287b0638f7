import { type ReceiptData, receiptLines } from '@pos/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeReceipt } from '../src/lib/printing/encode';
import {
  openCashDrawer,
  POPUP_CLOSE_DELAY_MS,
  PrintError,
  printReceipt,
  printTestReceipt,
  USB_CONNECT_TIMEOUT_MS,
  USB_SETTLE_MS,
} from '../src/lib/printing/print';
import { saleReceiptData, testReceiptData } from '../src/lib/printing/receipt-data';

const usbPrinter = vi.hoisted(() => ({
  reconnect: vi.fn(),
  print: vi.fn(),
  disconnect: vi.fn(),
  listeners: new Map<string, (device: unknown) => void>(),
  /** false: the device opens but is no receipt printer the library knows, so it never says 'connected'. */
  announces: true,
}));

// The library's own module is browser-only; its loader is replaced by a fake printer that announces
// 'connected' as the library does: on a later task (setTimeout 0), after reconnect() has resolved.
vi.mock('../src/lib/printing/webusb-loader', () => ({
  default: class {
    addEventListener(event: string, listener: (device: unknown) => void) {
      usbPrinter.listeners.set(event, listener);
    }
    async reconnect(device: unknown) {
      usbPrinter.reconnect(device);
      const listener = usbPrinter.listeners.get('connected');
      if (usbPrinter.announces) setTimeout(() => listener?.({ type: 'usb', language: 'esc-pos' }), 0);
    }
    async print(data: Uint8Array) {
      usbPrinter.print(data);
    }
    async disconnect() {
      usbPrinter.disconnect();
    }
  },
}));

const data: ReceiptData = {
  company: { name: 'Demo Mart', address: 'Mall Road, Lahore', phone: '042-111-222' },
  branchName: 'Main Branch',
  receiptNumber: 'RCP-000042',
  date: new Date(2025, 0, 15, 14, 30),
  cashierName: 'Cashier One',
  customerName: null,
  paymentMethod: 'cash',
  items: [
    { name: 'Cola 1.5L', quantity: 2, unitPrice: 180, subtotal: 360 },
    { name: 'A product with a very long name', quantity: 1, unitPrice: 90, subtotal: 90 },
  ],
  subtotal: 450,
  discountAmount: 0,
  taxRate: 10,
  taxAmount: 45,
  serviceFee: 0,
  total: 495,
  amountPaid: 500,
  changeAmount: 5,
};

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const indexOfSequence = (bytes: Uint8Array, sequence: number[]) =>
  latin1(bytes).indexOf(String.fromCharCode(...sequence));

describe('encodeReceipt', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await encodeReceipt(data);
  });

  it('starts with ESC @ (initialize)', () => {
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(bytes.slice(0, 2))).toEqual([0x1b, 0x40]);
  });

  it('carries every 48-column line of the shared layout, in order', () => {
    const text = latin1(bytes);
    let from = 0;
    for (const line of receiptLines(data)) {
      const at = text.indexOf(line.trimEnd(), from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at + line.trimEnd().length;
    }
    expect(text).toContain('A product with a ...');
    expect(text).toContain('Items may be returned within 30 days');
  });

  it('ends with the cut (GS V) and no drawer kick unless asked', () => {
    const lastText = latin1(bytes).lastIndexOf('Thank you');
    expect(indexOfSequence(bytes, [0x1b, 0x70])).toBe(-1);
    expect(indexOfSequence(bytes, [0x1d, 0x56])).toBeGreaterThan(lastText);
  });

  it('with openDrawer, the drawer kick (ESC p) comes after the text and before the cut', async () => {
    const cash = await encodeReceipt(data, { openDrawer: true });
    const lastText = latin1(cash).lastIndexOf('Thank you');
    const kick = indexOfSequence(cash, [0x1b, 0x70]);
    const cut = indexOfSequence(cash, [0x1d, 0x56]);
    expect(kick).toBeGreaterThan(lastText);
    expect(cut).toBeGreaterThan(kick);
  });
});

type PopupStub = {
  document: Document;
  print: ReturnType<typeof vi.fn>;
  close: ReturnType<typeof vi.fn>;
  focus: () => void;
};

function popupStub(): PopupStub {
  return {
    document: document.implementation.createHTMLDocument(''),
    print: vi.fn(),
    close: vi.fn(),
    focus: () => {},
  };
}

describe('printReceipt: the printer order', () => {
  let open: ReturnType<typeof vi.fn>;
  let popup: PopupStub;

  beforeEach(() => {
    vi.useFakeTimers();
    popup = popupStub();
    open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    usbPrinter.reconnect.mockClear();
    usbPrinter.print.mockClear();
    usbPrinter.disconnect.mockClear();
    usbPrinter.announces = true;
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.posDesktop;
    Reflect.deleteProperty(navigator, 'usb');
  });

  it('uses the desktop wrapper first, with the ESC/POS bytes and the data; nothing else', async () => {
    const print = vi.fn(async () => true);
    window.posDesktop = { print };
    const getDevices = vi.fn(async () => [{ vendorId: 1, productId: 2 }]);
    Object.defineProperty(navigator, 'usb', { value: { getDevices }, configurable: true });

    await expect(printReceipt(data)).resolves.toBe('desktop');
    expect(print).toHaveBeenCalledTimes(1);
    const [bytes, sent] = print.mock.calls[0] as unknown as [Uint8Array, ReceiptData];
    expect(Array.from(bytes)).toEqual(Array.from(await encodeReceipt(data)));
    expect(sent).toBe(data);
    expect(getDevices).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('falls back to the HTML popup: a monospace <pre> of the lines, printed, closed after 500 ms', async () => {
    await expect(printReceipt(data)).resolves.toBe('popup');
    expect(open).toHaveBeenCalledTimes(1);
    const pre = popup.document.querySelector('pre');
    expect(pre?.textContent).toBe(receiptLines(data).join('\n'));
    expect(popup.document.head.textContent).toContain('monospace');
    expect(popup.document.title).toBe('Receipt RCP-000042');
    // Under the lines, the receipt number as a Code 128 SVG.
    const barcode = popup.document.querySelector('[role="img"]');
    expect(barcode?.getAttribute('aria-label')).toBe('Barcode RCP-000042');
    expect(barcode?.querySelector('svg')).not.toBeNull();
    expect(popup.print).toHaveBeenCalledTimes(1);
    expect(popup.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(POPUP_CLOSE_DELAY_MS - 1);
    expect(popup.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(popup.close).toHaveBeenCalledTimes(1);
  });

  it("the HTML receipt shows FBR's invoice number in its lines and as a QR code under the barcode", async () => {
    const fiscal = { ...data, serviceFee: 1, total: data.total + 1, fiscal: { number: '700125112915443200001' } };
    await expect(printReceipt(fiscal)).resolves.toBe('popup');
    expect(popup.document.querySelector('pre')?.textContent).toContain('FBR Invoice No:');
    expect(popup.document.querySelector('pre')?.textContent).toMatch(/POS service fee \(FBR\): +1\.00/);
    const figures = [...popup.document.querySelectorAll('[role="img"]')];
    expect(figures.map((f) => f.getAttribute('aria-label'))).toEqual([
      'Barcode RCP-000042',
      'QR code of FBR invoice 700125112915443200001',
    ]);
    expect(figures[1]?.querySelector('svg')).not.toBeNull();
  });

  it('falls back to the popup when the desktop wrapper fails', async () => {
    window.posDesktop = {
      print: vi.fn(async () => {
        throw new Error('printer offline');
      }),
    };
    await expect(printReceipt(data)).resolves.toBe('popup');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('uses a paired USB printer before the popup, then waits 100 ms', async () => {
    const getDevices = vi.fn(async () => [{ vendorId: 0x04b8, productId: 0x0202, serialNumber: 'X1' }]);
    Object.defineProperty(navigator, 'usb', { value: { getDevices }, configurable: true });
    const printing = printReceipt(data);
    await vi.advanceTimersByTimeAsync(99);
    expect(usbPrinter.print).toHaveBeenCalledTimes(1);
    expect(usbPrinter.disconnect).not.toHaveBeenCalled(); // still inside the 100 ms after the transfer
    await vi.advanceTimersByTimeAsync(1);
    await expect(printing).resolves.toBe('usb');
    expect(usbPrinter.reconnect).toHaveBeenCalledWith({ vendorId: 0x04b8, productId: 0x0202, serialNumber: 'X1' });
    expect(Array.from(usbPrinter.print.mock.calls[0]?.[0] as Uint8Array)).toEqual(
      Array.from(await encodeReceipt(data)),
    );
    expect(usbPrinter.disconnect).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('sends the drawer kick over USB only when asked (a cash sale)', async () => {
    const getDevices = vi.fn(async () => [{ vendorId: 0x04b8, productId: 0x0202, serialNumber: 'X1' }]);
    Object.defineProperty(navigator, 'usb', { value: { getDevices }, configurable: true });
    const printing = printReceipt(data, { openDrawer: true });
    await vi.advanceTimersByTimeAsync(USB_SETTLE_MS);
    await expect(printing).resolves.toBe('usb');
    const sent = usbPrinter.print.mock.calls[0]?.[0] as Uint8Array;
    expect(indexOfSequence(sent, [0x1b, 0x70])).toBeGreaterThan(0);
  });

  it('a device that never announces itself as a printer is closed again; the popup prints', async () => {
    const getDevices = vi.fn(async () => [{ vendorId: 0x1234, productId: 0x0001, serialNumber: null }]);
    Object.defineProperty(navigator, 'usb', { value: { getDevices }, configurable: true });
    usbPrinter.announces = false;
    const printing = printReceipt(data);
    await vi.advanceTimersByTimeAsync(USB_CONNECT_TIMEOUT_MS);
    await expect(printing).resolves.toBe('popup');
    expect(usbPrinter.reconnect).toHaveBeenCalledWith(expect.objectContaining({ vendorId: 0x1234 }));
    expect(usbPrinter.print).not.toHaveBeenCalled();
    expect(usbPrinter.disconnect).toHaveBeenCalledTimes(1);
  });

  it('skips WebUSB when nothing is paired', async () => {
    Object.defineProperty(navigator, 'usb', { value: { getDevices: async () => [] }, configurable: true });
    await expect(printReceipt(data)).resolves.toBe('popup');
    expect(usbPrinter.reconnect).not.toHaveBeenCalled();
  });

  it('fails with a PrintError when every way fails (popup blocked)', async () => {
    open.mockReturnValue(null);
    await expect(printReceipt(data)).rejects.toBeInstanceOf(PrintError);
  });

  it('prints a test receipt with sample values', async () => {
    await expect(printTestReceipt({ name: 'Demo Mart' })).resolves.toBe('popup');
    const text = popup.document.querySelector('pre')?.textContent ?? '';
    expect(text).toContain('Demo Mart');
    expect(text).toContain('TEST-000000');
    expect(text).toContain('Sample Item');
  });

  it('the test receipt over USB leaves the drawer shut; openCashDrawer sends the kick alone', async () => {
    const getDevices = vi.fn(async () => [{ vendorId: 0x04b8, productId: 0x0202, serialNumber: 'X1' }]);
    Object.defineProperty(navigator, 'usb', { value: { getDevices }, configurable: true });
    const testing = printTestReceipt({ name: 'Demo Mart' });
    await vi.advanceTimersByTimeAsync(USB_SETTLE_MS);
    await expect(testing).resolves.toBe('usb');
    const test = usbPrinter.print.mock.calls[0]?.[0] as Uint8Array;
    expect(latin1(test)).toContain('TEST-000000');
    expect(indexOfSequence(test, [0x1b, 0x70])).toBe(-1);

    const kicking = openCashDrawer();
    await vi.advanceTimersByTimeAsync(USB_SETTLE_MS);
    await expect(kicking).resolves.toBe(true);
    const kick = usbPrinter.print.mock.calls[1]?.[0] as Uint8Array;
    expect(Array.from(kick.slice(0, 2))).toEqual([0x1b, 0x40]);
    expect(indexOfSequence(kick, [0x1b, 0x70])).toBeGreaterThan(0);
    expect(usbPrinter.disconnect).toHaveBeenCalledTimes(2);
  });
});

describe('receipt data', () => {
  it('without company data, the placeholders stand in', () => {
    const lines = receiptLines(testReceiptData(null)).join('\n');
    expect(lines).toContain('Your Store Name');
    expect(lines).toContain('Store Address');
    expect(lines).toContain('Phone Number');
  });

  it('a discounted, taxed sale prints its discount amount (not the percent) and its total (not the subtotal)', async () => {
    // 180 x 2 + 70.25 x 3 = 570.75; 10 % off = 57.08; 10 % tax on 513.67 = 51.37; total 565.04.
    const receipt = saleReceiptData({
      id: 's2',
      receiptNumber: 'RCP-000008',
      transactionDate: '2025-01-15T09:30:00.000Z',
      cashierName: 'Cashier One',
      customer: null,
      paymentMethod: 'cash',
      status: 'completed',
      subtotal: 570.75,
      discountType: 'percentage',
      discountValue: 10,
      discountAmount: 57.08,
      taxRate: 10,
      taxAmount: 51.37,
      serviceFee: 0,
      total: 565.04,
      amountPaid: 600,
      changeAmount: 34.96,
      tenders: [{ method: 'cash', amount: 565.04 }],
      refunded: [],
      sold_at: '2024-03-05T10:15:00.000Z',
      register_id: null,
      register_code: null,
      shift_id: null,
      offline: false,
      flags: [],
      branch: { id: 'b1', name: 'Main Branch' },
      items: [
        {
          id: 'i1',
          productId: 'p1',
          productName: 'Cola 1.5L',
          productSku: null,
          quantity: 2,
          unit: 'piece',
          unitPrice: 180,
          subtotal: 360,
          taxRate: 10,
          taxIncluded: false,
          returnedQuantity: 0,
          flags: [],
        },
        {
          id: 'i2',
          productId: 'p2',
          productName: 'Tea 200g',
          productSku: null,
          quantity: 3,
          unit: 'piece',
          unitPrice: 70.25,
          subtotal: 210.75,
          taxRate: 10,
          taxIncluded: false,
          returnedQuantity: 0,
          flags: [],
        },
      ],
    });
    const lines = receiptLines(receipt);
    const line = (label: string) => lines.find((l) => l.startsWith(label)) ?? '';
    expect(line('Subtotal:')).toMatch(/\s570\.75$/);
    expect(line('Discount:')).toMatch(/\s-57\.08$/);
    expect(line('Tax (10%):')).toMatch(/\s51\.37$/);
    expect(line('TOTAL:')).toMatch(/\s(PKR )?565\.04$/);
    expect(line('Change:')).toMatch(/\s34\.96$/);
    // The same lines go to the printer's bytes.
    const bytes = new TextDecoder().decode(await encodeReceipt(receipt));
    expect(bytes).toContain(line('TOTAL:'));
    expect(bytes).toContain(line('Discount:'));
  });

  it('maps a sale as the server answers it', () => {
    const receipt = saleReceiptData(
      {
        id: 's1',
        receiptNumber: 'RCP-000007',
        transactionDate: '2025-01-15T09:30:00.000Z',
        cashierName: 'Cashier One',
        customer: { id: 'c1', name: 'Ayesha' },
        paymentMethod: 'card',
        status: 'completed',
        subtotal: 180,
        discountType: 'percentage',
        discountValue: 0,
        discountAmount: 0,
        taxRate: 0,
        taxAmount: 0,
        serviceFee: 0,
        total: 180,
        amountPaid: 180,
        changeAmount: 0,
        tenders: [{ method: 'card', amount: 180 }],
        refunded: [],
        sold_at: '2024-03-05T10:15:00.000Z',
        register_id: null,
        register_code: null,
        shift_id: null,
        offline: false,
        flags: [],
        branch: { id: 'b1', name: 'Main Branch' },
        items: [
          {
            id: 'i1',
            productId: 'p1',
            productName: 'Cola 1.5L',
            productSku: 'BEV-COLA-15',
            quantity: 1,
            unit: 'piece',
            unitPrice: 180,
            subtotal: 180,
            taxRate: 0,
            taxIncluded: false,
            returnedQuantity: 0,
            flags: [],
          },
        ],
      },
      { name: 'Demo Mart', address: 'Mall Road', phone: '042-1' },
    );
    expect(receipt).toMatchObject({
      receiptNumber: 'RCP-000007',
      branchName: 'Main Branch',
      customerName: 'Ayesha',
      paymentMethod: 'card',
      items: [{ name: 'Cola 1.5L', quantity: 1, unitPrice: 180, subtotal: 180 }],
      company: { name: 'Demo Mart', address: 'Mall Road', phone: '042-1' },
    });
  });

  it('a mixed sale prints each tender, on paper (ESC/POS) as in the popup', async () => {
    // 85.00 paid 30.00 by card and 60.00 in cash (55.00 of the total, 5.00 change).
    const receipt = saleReceiptData({
      id: 's3',
      receiptNumber: 'RCP-000009',
      transactionDate: '2025-01-15T09:30:00.000Z',
      cashierName: 'Cashier One',
      customer: null,
      paymentMethod: 'mixed',
      status: 'completed',
      subtotal: 85,
      discountType: 'percentage',
      discountValue: 0,
      discountAmount: 0,
      taxRate: 0,
      taxAmount: 0,
      serviceFee: 0,
      total: 85,
      amountPaid: 90,
      changeAmount: 5,
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 55 },
      ],
      refunded: [],
      sold_at: '2025-01-15T09:30:00.000Z',
      register_id: null,
      register_code: null,
      shift_id: null,
      offline: false,
      flags: [],
      branch: { id: 'b1', name: 'Main Branch' },
      items: [],
    });
    expect(receipt).toMatchObject({ paymentMethod: 'mixed', amountPaid: 90, changeAmount: 5 });
    const lines = receiptLines(receipt);
    const rows = ['Payment:', '  Card', '  Cash', 'Paid:', 'Change:'].map(
      (label) => lines.find((l) => l.startsWith(`${label} `)) ?? '',
    );
    expect(rows.map((row) => row.split(/\s{2,}/).pop())).toEqual(['Mixed', '30.00', '55.00', '90.00', '5.00']);
    // The printer's bytes carry the same rows, in that order.
    const bytes = new TextDecoder().decode(await encodeReceipt(receipt));
    const at = rows.map((row) => bytes.indexOf(row));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
