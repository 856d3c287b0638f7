import type { CashierProduct, CreateSaleInput, OfflineCashMovementInput } from '@pos/shared';
import Dexie, { type EntityTable } from 'dexie';

/** A product of the branch as the register keeps it: the cashier's view (no cost), plus its index keys. */
export type LocalProduct = Omit<CashierProduct, 'barcodes'> & {
  /** Lowercase name: the tiles' order. */
  nameLower: string;
  /** Lowercase SKU: the barcode scan's exact-match index ('' without one). */
  skuLower: string;
  /** Lowercase words of the name and the SKU: the search's prefix index (multi-entry). */
  words: string[];
  /** The variant's barcodes as scanned (the product's `barcodes`): the scan's second index (multi-entry), after the SKU. */
  codes: string[];
};

export type LocalCustomer = {
  id: string;
  branchId: string;
  phone: string;
  name: string | null;
  email: string | null;
  /** Store credit as last synced (GET /sync/customers), less what offline sales spent since; absent: none known. */
  creditBalance?: number;
  /**
   * What they owe on account and their credit limit as last synced, plus what offline sales charged since;
   * absent: none known.
   */
  accountBalance?: number;
  creditLimit?: number;
};

/**
 * A gift voucher of the company as the register keeps it for offline sales (GET /sync/gift-vouchers): never its
 * code, a bearer's secret, but its digest (voucherCodeDigest), which a scanned code's digest finds.
 */
export type LocalVoucher = {
  /** voucherCodeDigest(code, companyId): the key. */
  digest: string;
  id: string;
  /** As last synced (0 or below: spent out); what queued offline sales spent comes off it when read. */
  balance: number;
  /** The last day it can be spent (YYYY-MM-DD), or null. */
  expiresOn: string | null;
};

/**
 * A sale, or a paid in / paid out (`type: 'cash_movement'`), waiting to be recorded by the server:
 * written before its receipt prints or the drawer opens, never dropped.
 */
type OutboxRow = {
  /** Queue order (auto-increment): the outbox drains in it. */
  seq?: number;
  /** The sale's (or movement's) id and its Idempotency-Key (one sale, one key, every retry). */
  id: string;
  idempotencyKey: string;
  branchId: string;
  registerId: string;
  /** The sale's receipt number; a cash movement's label ('Paid out 25.00'): what the header lists. */
  receiptNumber: string;
  cashierId: string;
  cashierName: string;
  /** When it was made, by the register's clock. */
  soldAt: string;
  /** waiting: not yet sent or retrying; error: the server refused it (a 4xx), shown with its reason. */
  status: 'waiting' | 'error';
  attempts: number;
  lastError: string | null;
};

/** A queued sale (rows written before cash movements were queued have no `type`). */
export type SaleOutboxEntry = OutboxRow & { type?: 'sale'; payload: CreateSaleInput & Record<string, unknown> };
/** A queued paid in / paid out (the body of a batch's `cash_movements` entry). */
export type MovementOutboxEntry = OutboxRow & { type: 'cash_movement'; payload: OfflineCashMovementInput };
export type OutboxEntry = SaleOutboxEntry | MovementOutboxEntry;

export const isMovementEntry = (entry: OutboxEntry): entry is MovementOutboxEntry => entry.type === 'cash_movement';

/** Small values by key: device id, register per branch, receipt sequences, sync cursors, branch settings. */
export type MetaRow = { key: string; value: unknown };

/** The register's carts of a branch (tabs, lines, customer details), kept across reloads and offline. */
export type CartsRow = { branchId: string; state: unknown };

export class RegisterDb extends Dexie {
  products!: EntityTable<LocalProduct, 'id'>;
  customers!: EntityTable<LocalCustomer, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  carts!: EntityTable<CartsRow, 'branchId'>;
  vouchers!: EntityTable<LocalVoucher, 'digest'>;

  constructor(name = 'pos-register') {
    super(name);
    this.version(1).stores({
      products: 'id, branchId, [branchId+nameLower], [branchId+skuLower], *words',
      customers: 'id, branchId, [branchId+phone]',
      outbox: '++seq, &id, branchId, status',
      meta: 'key',
      carts: 'branchId',
    });
    // Cash movements queue beside the sales: the register counts them apart (the header, the X report).
    this.version(2).stores({ outbox: '++seq, &id, branchId, status, type' });
    // No products `branchId` index: `[branchId+nameLower]` answers a branch's range, and every index
    // entry is written per product by the catalogue sync (bench/README.md, 'The register offline').
    this.version(3).stores({ products: 'id, [branchId+nameLower], [branchId+skuLower], *words' });
    // A variant's barcodes: one entry per barcode, none for products without.
    this.version(4).stores({ products: 'id, [branchId+nameLower], [branchId+skuLower], *words, *codes' });
    // The company's gift vouchers by their code's digest (vouchers offline).
    this.version(5).stores({ vouchers: 'digest' });
  }
}

let instance: RegisterDb | null = null;

/** The register's one IndexedDB database (opened lazily, so pages that never sell never open it). */
export function registerDb(): RegisterDb {
  instance ??= new RegisterDb();
  return instance;
}

export async function getMeta<T>(key: string): Promise<T | undefined> {
  const row = await registerDb().meta.get(key);
  return row?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await registerDb().meta.put({ key, value });
}
