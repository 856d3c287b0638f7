import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_INVALID, APPROVAL_REQUIRED, denominationTotalMinor, offlineReceiptNumber } from '../src';

// What the register takes from @pos/shared on its first load lives in modules without zod, so the web build
// leaves the schemas (and zod, ~25 KB gzip) out of the register's first-load JavaScript.
const FIRST_LOAD_MODULES = [
  'approval-codes.ts',
  'denominations.ts',
  'receipt-numbers.ts',
  'sale-batch.ts',
  'money.ts',
  'scale-labels.ts',
  'payment-methods.ts',
  'voucher-digest.ts',
];
/** First-load modules that may import other first-load modules (and nothing else). */
const FIRST_LOAD_WITH_PEERS: Record<string, string[]> = { 'units.ts': ['./money'] };

describe("the register's first-load modules of @pos/shared", () => {
  it.each(FIRST_LOAD_MODULES)('%s imports nothing (no zod, no schema module)', (file) => {
    const source = fs.readFileSync(path.join(__dirname, '../src', file), 'utf8');
    expect(source).not.toMatch(/^\s*import\s+(?!type\b)/m);
  });

  it.each(Object.entries(FIRST_LOAD_WITH_PEERS))('%s imports only %j', (file, peers) => {
    const source = fs.readFileSync(path.join(__dirname, '../src', file), 'utf8');
    const imports = [...source.matchAll(/^\s*import\s+(?!type\b)[^;]*from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(imports.every((from) => peers.includes(from ?? ''))).toBe(true);
  });

  it('answers as before through the package entry', () => {
    expect(offlineReceiptNumber('R2', 17)).toBe('R2-000017');
    expect(denominationTotalMinor({ '50000': 2, '100': 3 })).toBe(100300);
    expect([APPROVAL_REQUIRED, APPROVAL_INVALID]).toEqual(['APPROVAL_REQUIRED', 'APPROVAL_INVALID']);
  });
});
