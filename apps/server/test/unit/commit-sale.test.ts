import { describe, expect, it } from 'vitest';
import { COMMIT_SALE } from '../../src/features/transactions/transactions.repo';

/**
 * The sale statement as it runs: its text is kept beside this test (commit-sale.sql), so a change to
 * the one statement every sale runs shows in review as SQL, not only as the TypeScript that builds it.
 * After an intended change: `npx vitest run --project server-unit -u apps/server/test/unit/commit-sale.test.ts`.
 */
describe('the sale statement (COMMIT_SALE)', () => {
  it('is the reviewed SQL', async () => {
    const header = COMMIT_SALE.names.map((name, i) => `-- $${i + 1} ${name}`).join('\n');
    await expect(`${header}\n${COMMIT_SALE.text.trim()}\n`).toMatchFileSnapshot('./__snapshots__/commit-sale.sql');
  });

  it('uses every named parameter, and no placeholder it does not name', () => {
    const used = new Set([...COMMIT_SALE.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(COMMIT_SALE.names.map((_, i) => i + 1));
  });
});
