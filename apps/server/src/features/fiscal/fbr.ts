import {
  FBR_CODE_OK,
  FBR_INVOICE_TYPES,
  FBR_PAYMENT_MODES,
  type FbrInvoice,
  fbrResponseSchema,
  fromMinor,
} from '@pos/shared';
import { isoInZone } from '../../lib/export-columns';
import type { FiscalImplementation, FiscalOutcome, FiscalSource } from './fiscal-provider';

/**
 * FBR's PaymentMode of how a document was paid or refunded. FBR has no mode for store credit, a customer's
 * account or goods taken back in exchange: store credit is stored value like a gift voucher (3); an account,
 * an exchange and several ways at once are 'mixed' (5).
 */
export function fbrPaymentMode(paidBy: string): number {
  switch (paidBy) {
    case 'cash':
      return FBR_PAYMENT_MODES.cash;
    case 'card':
    case 'card_refund':
      return FBR_PAYMENT_MODES.card;
    case 'voucher':
    case 'store_credit':
      return FBR_PAYMENT_MODES.voucher;
    default:
      return FBR_PAYMENT_MODES.mixed;
  }
}

/** The invoice FBR's fiscal component expects (packages/shared fbr.ts), totals the sums of the lines to the cent. */
export function buildFbrInvoice(source: FiscalSource, posId: number): FbrInvoice {
  const type = source.kind === 'sale' ? FBR_INVOICE_TYPES.sale : FBR_INVOICE_TYPES.return;
  const items = source.lines.map((line) => ({
    ItemCode: line.code,
    ItemName: line.name.slice(0, 150),
    Quantity: line.quantity,
    PCTCode: line.pctCode,
    TaxRate: line.taxRate,
    SaleValue: fromMinor(line.value),
    TotalAmount: fromMinor(line.value + line.tax),
    TaxCharged: fromMinor(line.tax),
    Discount: fromMinor(line.discount),
    FurtherTax: 0,
    InvoiceType: type,
    RefUSIN: source.refUsin,
  }));
  const sum = (pick: (l: FiscalSource['lines'][number]) => number) =>
    source.lines.reduce((n, line) => n + pick(line), 0);
  const quantityMilli = source.lines.reduce((n, line) => n + Math.round(line.quantity * 1000), 0);
  return {
    InvoiceNumber: '',
    POSID: posId,
    USIN: source.usin,
    DateTime: isoInZone(source.at, source.timezone).slice(0, 19).replace('T', ' '),
    BuyerNTN: null,
    BuyerCNIC: null,
    BuyerName: source.buyer?.name ?? null,
    BuyerPhoneNumber: source.buyer?.phone ?? null,
    TotalBillAmount: fromMinor(sum((l) => l.value + l.tax)),
    TotalQuantity: quantityMilli / 1000,
    TotalSaleValue: fromMinor(sum((l) => l.value)),
    TotalTaxCharged: fromMinor(sum((l) => l.tax)),
    Discount: fromMinor(sum((l) => l.discount)),
    FurtherTax: 0,
    PaymentMode: fbrPaymentMode(source.paidBy),
    RefUSIN: source.refUsin,
    InvoiceType: type,
    Items: items,
  };
}

/** FBR's answer to a USIN it numbered before: the same number again (a resend after a lost answer). */
const isRepeat = (response: string) => /already/i.test(response);

/** FBR over HTTPS: a JSON POST with the POS's Bearer token; `Code: "100"` with an InvoiceNumber is success. */
export const fbrProvider: FiscalImplementation = {
  async send(source, target): Promise<FiscalOutcome> {
    const invoice = buildFbrInvoice(source, target.posId);
    let res: Response;
    try {
      res = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
        body: JSON.stringify(invoice),
        signal: AbortSignal.timeout(target.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        outcome: 'error',
        message: timedOut ? 'No answer in time' : `Not reached: ${String(error)}`,
        httpStatus: null,
      };
    }
    if (res.status >= 500 || res.status === 429 || res.status === 408) {
      return { outcome: 'error', message: `FBR answered ${res.status}`, httpStatus: res.status };
    }
    const parsed = fbrResponseSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) {
      return { outcome: 'error', message: `FBR answered ${res.status} with no readable body`, httpStatus: res.status };
    }
    const answer = parsed.data;
    if (res.ok && answer.Code === FBR_CODE_OK && answer.InvoiceNumber) {
      return {
        outcome: isRepeat(answer.Response) ? 'duplicate' : 'ok',
        number: answer.InvoiceNumber,
        code: answer.Code,
        message: answer.Response,
        httpStatus: res.status,
      };
    }
    return {
      outcome: 'refused',
      code: answer.Code,
      message: [answer.Response, answer.Errors].filter(Boolean).join(': ') || `FBR answered ${res.status}`,
      httpStatus: res.status,
    };
  },
};
