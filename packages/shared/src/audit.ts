import { z } from 'zod';
import { envelope, idSchema, instantSchema, paged, pageQuerySchema } from './common';

/**
 * The audit log (DESIGN.md section 10): every privileged action writes one append-only row
 * naming who did it, on whose approval, what changed (before/after), when, and at which register.
 * Every action name is listed here once; a row's `action` is one of them.
 */
export const AUDIT_ACTIONS = [
  // sessions
  'auth.sign_in',
  'auth.sign_in_failed',
  // companies, branches and settings
  'company.create',
  'company.currency',
  'company.scale_labels',
  'company.tax_registration',
  'branch.create',
  'settings.tax',
  'settings.register_rules',
  // users and roles
  'user.create',
  'user.update',
  'user.deactivate',
  'user.pin_set',
  'user.pin_locked',
  // manager approvals at the register (one-time grants)
  'approval.granted',
  // catalogue
  'product.create',
  'product.price_change',
  'product.delete',
  'category.delete',
  // the company's catalogue: items, variants, chain prices, listings
  'item.create',
  'item.update',
  'variant.update',
  'variant.price_change',
  'variant.chain_price_change',
  'barcode.add',
  'barcode.remove',
  'listing.create',
  'listing.update',
  'tax_class.create',
  'tax_class.update',
  'tax_class.archive',
  // the register: sales past a cashier's limits (approved by a manager, or offline facts)
  'sale.discount_override',
  'sale.price_override',
  'sale.zero_tax',
  'sale.account_over_limit',
  'sale.exception_resolved',
  // registers: a device confirmed by a manager signing in on it
  'register.trusted',
  // returns and stock
  'return.create',
  'exchange.create',
  'customer.credit_adjust',
  'customer.credit_limit',
  'customer.account_payment',
  'gift_voucher.sell',
  'stock.adjust',
  // fiscal reporting
  'fiscal.settings',
  'fiscal.register',
  'fiscal.resend',
  // shifts, transfers, purchases and counts (their features write them)
  'shift.open',
  'shift.close',
  'shift.cash_movement',
  'shift.no_sale',
  'transfer.create',
  'transfer.send',
  'transfer.receive',
  'transfer.close',
  'transfer.cancel',
  'stock.write_off',
  'purchase_order.receive',
  'stock_count.apply',
  // suppliers, purchase orders and counts (purchasing)
  'supplier.create',
  'supplier.update',
  'supplier.delete',
  'purchase_order.order',
  'purchase_order.cancel',
  'stock_count.start',
  'stock_count.cancel',
  // CSV import (features/import)
  'import.apply',
  'import.copy',
  'import.mapping',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the Audit Log screen names an action (an action without a label shows its name). */
export const AUDIT_ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'company.create': 'Company created',
  'company.currency': 'Currency changed',
  'company.scale_labels': 'Scale labels changed',
  'company.tax_registration': 'NTN / STRN changed',
  'branch.create': 'Branch created',
  'settings.tax': 'Tax rate changed',
  'settings.register_rules': 'Register rules changed',
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.deactivate': 'User deactivated',
  'user.pin_set': 'Approval PIN set',
  'user.pin_locked': 'Approval PIN locked',
  'approval.granted': 'Manager approval given',
  'product.create': 'Product created',
  'product.price_change': 'Price or cost changed',
  'product.delete': 'Product deleted',
  'category.delete': 'Category deleted',
  'item.create': 'Item created',
  'item.update': 'Item changed',
  'variant.update': 'Variant changed',
  'variant.price_change': 'Chain price changed',
  'variant.chain_price_change': 'Chain prices changed',
  'barcode.add': 'Barcode added',
  'barcode.remove': 'Barcode removed',
  'listing.create': 'Variant listed in a branch',
  'listing.update': 'Branch listing changed',
  'tax_class.create': 'Tax class added',
  'tax_class.update': 'Tax class changed',
  'tax_class.archive': 'Tax class archived',
  'sale.discount_override': 'Discount above the limit',
  'sale.price_override': 'Price changed at the register',
  'sale.exception_resolved': 'Exception resolved',
  'register.trusted': 'Register confirmed',
  'sale.zero_tax': 'Sale without tax',
  'sale.account_over_limit': 'Sale on account past the credit limit',
  'return.create': 'Return and refund',
  'exchange.create': 'Exchange',
  'customer.credit_adjust': 'Store credit adjusted',
  'customer.credit_limit': 'Credit limit changed',
  'customer.account_payment': 'Payment on account',
  'gift_voucher.sell': 'Gift voucher sold',
  'stock.adjust': 'Stock adjusted',
  'fiscal.settings': 'Fiscal settings changed',
  'fiscal.register': 'POS registration changed',
  'fiscal.resend': 'Fiscal invoice sent again',
  'shift.open': 'Shift opened',
  'shift.close': 'Shift closed',
  'shift.cash_movement': 'Paid in / paid out',
  'shift.no_sale': 'Drawer opened (no sale)',
  'transfer.create': 'Transfer drafted',
  'transfer.send': 'Transfer sent',
  'transfer.receive': 'Transfer received',
  'transfer.close': 'Transfer closed',
  'transfer.cancel': 'Transfer cancelled',
  'stock.write_off': 'Stock written off',
  'purchase_order.receive': 'Purchase order received',
  'stock_count.apply': 'Stock count applied',
  'supplier.create': 'Supplier added',
  'supplier.update': 'Supplier changed',
  'supplier.delete': 'Supplier deleted',
  'purchase_order.order': 'Purchase order placed',
  'purchase_order.cancel': 'Purchase order cancelled',
  'stock_count.start': 'Stock count started',
  'stock_count.cancel': 'Stock count cancelled',
  'import.apply': 'CSV import',
  'import.copy': 'Products copied from a branch',
  'import.mapping': 'Import column mapping changed',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

/**
 * GET /audit-logs: a Super Admin reads a company (every branch, or one with branchId); a Manager
 * their branch. `from`/`to` are local days (yyyy-mm-dd, the branch's or the company's main branch's
 * time zone), both inclusive.
 */
export const auditLogQuerySchema = pageQuerySchema
  .extend({
    companyId: idSchema.optional(),
    branchId: idSchema.optional(),
    userId: idSchema.optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .refine((q) => q.companyId || q.branchId, { message: 'Choose a company or a branch', path: ['branchId'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), username: z.string() }).nullable();

export const auditLogItemSchema = z.object({
  id: z.string(),
  createdAt: instantSchema,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  user: personSchema,
  approvedBy: personSchema,
  registerId: z.string().nullable(),
  registerCode: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

export const auditResponses = { list: paged(auditLogItemSchema), one: envelope(auditLogItemSchema) };
