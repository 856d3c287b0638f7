import type { TransferLine } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { openAfter, receiptLines, scanInto } from '../src/features/transfers/utils/transfers';

const line = (id: string, sku: string | null, quantity: number, received = 0, damaged = 0): TransferLine => ({
  id,
  productId: `p-${id}`,
  sku,
  name: `Product ${id}`,
  unit: 'piece',
  quantity,
  received,
  damaged,
  missing: quantity - received - damaged,
  destinationProductId: null,
});

describe('receive screen helpers', () => {
  const lines = [line('a', 'TEA-1', 2, 1), line('b', 'COF-9', 1)];

  it('a scanned SKU (any case) counts one received unit on its line', () => {
    const first = scanInto(lines, {}, ' tea-1 ');
    expect(first).toMatchObject({ ok: true, counts: { a: { received: 1, damaged: 0 } } });
    if (!first.ok) throw new Error('scan');
    expect(openAfter(lines[0] as TransferLine, first.counts)).toBe(0);
  });

  it('says so when the code is on no line or its units are all counted', () => {
    expect(scanInto(lines, {}, 'NOPE')).toEqual({ ok: false, message: 'NOPE is not on this transfer' });
    expect(scanInto(lines, { a: { received: 1, damaged: 0 } }, 'TEA-1')).toEqual({
      ok: false,
      message: 'Every unit of Product a is already counted',
    });
    expect(scanInto(lines, {}, '  ')).toEqual({ ok: false, message: 'Scan or type a SKU' });
  });

  it('the receipt names only the lines with something counted', () => {
    expect(receiptLines({ a: { received: 0, damaged: 0 }, b: { received: 0, damaged: 1 } })).toEqual([
      { lineId: 'b', received: 0, damaged: 1 },
    ]);
  });
});
