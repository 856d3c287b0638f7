import 'fake-indexeddb/auto';
import type { SyncProduct } from '@pos/shared';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { branchSettings, syncCatalogue } from '../src/features/pos/offline/catalogue-sync';
import { type LocalProduct, RegisterDb, registerDb } from '../src/features/pos/offline/db';
import {
  indexWords,
  localCategories,
  localProductBySku,
  localTilesPage,
} from '../src/features/pos/offline/local-catalogue';
import { fetchCatalogueSync, fetchCustomerSync, fetchVoucherSync } from '../src/lib/api/sync.api';

vi.mock('../src/lib/api/sync.api', () => ({
  fetchCatalogueSync: vi.fn(),
  fetchCustomerSync: vi.fn(),
  fetchVoucherSync: vi.fn(),
}));

type CataloguePage = Awaited<ReturnType<typeof fetchCatalogueSync>>;

const item = (n: number, over: Partial<SyncProduct> = {}): SyncProduct => ({
  id: `p${n}`,
  deleted: false,
  name: `Mango Juice ${n}`,
  sku: `SKU-${String(n).padStart(6, '0')}`,
  barcodes: [],
  price: 100 + n,
  stockQuantity: 10,
  lowStockThreshold: 2,
  unit: 'piece',
  taxRate: null,
  taxIncluded: false,
  categoryId: n % 2 ? 'c-drinks' : null,
  categoryName: n % 2 ? 'Drinks' : null,
  brandId: null,
  brandName: null,
  ...over,
});

const catalogue = (products: SyncProduct[], cursor: string, hasMore: boolean): CataloguePage =>
  ({
    products,
    nextCursor: cursor,
    hasMore,
    branch: {
      id: 'b1',
      name: 'Main',
      taxRate: 5,
      currency: 'PKR',
      timezone: 'Asia/Karachi',
      scaleWeightPrefix: '21',
      fiscal: true,
    },
    rules: {},
  }) as unknown as CataloguePage;

beforeEach(() => {
  vi.mocked(fetchCustomerSync).mockResolvedValue({ customers: [], nextCursor: 'cc', hasMore: false });
  vi.mocked(fetchVoucherSync).mockResolvedValue({ vouchers: [], nextCursor: 'vc', hasMore: false });
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.mocked(fetchCatalogueSync).mockReset();
  await registerDb().products.clear();
  await registerDb().meta.clear();
});

describe('catalogue sync into IndexedDB', () => {
  it('asks for the next page before writing the page in hand, and writes every page with its cursor', async () => {
    const events: string[] = [];
    const pages = [
      catalogue([item(1), item(2)], 'cursor-2', true),
      catalogue([item(3), item(4)], 'cursor-3', true),
      catalogue([item(5)], 'cursor-done', false),
    ];
    vi.mocked(fetchCatalogueSync).mockImplementation(async ({ cursor }) => {
      events.push(`fetch ${cursor ?? 'first'}`);
      return pages.shift() as CataloguePage;
    });
    const products = registerDb().products;
    const bulkPut = products.bulkPut.bind(products);
    vi.spyOn(products, 'bulkPut').mockImplementation(((rows: readonly LocalProduct[]) => {
      events.push(`write ${rows.map((r) => r.id).join(',')}`);
      return bulkPut(rows);
    }) as typeof bulkPut);

    await expect(syncCatalogue('b1')).resolves.toBe(5);

    // Each page is requested before the one before it is written: the server answers while IndexedDB writes.
    expect(events).toEqual([
      'fetch first',
      'fetch cursor-2',
      'write p1,p2',
      'fetch cursor-3',
      'write p3,p4',
      'write p5',
    ]);
    expect(await registerDb().products.count()).toBe(5);
    expect((await registerDb().meta.get('catalogueCursor:b1'))?.value).toBe('cursor-done');
  });

  it('keeps the page in hand when the next one fails, so the sync resumes after it', async () => {
    vi.mocked(fetchCatalogueSync)
      .mockResolvedValueOnce(catalogue([item(1), item(2)], 'cursor-2', true))
      .mockRejectedValueOnce(new Error('network down'));

    await expect(syncCatalogue('b1')).rejects.toThrow('network down');

    expect(await registerDb().products.count()).toBe(2);
    expect((await registerDb().meta.get('catalogueCursor:b1'))?.value).toBe('cursor-2');
  });
});

describe('the local catalogue', () => {
  it('keeps one index entry per word of the name and the SKU, not the whole SKU again', () => {
    expect(indexWords('Mango Juice 1L', 'SKU-000123')).toEqual(['mango', 'juice', '1l', 'sku', '000123']);
    expect(indexWords('Cola', 'COLA15')).toEqual(['cola', 'cola15']);
    expect(indexWords('Cola', null)).toEqual(['cola']);
  });

  it('stores products without a branchId index, and still finds them by branch, SKU words and category', async () => {
    expect(registerDb().products.schema.indexes.map((i) => i.name)).not.toContain('branchId');
    vi.mocked(fetchCatalogueSync).mockResolvedValueOnce(catalogue([item(1), item(2), item(3)], 'c', false));
    await syncCatalogue('b1');
    const p1 = await registerDb().products.get('p1');
    if (!p1) throw new Error('p1 not stored');
    await registerDb().products.put({ ...p1, id: 'other', branchId: 'b2' });

    const all = await localTilesPage({ branchId: 'b1', search: '', categoryId: null, page: 1, limit: 2 });
    expect(all.meta.total).toBe(3);
    expect(all.data.map((p) => p.id)).toEqual(['p1', 'p2']);

    const bySku = await localTilesPage({ branchId: 'b1', search: 'sku-000002', categoryId: null, page: 1, limit: 5 });
    expect(bySku.data.map((p) => p.id)).toEqual(['p2']);

    expect(await localCategories('b1')).toEqual([{ id: 'c-drinks', name: 'Drinks' }]);
  });

  it('finds a scan by the exact SKU first, else by any barcode of the variant, in the branch only', async () => {
    vi.mocked(fetchCatalogueSync).mockResolvedValueOnce(
      catalogue(
        [
          item(1, { name: 'Tee / M', sku: 'TEE-M', barcodes: ['4006381333931', 'TEE-M-ALT'] }),
          item(2, { name: 'Tee / L', sku: 'TEE-L', barcodes: ['036000291452'] }),
        ],
        'c',
        false,
      ),
    );
    await syncCatalogue('b1');
    const p2 = await registerDb().products.get('p2');
    if (!p2) throw new Error('p2 not stored');
    await registerDb().products.put({ ...p2, id: 'p2-elsewhere', branchId: 'b2' });

    expect((await localProductBySku('b1', 'tee-m'))?.id).toBe('p1');
    expect((await localProductBySku('b1', '4006381333931'))?.id).toBe('p1');
    expect((await localProductBySku('b1', ' TEE-M-ALT '))?.id).toBe('p1');
    expect((await localProductBySku('b1', '036000291452'))?.id).toBe('p2');
    expect((await localProductBySku('b2', '036000291452'))?.id).toBe('p2-elsewhere');
    expect(await localProductBySku('b1', '4006381333932')).toBeNull();
    // The index keys stay in the store: the cart gets the cashier's view only.
    expect(await localProductBySku('b1', '4006381333931')).not.toHaveProperty('codes');
  });

  it("keeps each product's unit and the company's scale-label prefix, for weighed goods offline", async () => {
    vi.mocked(fetchCatalogueSync).mockResolvedValueOnce(
      catalogue(
        [
          item(1, { name: 'Basmati Rice (loose)', sku: 'GRO-RICE-KG', unit: 'kg', stockQuantity: 42.5 }),
          item(2, { barcodes: ['2100123000005'], unit: 'kg' }),
          item(3),
        ],
        'c',
        false,
      ),
    );
    await syncCatalogue('b1');
    expect(await localProductBySku('b1', 'gro-rice-kg')).toMatchObject({ unit: 'kg', stockQuantity: 42.5 });
    expect((await localProductBySku('b1', '2100123000005'))?.unit).toBe('kg');
    expect((await localProductBySku('b1', 'SKU-000003'))?.unit).toBe('piece');
    expect(await branchSettings('b1')).toMatchObject({ taxRate: 5, scaleWeightPrefix: '21', fiscal: true });
  });

  it("keeps a register's stored products through the upgrade that drops the branchId index", async () => {
    const before = new Dexie('pos-register-upgrade');
    before.version(2).stores({
      products: 'id, branchId, [branchId+nameLower], [branchId+skuLower], *words',
      customers: 'id, branchId, [branchId+phone]',
      outbox: '++seq, &id, branchId, status, type',
      meta: 'key',
      carts: 'branchId',
    });
    await before
      .table('products')
      .put({ id: 'p1', branchId: 'b1', name: 'Cola', nameLower: 'cola', skuLower: '', words: ['cola'] });
    before.close();

    const after = new RegisterDb('pos-register-upgrade');
    expect(after.products.schema.indexes.map((i) => i.name)).not.toContain('branchId');
    expect(await after.products.where('[branchId+nameLower]').equals(['b1', 'cola']).count()).toBe(1);
    after.close();
  });
});
