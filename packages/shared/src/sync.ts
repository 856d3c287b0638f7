import { z } from 'zod';
import { registerRulesSchema } from './approvals';
import { envelope, idSchema, moneySchema, paged, stockLevelSchema } from './common';
import { UNITS } from './units';

/**
 * Catalogue, customer and gift voucher sync for offline registers (docs/architecture/offline.md, 'Registers and
 * offline sales'). A sync without a cursor loads the whole branch (the company's vouchers) in pages; the last
 * page's `nextCursor` starts the next (delta) sync. Cursors are opaque.
 */

export const SYNC_MSG = {
  invalidCursor: 'Invalid sync cursor: start a full sync without one',
} as const;

export const SYNC_LIMIT_MAX = 5000;

export const syncQuerySchema = z.object({
  branchId: idSchema,
  cursor: z.string().max(300, SYNC_MSG.invalidCursor).optional(),
  limit: z.coerce.number().int().min(1).max(SYNC_LIMIT_MAX, `Limit must be at most ${SYNC_LIMIT_MAX}`).default(1000),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

/** A product as the register keeps it (no cost, ever). */
export const syncProductSchema = z.object({
  id: z.string(),
  deleted: z.literal(false),
  name: z.string(),
  sku: z.string().nullable(),
  /** The variant's barcodes: a scan finds the product by any of them, or by its SKU. */
  barcodes: z.array(z.string()),
  price: z.number(),
  stockQuantity: stockLevelSchema,
  lowStockThreshold: z.number(),
  /** The item's unit: a weighed one (kg) takes decimal quantities and scale labels. */
  unit: z.enum(UNITS),
  /** The rate of its item's tax class (percent), null: the branch's rate. A sale line sends it back. */
  taxRate: z.number().nullable(),
  /** The rate is inside the price (a retail-price class); a sale line sends it back too. */
  taxIncluded: z.boolean(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  brandId: z.string().nullable(),
  brandName: z.string().nullable(),
});
export type SyncProduct = z.infer<typeof syncProductSchema>;

/** A product deleted since the cursor: the register drops it. */
export const syncTombstoneSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type SyncTombstone = z.infer<typeof syncTombstoneSchema>;

export const syncBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  taxRate: z.number(),
  currency: z.string(),
  timezone: z.string(),
  /** The company's scale-label prefix (parseScaleLabel), null when its scales print none. */
  scaleWeightPrefix: z.string().nullable(),
  /** The branch reports its sales to a tax authority: receipts carry its invoice number (or 'pending'). */
  fiscal: z.boolean(),
  /** FBR's POS service fee every sale of the branch charges on top (0: none): the sale's `service_fee`. */
  serviceFee: z.number(),
});

export const catalogueSyncSchema = z.object({
  products: z.array(z.union([syncProductSchema, syncTombstoneSchema])),
  nextCursor: z.string(),
  hasMore: z.boolean(),
  branch: syncBranchSchema,
  rules: registerRulesSchema,
});
export type CatalogueSync = z.infer<typeof catalogueSyncSchema>;

export const syncCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Store credit as the server knew it: what an offline register lets the customer spend. */
  creditBalance: moneySchema,
  /** What they owe on account and their credit limit, as the server knew them (an offline register's limit). */
  accountBalance: moneySchema,
  creditLimit: moneySchema,
});
export type SyncCustomer = z.infer<typeof syncCustomerSchema>;

export const customerSyncSchema = z.object({
  customers: z.array(syncCustomerSchema),
  nextCursor: z.string(),
  hasMore: z.boolean(),
});
export type CustomerSync = z.infer<typeof customerSyncSchema>;

/**
 * A gift voucher as an offline register keeps it (GET /sync/gift-vouchers, the company's vouchers): never its
 * code, a bearer's secret, but voucherCodeDigest of it, which a scanned code's digest finds.
 */
export const syncVoucherSchema = z.object({
  id: z.string(),
  /** voucherCodeDigest(code, companyId): lower-case hex. */
  digest: z.string(),
  /** Its balance as the server knew it (0 or below once spent): at most what an offline register lets it pay. */
  balance: moneySchema,
  /** The last day it can be spent (YYYY-MM-DD), or null: no expiry. */
  expiresOn: z.string().nullable(),
});
export type SyncVoucher = z.infer<typeof syncVoucherSchema>;

export const voucherSyncSchema = z.object({
  vouchers: z.array(syncVoucherSchema),
  nextCursor: z.string(),
  hasMore: z.boolean(),
});
export type VoucherSync = z.infer<typeof voucherSyncSchema>;

export const syncResponses = {
  catalogue: envelope(catalogueSyncSchema),
  customers: envelope(customerSyncSchema),
  vouchers: envelope(voucherSyncSchema),
};

// ---- live events (GET /api/events, server-sent events) ----------------------------------------

/** POST /events/ticket: a short-lived ticket for one branch's event stream (EventSource sends no headers). */
export const eventTicketRequestSchema = z.object({ branchId: idSchema });

export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.iso.datetime() });
export type EventTicket = z.infer<typeof eventTicketSchema>;

export const eventsQuerySchema = z.object({
  ticket: z.string({ error: 'Ticket is required' }).min(1, 'Ticket is required').max(2000),
  branchId: idSchema.optional(),
  /**
   * The last SSE id a register's earlier stream sent: this stream first sends what the branch's outbox holds
   * after it, or `resync` when it no longer covers it.
   */
  since: z.string().max(1000).optional(),
});

/** What the stream sends (event name: data). `resync`: too many changes at once, sync the catalogue. */
export type LiveEvent =
  | { type: 'stock'; data: { productId: string; stockQuantity: number } }
  | { type: 'product'; data: { id: string } }
  | { type: 'resync'; data: Record<string, never> };

export const eventResponses = {
  ticket: envelope(eventTicketSchema),
  /** text/event-stream: `event: stock|product|resync|ready`, `data: <json>`, heartbeat comments every 25 s. */
  stream: z.string(),
};

// ---- flagged sale lines (GET /api/inventory/flags) ----------------------------------------------

export const SALE_LINE_FLAGS = ['oversold', 'price_differs', 'tax_differs'] as const;
export type SaleLineFlag = (typeof SALE_LINE_FLAGS)[number];

export const inventoryFlagsQuerySchema = z.object({
  branchId: idSchema,
  flag: z.enum(SALE_LINE_FLAGS, { error: 'Flag must be oversold, price_differs or tax_differs' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** A line of an offline sale flagged for the manager: sold beyond stock, or at a price other than the server's. */
export const flaggedLineSchema = z.object({
  lineId: z.string(),
  saleId: z.string(),
  receiptNumber: z.string(),
  soldAt: z.iso.datetime(),
  productId: z.string(),
  productName: z.string(),
  productSku: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  flags: z.array(z.string()),
  cashierName: z.string().nullable(),
});
export type FlaggedLine = z.infer<typeof flaggedLineSchema>;

export const inventoryFlagsResponses = { list: paged(flaggedLineSchema) };
