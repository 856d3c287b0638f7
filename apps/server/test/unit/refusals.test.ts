import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../../src/db/refusals';
import { COMMIT_SALE } from '../../src/features/transactions/transactions.repo';
import { refusalOf } from '../../src/lib/pg-errors';

// The refusal codes the database raises as hints are one list (db/refusals.ts) for the SQL and the
// TypeScript: every code the SQL raises is listed, every listed code is raised, and the TypeScript
// names them by the list, never by a string of its own.
const server = path.resolve(import.meta.dirname, '../..');
const functionsFolder = path.join(server, 'src/db/functions');
const functionFiles = readdirSync(functionsFolder).map((file) => ({
  name: file.replace(/\.sql$/, ''),
  text: readFileSync(path.join(functionsFolder, file), 'utf8'),
}));

/** The codes a text raises as a quoted hint (`HINT = 'code'`). */
const quotedHints = (text: string) => [...text.matchAll(/\bHINT\s*=\s*'([^']*)'/gi)].map((m) => m[1]);
/** Functions that raise a hint their caller passes (`HINT = argument`). */
const passedHints = functionFiles.filter((f) => /\bHINT\s*=\s*[a-z_]\w*\s*;/i.test(f.text)).map((f) => f.name);
/** The codes the sale statement passes to pos_sale_check (the only function that raises what it is given). */
const saleCheckCodes = [...COMMIT_SALE.text.matchAll(/pos_sale_check\([^;]*?,\s*'([^']*)'\)/g)].map((m) => m[1]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.ts$/.test(name) ? [full] : [];
  });
}

describe('refusal codes', () => {
  it('every code the SQL raises is in REFUSALS, and every code in REFUSALS is raised', () => {
    const raisedByFiles = functionFiles.flatMap((f) => quotedHints(f.text));
    expect(raisedByFiles.length).toBeGreaterThanOrEqual(7); // the shift and credit triggers' RAISEs
    expect(passedHints).toEqual(['pos_sale_check']);
    // Stock, an id taken, a sale taking cash without a shift, and an online sale's service fee not the branch's.
    expect(saleCheckCodes).toHaveLength(4);
    const raised = [...new Set([...raisedByFiles, ...saleCheckCodes])].sort();
    expect(raised).toEqual(Object.values(REFUSALS).sort());
  });

  it('the check sees a code missing from the list and one raised nowhere', () => {
    const probe = `RAISE EXCEPTION 'x' USING ERRCODE = 'P0001', HINT = 'pos_probe:new';`;
    expect(quotedHints(probe)).toEqual(['pos_probe:new']);
    expect(Object.values(REFUSALS)).not.toContain('pos_probe:new');
  });

  it('only pos_sale_check calls raise a passed code, and only the sale statement calls it', () => {
    const callers = filesUnder(path.join(server, 'src'))
      .filter((file) => readFileSync(file, 'utf8').includes('pos_sale_check('))
      .map((file) => path.relative(server, file));
    expect(callers).toEqual(['src/features/transactions/transactions.repo.ts']);
  });

  it('the TypeScript names a code by REFUSALS, never by a string of its own', () => {
    const codes = Object.values(REFUSALS);
    const spelled = filesUnder(path.join(server, 'src'))
      .filter((file) => !file.endsWith(path.join('db', 'refusals.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => codes.some((code) => line.includes(`'${code}'`) || line.includes(`"${code}"`)))
          .map((line) => `${path.relative(server, file)}: ${line.trim()}`),
      );
    expect(spelled).toEqual([]);
  });

  it('refusalOf reads a listed code from the error or its cause, and nothing else', () => {
    const raised = Object.assign(new Error('sale not written'), { code: 'P0001', hint: REFUSALS.saleStock });
    expect(refusalOf(raised)).toBe(REFUSALS.saleStock);
    expect(refusalOf(new Error('Failed query', { cause: raised }))).toBe(REFUSALS.saleStock);
    expect(refusalOf(Object.assign(new Error('x'), { code: 'P0001', hint: 'pos_probe:new' }))).toBeUndefined();
    expect(refusalOf(new Error('no hint'))).toBeUndefined();
  });
});
