import { describe, expect, it } from 'vitest';
import { namedStatement } from '../../src/db/client';
import { COMMIT_PLAIN_SALE, COMMIT_SALE, isPlainSale } from '../../src/features/transactions/transactions.repo';

/**
 * The sale statement as it runs: its two variants' texts are kept beside this test (commit-sale.sql and
 * commit-sale-plain.sql), so a change to the one statement every sale runs shows in review as SQL, not only as
 * the TypeScript that builds it.
 * After an intended change: `npx vitest run --project server-unit -u apps/server/test/unit/commit-sale.test.ts`.
 */
describe('the sale statement (COMMIT_SALE, COMMIT_PLAIN_SALE)', () => {
  const reviewed = (statement: typeof COMMIT_SALE) =>
    `${statement.names.map((name, i) => `-- $${i + 1} ${name}`).join('\n')}\n${statement.text.trim()}\n`;

  it('is the reviewed SQL', async () => {
    await expect(reviewed(COMMIT_SALE)).toMatchFileSnapshot('./__snapshots__/commit-sale.sql');
    await expect(reviewed(COMMIT_PLAIN_SALE)).toMatchFileSnapshot('./__snapshots__/commit-sale-plain.sql');
  });

  it('numbers exactly the parameters each variant uses', () => {
    for (const statement of [COMMIT_SALE, COMMIT_PLAIN_SALE]) {
      const used = new Set([...statement.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      expect([...used].sort((a, b) => a - b)).toEqual(statement.names.map((_, i) => i + 1));
    }
  });

  it('the plain variant leaves out the customer and the tender rows, and their parameters', () => {
    for (const table of ['customers', 'sale_tenders', 'customer_credit_entries', 'customer_account_entries']) {
      expect(COMMIT_SALE.text).toContain(`insert into ${table} `);
      expect(COMMIT_PLAIN_SALE.text).not.toContain(`insert into ${table} `);
    }
    expect(COMMIT_PLAIN_SALE.text).not.toContain('insert into gift_voucher_entries');
    const left = COMMIT_SALE.names.filter((n) => !(COMMIT_PLAIN_SALE.names as readonly string[]).includes(n));
    expect(left.sort()).toEqual(
      [
        'accountApprovedBy',
        'customerEmail',
        'customerName',
        'customerPhone',
        'tenderAmounts',
        'tenderMethods',
        'voucherId',
      ].sort(),
    );
  });

  it('is chosen for a one-tender cash or card sale without a customer, and only for it', () => {
    type Sale = Parameters<typeof isPlainSale>[0];
    const sale: Sale = { customer: null, paymentMethod: 'card', tenders: [{ method: 'card', amount: '10.00' }] };
    expect(isPlainSale(sale)).toBe(true);
    expect(isPlainSale({ ...sale, paymentMethod: 'cash', tenders: [{ method: 'cash', amount: '10.00' }] })).toBe(true);
    expect(isPlainSale({ ...sale, customer: { phone: '0300', name: 'A', email: null } })).toBe(false);
    expect(isPlainSale({ ...sale, paymentMethod: 'mixed', tenders: [...sale.tenders, ...sale.tenders] })).toBe(false);
    for (const method of ['store_credit', 'account', 'voucher', 'exchange'] as const) {
      expect(isPlainSale({ paymentMethod: method, customer: null, tenders: [{ method, amount: '1.00' }] })).toBe(false);
    }
  });
});

describe('namedStatement', () => {
  it('numbers the names the text uses in their order, and leaves out the others', () => {
    const s = namedStatement('probe', ['a', 'b', 'c'], (p) => `select ${p.c}::int, ${p.a}::int, ${p.c}::int + 1`);
    expect(s.names).toEqual(['a', 'c']);
    expect(s.text).toBe('select $2::int, $1::int, $2::int + 1');
  });
});
