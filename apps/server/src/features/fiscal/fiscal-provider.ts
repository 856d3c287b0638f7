/**
 * A document as every tax authority's implementation reads it: a completed sale, or a return naming the sale
 * it takes back (`refUsin`), its lines already split to the cent by the shared money module (goods less the
 * line's share of the discount, that share, the tax), the buyer when known and how it was paid.
 */
export type FiscalSource = {
  kind: 'sale' | 'return';
  /** Our document number: the receipt number of a sale, the return number of a return. */
  usin: string;
  refUsin: string | null;
  at: Date;
  timezone: string;
  buyer: { name: string | null; phone: string | null } | null;
  /** The sale's payment method, or how the return was refunded (several ways: 'mixed'). */
  paidBy: string;
  lines: {
    code: string;
    name: string;
    quantity: number;
    pctCode: string;
    taxRate: number;
    /** Minor units: goods after the line's discount, its discount, its tax. */
    value: number;
    discount: number;
    tax: number;
  }[];
};

/** Where and as whom a document is sent. */
export type FiscalTarget = { url: string; posId: number; token: string; timeoutMs: number };

/** What came back: numbered (first time, or again for a USIN sent before), refused with a reason, or no answer. */
export type FiscalOutcome =
  | { outcome: 'ok' | 'duplicate'; number: string; code: string; message: string; httpStatus: number }
  | { outcome: 'refused'; code: string | null; message: string; httpStatus: number | null }
  | { outcome: 'error'; message: string; httpStatus: number | null };

/** One tax authority: how a document is sent to it. Another authority (PRA, SRB, another country) is one more. */
export type FiscalImplementation = {
  send: (source: FiscalSource, target: FiscalTarget) => Promise<FiscalOutcome>;
};
