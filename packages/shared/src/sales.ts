import { z } from 'zod';

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const amount = z.number().min(0).max(1_000_000_000).finite();

/** The sale payload of spec 02 section 3 (snake_case is the contract), plus an optional register-made id. */
export const createSaleSchema = z.object({
  id: z.string().uuid().optional(),
  branchId: z.string().uuid('Invalid branch'),
  items: z
    .array(
      z.object({
        product_id: z.string().uuid('Invalid product'),
        quantity: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(100_000),
        price: amount,
      }),
    )
    .min(1, 'The cart is empty')
    .max(500),
  subtotal: amount,
  tax: amount,
  tax_rate: z.number().min(0, 'Tax rate cannot be negative').max(100, 'Tax rate cannot exceed 100%'),
  discount_type: z.enum(['percentage', 'amount']),
  discount_value: amount,
  discount_amount: amount,
  total: amount,
  payment_method: z.enum(PAYMENT_METHODS),
  amount_paid: amount,
  change: amount,
  customer: z
    .object({
      name: z.string().trim().max(200).optional().nullable(),
      phone: z.string().trim().max(30).optional().nullable(),
      email: z.string().trim().max(200).optional().nullable(),
    })
    .optional()
    .nullable(),
});
export type CreateSaleInput = z.infer<typeof createSaleSchema>;

export type SaleItem = {
  id: string;
  productId: string;
  productName: string;
  productSku: string | null;
  quantity: number;
  unitPrice: number;
  subtotal: number;
  returnedQuantity: number;
};

export type Sale = {
  id: string;
  receiptNumber: string;
  transactionDate: string;
  cashierName: string | null;
  customer: { id: string; name: string; phone?: string | null } | null;
  paymentMethod: PaymentMethod;
  status: string;
  subtotal: number;
  discountType: 'percentage' | 'amount';
  discountValue: number;
  discountAmount: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  amountPaid: number;
  changeAmount: number;
  branch: { id: string; name: string };
  items: SaleItem[];
};
