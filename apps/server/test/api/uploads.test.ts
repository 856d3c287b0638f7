import { Readable } from 'node:stream';
import { IMPORT_MSG, PRODUCT_MSG } from '@pos/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createTenant, listingColumns, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

const MB = 1024 * 1024;

/** A body sent as it arrives over a slow link: chunk after chunk, no Content-Length (chunked). */
function streamed(head: string, chunk: Buffer, times: number): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(head);
      for (let i = 0; i < times; i++) yield chunk;
    })(),
  );
}

/**
 * Upload and body limits (docs/architecture/imports-exports.md): a CSV file over 50 MB, however it
 * arrives, answers 413 'The file is larger than 50 MB' and the server keeps answering every tenant;
 * a JSON body over 1 MB answers 413 naming its limit. And a price or cost cell with a third decimal is a
 * row error, never rounded.
 */
describe(`uploads over the limit, and CSV prices (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let manager: string;
  const db = () => ctx.database.db;

  function upload(
    step: 'preview' | 'apply',
    payload: string | Buffer | Readable,
    headers: Record<string, string> = {},
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/import/products/${step}?branchId=${tenant.main.id}`,
      headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/csv', ...headers },
      payload,
    });
  }

  /** The server still answers: its health, and an ordinary small import preview. */
  async function stillAnswers() {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const small = await upload('preview', 'Name,SKU,Price,Cost\nTea,TEA-1,40,20\n');
    expect(small.statusCode).toBe(200);
    expect(small.json().data).toMatchObject({ rows: 1, toCreate: 1, errorCount: 0 });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    manager = await login(ctx.app, tenant.manager.username);
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  it('a 51 MB cell, streamed without a Content-Length, answers 413 with the limit; the server keeps answering', async () => {
    const res = await upload('preview', streamed('Name,SKU,Price\n"', Buffer.alloc(MB, 'x'), 51));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: IMPORT_MSG.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(IMPORT_MSG.tooLarge).toBe('The file is larger than 50 MB');
    await stillAnswers();
  });

  it('~56,000 rows of 1 KB, streamed, answer 413 on preview and on apply, and nothing is written', async () => {
    // Rows of a column the import does not know (ignored): the size is what counts, not the catalogue work.
    const row = Buffer.from(`,,,${'y'.repeat(1024 - 4)}\n`);
    expect(row.length).toBe(1024);
    for (const step of ['preview', 'apply'] as const) {
      const res = await upload(step, streamed('Name,SKU,Price,Comment\n', row, 56_000));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, message: IMPORT_MSG.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    }
    const rows = await db()
      .select()
      .from(products)
      .where(and(eq(products.branchId, tenant.main.id), isNull(products.deletedAt)));
    expect(rows).toEqual([]);
    await stillAnswers();
  }, 120_000);

  it('a file whose Content-Length is over 50 MB is refused with 413 without being read', async () => {
    const res = await upload('preview', Buffer.alloc(50 * MB + 1, 'z'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: IMPORT_MSG.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    await stillAnswers();
  });

  it('a JSON body over 1 MB answers 413 naming the limit; a JSON body to an upload route is refused unread', async () => {
    const big = await request(ctx.app, manager, {
      method: 'POST',
      url: '/api/products',
      payload: { name: 'x'.repeat(MB + 1), branchId: tenant.main.id, price: 1, stockQuantity: 0 },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      success: false,
      message: 'The request body is larger than 1 MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const json = await upload('preview', JSON.stringify({ rows: ['x'.repeat(2 * MB)] }), {
      'content-type': 'application/json',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ success: false, message: IMPORT_MSG.notCsvBody });
    await stillAnswers();
  });

  it('a price or cost with more than 2 decimals is a row error, not rounded (12.345, 0.001, 12,345 in ; files)', async () => {
    const csv = [
      'Name,SKU,Price,Cost',
      'Rounded up,DEC-1,12.345,5', // row 2
      'Free,DEC-2,0.001,5', // row 3
      'Cheap cost,DEC-3,10,0.001', // row 4
      'Thousands,DEC-4,"1,234.567",5', // row 5
      'Fine,DEC-5,12.34,5.5', // row 6
    ].join('\n');
    const preview = await upload('preview', csv);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ rows: 5, toCreate: 1, errorCount: 4 });
    expect(preview.json().data.errors).toEqual([
      { row: 2, column: 'Price', message: PRODUCT_MSG.priceDecimals },
      { row: 3, column: 'Price', message: PRODUCT_MSG.priceDecimals },
      { row: 4, column: 'Cost', message: PRODUCT_MSG.costDecimals },
      { row: 5, column: 'Price', message: PRODUCT_MSG.priceDecimals },
    ]);
    expect(PRODUCT_MSG.priceDecimals).toBe('Selling price can have at most 2 decimal places');
    expect(PRODUCT_MSG.costDecimals).toBe('Buying price can have at most 2 decimal places');
    // Excel's ';' files write the decimal comma: 12,345 is twelve and a third decimal too.
    const semicolons = await upload('preview', 'Name;SKU;Price;Cost\nComma;DEC-6;12,345;5\n');
    expect(semicolons.json().data.errors).toEqual([{ row: 2, column: 'Price', message: PRODUCT_MSG.priceDecimals }]);

    const apply = await upload('apply', csv);
    expect(apply.statusCode).toBe(400);
    expect(apply.json()).toMatchObject({ message: '4 rows have errors: nothing was imported' });
    // Only the whole-cent row goes in, at its price.
    const fine = await upload('apply', 'Name,SKU,Price,Cost\nFine,DEC-5,12.34,5.5\n');
    expect(fine.statusCode).toBe(200);
    const [row] = await db().select(listingColumns).from(products).where(eq(products.sku, 'DEC-5'));
    expect(row).toMatchObject({ price: '12.34', cost: '5.50' });
  });
});
