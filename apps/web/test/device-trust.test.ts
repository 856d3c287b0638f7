import 'fake-indexeddb/auto';
import { createPublicKey, verify } from 'node:crypto';
import { saleSigningText } from '@pos/shared';
import { argon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { setMeta } from '../src/features/pos/offline/db';
import {
  deviceKeyPair,
  devicePublicKey,
  offlineDepartures,
  signSale,
  verifyPinOffline,
} from '../src/features/pos/offline/device-trust';
import { queueOfflineSale } from '../src/features/pos/offline/outbox';
import { createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { buildSalePayload } from '../src/features/pos/store/sale-payload';

/** What the server does with a signature (lib/device-proof.ts): ECDSA P-256 SHA-256, IEEE P1363. */
function serverVerifies(publicKey: string, sale: unknown, signature: string): boolean {
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return verify(
    'sha256',
    Buffer.from(saleSigningText(sale)),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64'),
  );
}

describe("the register's device proof", () => {
  it('makes one key pair, keeps it, and its private key cannot be exported', async () => {
    const pair = await deviceKeyPair();
    expect(pair).not.toBeNull();
    expect(await deviceKeyPair()).toBe(pair);
    expect(pair?.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', pair?.privateKey as CryptoKey)).rejects.toThrow();
  });

  it('signs a sale so that the server verifies it, whatever the order of its keys; a changed sale fails', async () => {
    const publicKey = (await devicePublicKey()) as string;
    const sale = { id: 's-1', total: 95.5, items: [{ product_id: 'p', quantity: 1, price: 100 }], offline: true };
    const signature = (await signSale(sale)) as string;
    expect(serverVerifies(publicKey, sale, signature)).toBe(true);
    const reordered = { offline: true, items: sale.items, total: 95.5, id: 's-1' };
    expect(serverVerifies(publicKey, reordered, signature)).toBe(true);
    expect(serverVerifies(publicKey, { ...sale, total: 0.05 }, signature)).toBe(false);
  });
});

describe('the branch rules and approvals offline', () => {
  const cart = (discount: number) => ({
    items: [{ product_id: 'p', quantity: 1, price: 100, unit_price: 100 }],
    tax_rate: 5,
    discount_type: 'percentage' as const,
    discount_value: discount,
  });

  it('applies the rules last synced for the branch (none synced: nothing to check)', async () => {
    expect(await offlineDepartures('branch-unsynced', cart(90))).toEqual([]);
    await setMeta('registerRules:branch-1', {
      cashierMaxDiscountPercent: 10,
      cashierMayChangePrice: false,
      cashierMayZeroTax: false,
    });
    expect(await offlineDepartures('branch-1', cart(10))).toEqual([]);
    expect((await offlineDepartures('branch-1', cart(50))).map((d) => d.kind)).toEqual(['discount_over_limit']);
  });

  it("checks a manager's PIN against the synced argon2id hash; never the cashier's own", async () => {
    const salt = new Uint8Array(16).fill(7);
    const pinHash = await argon2id({
      password: '4826',
      salt,
      parallelism: 1,
      iterations: 2,
      memorySize: 19456,
      hashLength: 32,
      outputType: 'encoded',
    });
    await setMeta('approvers:register-1', [{ id: 'm-1', name: 'Maria Manager', username: 'maria', pinHash }]);
    const check = (username: string, pin: string, cashierId = 'c-1') =>
      verifyPinOffline({ registerId: 'register-1', username, pin, cashierId });
    expect(await check('Maria', '4826')).toEqual({ id: 'm-1', name: 'Maria Manager' });
    expect(await check('maria', '0000')).toBeNull();
    expect(await check('nobody', '4826')).toBeNull();
    expect(await check('maria', '4826', 'm-1')).toBeNull();
  });
});

describe('a price changed at the register while offline', () => {
  it('needs a manager by the synced rules, and the queued sale and its receipt keep the changed price', async () => {
    await setMeta('registerRules:branch-2', {
      cashierMaxDiscountPercent: 10,
      cashierMayChangePrice: false,
      cashierMayZeroTax: false,
    });
    const store = createCartStore();
    store.getState().addProduct({ id: 'p-tea', name: 'چائے کی پتی', sku: 'TEA-1', price: 250, stockQuantity: 9 }, 3);
    store.getState().setLinePrice('p-tea', 199.5);
    const payload = buildSalePayload(selectActiveCart(store.getState()), 'branch-2', {
      method: 'cash',
      amountReceived: 600,
    });
    expect((await offlineDepartures('branch-2', payload)).map((d) => d.kind)).toEqual(['price_override']);
    const { entry, receipt } = await queueOfflineSale({
      payload,
      register: { registerId: 'register-2', code: 'R2' },
      cashier: { id: 'c-1', name: 'Sana Cashier' },
      branchName: 'Main Branch',
      saleId: '00000000-0000-4000-8000-000000000001',
    });
    expect(entry.payload.items).toEqual([{ product_id: 'p-tea', quantity: 3, price: 250, unit_price: 199.5 }]);
    expect(receipt.items[0]).toMatchObject({ unitPrice: 199.5, subtotal: 598.5 });
    expect(receipt).toMatchObject({ total: 598.5, changeAmount: 1.5 });
  });
});
