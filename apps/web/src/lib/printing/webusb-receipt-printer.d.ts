// The package ships no types; this is the part of its API the register uses.
declare module '@point-of-sale/webusb-receipt-printer' {
  export type ConnectedPrinter = {
    type: 'usb';
    vendorId: number;
    productId: number;
    manufacturerName?: string;
    productName?: string;
    serialNumber?: string;
    language: string;
    codepageMapping: string;
    columns?: number;
  };

  export default class WebUSBReceiptPrinter {
    constructor(options?: Record<string, unknown>);
    connect(): Promise<void>;
    reconnect(device: { serialNumber?: string; vendorId: number; productId: number }): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array | number[]): Promise<void>;
    addEventListener(event: 'connected', listener: (device: ConnectedPrinter) => void): void;
    addEventListener(event: 'disconnected', listener: () => void): void;
  }
}
