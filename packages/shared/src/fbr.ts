import { z } from 'zod';
import { PCT_CODE_RE } from './tax-classes';

/**
 * FBR's invoice as a POS fiscal component sends it (the "Technical Specification for Data Sharing through
 * Software Fiscal Component", as public integrations send it): a JSON POST per invoice with the POS's Bearer
 * token; success is `Code: "100"` with FBR's `InvoiceNumber`. Our fiscal outbox builds it
 * (apps/server/src/features/fiscal) and the simulator (`npm run fbr-sim`) checks it with this same schema.
 * Amounts are rupees with at most 2 decimals; quantities at most 3.
 */

/** FBR's PaymentMode: 1 cash, 2 card, 3 gift voucher, 4 loyalty, 5 mixed, 6 cheque. */
export const FBR_PAYMENT_MODES = { cash: 1, card: 2, voucher: 3, loyalty: 4, mixed: 5, cheque: 6 } as const;
/** FBR's InvoiceType: 1 a new sale, 3 a return (debit note) naming the original by RefUSIN. */
export const FBR_INVOICE_TYPES = { sale: 1, return: 3 } as const;
/** FBR's answer code for an invoice it accepted (and numbered). */
export const FBR_CODE_OK = '100';

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite()
    .min(0, `${label} must be 0 or more`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} must have at most 2 decimals`);
const quantity = z
  .number({ error: 'Quantity must be a number' })
  .finite()
  .positive('Quantity must be above 0')
  .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, 'Quantity must have at most 3 decimals');
const text = (label: string, max: number) => z.string({ error: `${label} is required` }).max(max);

export const fbrItemSchema = z.object({
  ItemCode: text('ItemCode', 50).min(1, 'ItemCode is required'),
  ItemName: text('ItemName', 150).min(1, 'ItemName is required'),
  Quantity: quantity,
  PCTCode: z.string().regex(PCT_CODE_RE, 'PCTCode must be 8 digits written as 0401.1000'),
  TaxRate: cents('TaxRate').max(100, 'TaxRate must be at most 100'),
  /** The line's value before tax, after its discount. */
  SaleValue: cents('SaleValue'),
  /** SaleValue + TaxCharged + FurtherTax. */
  TotalAmount: cents('TotalAmount'),
  TaxCharged: cents('TaxCharged'),
  Discount: cents('Discount'),
  FurtherTax: cents('FurtherTax'),
  InvoiceType: z.union([z.literal(FBR_INVOICE_TYPES.sale), z.literal(FBR_INVOICE_TYPES.return)]),
  RefUSIN: z.string().max(50).nullable(),
});
export type FbrItem = z.infer<typeof fbrItemSchema>;

export const fbrInvoiceSchema = z
  .object({
    /** Empty: FBR numbers it. */
    InvoiceNumber: z.literal(''),
    POSID: z.number().int().positive('POSID is required'),
    /** Our document number (the receipt or return number): unique per POS, the key FBR answers once by. */
    USIN: text('USIN', 50).min(1, 'USIN is required'),
    /** yyyy-MM-dd HH:mm:ss in Pakistan time. */
    DateTime: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'DateTime must be yyyy-MM-dd HH:mm:ss'),
    BuyerNTN: z.string().max(20).nullable(),
    BuyerCNIC: z.string().max(20).nullable(),
    BuyerName: z.string().max(100).nullable(),
    BuyerPhoneNumber: z.string().max(30).nullable(),
    /** What the buyer pays: TotalSaleValue + TotalTaxCharged + FurtherTax (the discount is inside the sale value). */
    TotalBillAmount: cents('TotalBillAmount'),
    TotalQuantity: quantity,
    TotalSaleValue: cents('TotalSaleValue'),
    TotalTaxCharged: cents('TotalTaxCharged'),
    Discount: cents('Discount'),
    FurtherTax: cents('FurtherTax'),
    PaymentMode: z.number().int().min(1).max(6),
    RefUSIN: z.string().max(50).nullable(),
    InvoiceType: z.union([z.literal(FBR_INVOICE_TYPES.sale), z.literal(FBR_INVOICE_TYPES.return)]),
    Items: z.array(fbrItemSchema).min(1, 'Items must not be empty'),
  })
  .superRefine((inv, ctx) => {
    const sum = (pick: (i: FbrItem) => number, digits: number) =>
      inv.Items.reduce((n, i) => n + Math.round(pick(i) * 10 ** digits), 0);
    const same = (field: keyof typeof inv, total: number, digits = 2) => {
      if (Math.round((inv[field] as number) * 10 ** digits) !== total) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} must equal the sum of its items` });
      }
    };
    same(
      'TotalSaleValue',
      sum((i) => i.SaleValue, 2),
    );
    same(
      'TotalTaxCharged',
      sum((i) => i.TaxCharged, 2),
    );
    same(
      'Discount',
      sum((i) => i.Discount, 2),
    );
    same(
      'FurtherTax',
      sum((i) => i.FurtherTax, 2),
    );
    same(
      'TotalQuantity',
      sum((i) => i.Quantity, 3),
      3,
    );
    const bill = Math.round(inv.TotalSaleValue * 100) + Math.round(inv.TotalTaxCharged * 100);
    if (Math.round(inv.TotalBillAmount * 100) !== bill + Math.round(inv.FurtherTax * 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TotalBillAmount'],
        message: 'TotalBillAmount must equal TotalSaleValue + TotalTaxCharged + FurtherTax',
      });
    }
    inv.Items.forEach((item, index) => {
      const line = Math.round(item.SaleValue * 100) + Math.round(item.TaxCharged * 100);
      if (Math.round(item.TotalAmount * 100) !== line + Math.round(item.FurtherTax * 100)) {
        ctx.addIssue({
          code: 'custom',
          path: ['Items', index, 'TotalAmount'],
          message: 'TotalAmount must equal SaleValue + TaxCharged + FurtherTax',
        });
      }
      if (item.InvoiceType !== inv.InvoiceType) {
        ctx.addIssue({
          code: 'custom',
          path: ['Items', index, 'InvoiceType'],
          message: 'InvoiceType must be the invoice’s',
        });
      }
    });
    if (inv.InvoiceType === FBR_INVOICE_TYPES.return && !inv.RefUSIN) {
      ctx.addIssue({ code: 'custom', path: ['RefUSIN'], message: 'A return needs RefUSIN (the original invoice)' });
    }
  });
export type FbrInvoice = z.infer<typeof fbrInvoiceSchema>;

/** FBR's answer. */
export const fbrResponseSchema = z.object({
  InvoiceNumber: z.string().nullable(),
  Code: z.string(),
  Response: z.string(),
  Errors: z.string().nullable(),
});
export type FbrResponse = z.infer<typeof fbrResponseSchema>;
