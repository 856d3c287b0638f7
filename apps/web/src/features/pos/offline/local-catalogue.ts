import type { CashierProduct, PageMeta } from '@pos/shared';
import Dexie from 'dexie';
import { type LocalCustomer, type LocalProduct, registerDb } from './db';

const WORD_BREAK = /[^\p{L}\p{N}]+/u;

/**
 * The lowercase words a search matches by prefix: the words of the name and of the SKU. A search is cut
 * into words the same way, so the whole SKU 'sku-000001' would never be a search's prefix: its parts
 * 'sku' and '000001' are (each entry is one more index write per product in the catalogue sync).
 */
export function indexWords(name: string, sku: string | null): string[] {
  return [...new Set(`${name} ${sku ?? ''}`.toLowerCase().split(WORD_BREAK).filter(Boolean))];
}

/** The branch's products in the `[branchId+nameLower]` index: by name. */
const branchRange = (branchId: string) =>
  registerDb().products.where('[branchId+nameLower]').between([branchId, Dexie.minKey], [branchId, Dexie.maxKey]);

/** A product of the server as the register stores it (any cost field is dropped), with its variant's barcodes. */
export function toLocalProduct(product: CashierProduct & { cost?: unknown }): LocalProduct {
  const { cost: _cost, barcodes, ...rest } = product;
  return {
    ...rest,
    nameLower: product.name.toLowerCase(),
    skuLower: (product.sku ?? '').toLowerCase(),
    words: indexWords(product.name, product.sku),
    codes: [...barcodes],
  };
}

/** The stored product without its index keys: what the tiles, the cart and the price check take. */
export function fromLocalProduct({
  nameLower: _n,
  skuLower: _s,
  words: _w,
  codes,
  ...product
}: LocalProduct): CashierProduct {
  return { ...product, barcodes: codes };
}

export type LocalPage = { success: true; data: CashierProduct[]; meta: PageMeta };

/**
 * One page of the tiles from the local store: no search = the branch by name (the [branchId+nameLower]
 * index); a search = products having a word that starts with the search's longest word (the multi-entry
 * words index), then the other words checked in memory. Counts are capped at what the page needed.
 */
export async function localTilesPage(params: {
  branchId: string;
  search: string;
  categoryId: string | null;
  page: number;
  limit: number;
}): Promise<LocalPage> {
  const { branchId, categoryId, page, limit } = params;
  const db = registerDb();
  const terms = params.search.toLowerCase().split(WORD_BREAK).filter(Boolean);
  const offset = (page - 1) * limit;
  const inCategory = (p: LocalProduct) => !categoryId || p.categoryId === categoryId;
  let rows: LocalProduct[];
  let total: number;
  if (terms.length === 0) {
    const range = branchRange(branchId);
    if (categoryId) {
      const matched = await range
        .filter(inCategory)
        .limit(offset + limit + 1)
        .toArray();
      rows = matched.slice(offset, offset + limit);
      total = offset + matched.slice(offset).length;
    } else {
      total = await range.count();
      rows = await range.offset(offset).limit(limit).toArray();
    }
  } else {
    const [first, ...rest] = [...terms].sort((a, b) => b.length - a.length) as [string, ...string[]];
    const matched = await db.products
      .where('words')
      .startsWith(first)
      .filter(
        (p) => p.branchId === branchId && inCategory(p) && rest.every((t) => p.words.some((w) => w.startsWith(t))),
      )
      .distinct()
      .limit(offset + limit + 1)
      .toArray();
    matched.sort((a, b) => (a.nameLower < b.nameLower ? -1 : a.nameLower > b.nameLower ? 1 : 0));
    rows = matched.slice(offset, offset + limit);
    total = matched.length;
  }
  return {
    success: true,
    data: rows.map(fromLocalProduct),
    meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/**
 * A scanned code from the local store, as the server reads it (GET /products?sku=): the branch's product
 * with that exact SKU (case-insensitive), else the one whose variant has that barcode.
 */
export async function localProductBySku(branchId: string, code: string): Promise<CashierProduct | null> {
  const scanned = code.trim();
  const products = registerDb().products;
  const row =
    (await products.where('[branchId+skuLower]').equals([branchId, scanned.toLowerCase()]).first()) ??
    (await products
      .where('codes')
      .equals(scanned)
      .filter((p) => p.branchId === branchId)
      .first());
  return row ? fromLocalProduct(row) : null;
}

/** Price check offline: the exact SKU first, else the first search match. */
export async function localPriceCheck(branchId: string, search: string): Promise<CashierProduct | null> {
  const bySku = await localProductBySku(branchId, search);
  if (bySku) return bySku;
  const page = await localTilesPage({ branchId, search, categoryId: null, page: 1, limit: 1 });
  return page.data[0] ?? null;
}

/** The customer of the branch with this phone, from those known locally. */
export async function localCustomerByPhone(branchId: string, phone: string): Promise<LocalCustomer | null> {
  return (await registerDb().customers.where('[branchId+phone]').equals([branchId, phone.trim()]).first()) ?? null;
}

/** The categories of the branch's stored products (the category filter offline). */
export async function localCategories(branchId: string): Promise<{ id: string; name: string }[]> {
  const seen = new Map<string, string>();
  await branchRange(branchId).each((p) => {
    if (p.categoryId && p.category && !seen.has(p.categoryId)) seen.set(p.categoryId, p.category.name);
  });
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
