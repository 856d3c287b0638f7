import { apiSession } from './api';
import { expect, test, WITH_SERVICE_WORKER } from './fixtures';
import { ensureShiftOpen, signInToDashboard } from './helpers';

test.use(WITH_SERVICE_WORKER);

// The register uploads its outbox in batches (POST /transactions/batch, 50 sales of a branch a
// request, in order); a sale the server refuses is listed with its reason and the others are recorded.
// Demo data: Main Branch. The sales are card sales of one unit each, spread over the branch's products.

const QUEUED = 60;
const REFUSED_AT = 30;

test('the outbox drains in batches: 60 queued sales in 2 requests, the refused one listed with its reason, the others recorded once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const api = await apiSession(page, 'cashier');
  await signInToDashboard(page, 'cashier');
  await page.goto('/dashboard/pos');
  // The register asks for a shift first (its dialog would cover the header).
  await ensureShiftOpen(page);
  const status = page.getByTestId('register-status');
  await expect(status).toHaveAttribute('data-catalogue', 'synced', { timeout: 60_000 });
  await expect(status).toContainText(/Register R\d+/);

  // Offline, the outbox gets QUEUED sales as queueOfflineSale writes them; one names a receipt number of
  // another register (the server refuses it: 400).
  await context.setOffline(true);
  const queued = await page.evaluate(
    async ({ n, refusedAt, branchId }) => {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('pos-register');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const req = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const register = (await req(idb.transaction('meta').objectStore('meta').get(`register:${branchId}`)))?.value as {
        registerId: string;
        code: string;
      };
      const session = JSON.parse(localStorage.getItem('user-storage') ?? '{}').state.user as {
        id: string;
        name: string;
      };
      const all = (await req(
        idb
          .transaction('products')
          .objectStore('products')
          .index('[branchId+nameLower]')
          .getAll(IDBKeyRange.bound([branchId], [branchId, []])),
      )) as { id: string; price: number; stockQuantity: number }[];
      const products = all.filter((p) => p.stockQuantity > 10);
      const tx = idb.transaction(['outbox', 'meta'], 'readwrite');
      const seqKey = `receiptSeq:${register.registerId}`;
      let seq = ((await req(tx.objectStore('meta').get(seqKey)))?.value as number | undefined) ?? 0;
      const receipts: string[] = [];
      const otherCode = register.code === 'R9' ? 'R8' : 'R9';
      for (let i = 0; i < n; i++) {
        const p = products[i % products.length] as (typeof products)[number];
        const id = crypto.randomUUID();
        seq++;
        const code = i === refusedAt ? otherCode : register.code;
        const receiptNumber = `${code}-${String(seq).padStart(6, '0')}`;
        receipts.push(receiptNumber);
        const soldAt = new Date().toISOString();
        tx.objectStore('outbox').add({
          id,
          idempotencyKey: id,
          branchId,
          registerId: register.registerId,
          receiptNumber,
          cashierId: session.id,
          cashierName: session.name,
          soldAt,
          status: 'waiting',
          attempts: 0,
          lastError: null,
          payload: {
            id,
            branchId,
            items: [{ product_id: p.id, quantity: 1, price: p.price, unit_price: p.price }],
            subtotal: p.price,
            tax: 0,
            tax_rate: 0,
            discount_type: 'percentage',
            discount_value: 0,
            discount_amount: 0,
            total: p.price,
            payment_method: 'card',
            amount_paid: p.price,
            change: 0,
            offline: true,
            sold_at: soldAt,
            register_id: register.registerId,
            receipt_number: receiptNumber,
            cashier_id: session.id,
          },
        });
      }
      tx.objectStore('meta').put({ key: seqKey, value: seq });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      idb.close();
      return { receipts, code: register.code, products: products.length };
    },
    { n: QUEUED, refusedAt: REFUSED_AT, branchId: api.branchId },
  );
  expect(queued.products).toBeGreaterThan(0);

  // Back online (the register on screen notices and drains): one batch of 50, then one of 10.
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/transactions(\/batch)?$/.test(new URL(r.url()).pathname))
      uploads.push(new URL(r.url()).pathname);
  });
  await context.setOffline(false);
  await expect(status).toContainText('1 sync error', { timeout: 60_000 });
  await expect(status).not.toContainText('waiting to sync');
  expect(uploads).toEqual(['/api/transactions/batch', '/api/transactions/batch']);

  // The refused sale stays in the outbox as an error with the server's reason; nothing else is left.
  const left = await page.evaluate(async () => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('pos-register');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const rows = await new Promise<{ receiptNumber: string; status: string; lastError: string | null }[]>((resolve) => {
      const r = idb.transaction('outbox').objectStore('outbox').getAll();
      r.onsuccess = () => resolve(r.result);
    });
    idb.close();
    return rows.map(({ receiptNumber, status, lastError }) => ({ receiptNumber, status, lastError }));
  });
  const reason = `Receipt number must start with the register code ${queued.code} (400)`;
  expect(left).toEqual([{ receiptNumber: queued.receipts[REFUSED_AT], status: 'error', lastError: reason }]);
  await status.getByText('1 sync error').click();
  await expect(page.getByText(reason)).toBeVisible();

  // Every other sale is recorded once, under the number it was queued with.
  for (const [i, number] of queued.receipts.entries()) {
    const res = await page.request.get('/api/transactions', {
      headers: api.headers,
      params: { branchId: api.branchId, receiptNumber: number, page: 1, limit: 10 },
    });
    expect(res.ok()).toBeTruthy();
    const rows = (await res.json()).data.filter((s: { receiptNumber: string }) => s.receiptNumber === number);
    expect(rows, `sale ${number}`).toHaveLength(i === REFUSED_AT ? 0 : 1);
  }
});
