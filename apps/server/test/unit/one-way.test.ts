import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "One way to do each thing", kept true by reading the source: the stock ledger is the only
 * writer of stock_movements, and each recurring helper has one definition.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const server = path.join(root, 'apps/server');

const skipped = new Set(['node_modules', 'dist', 'results', 'test-results', 'playwright-report']);

function filesUnder(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return skipped.has(name) ? [] : filesUnder(full, extensions);
    return extensions.test(name) ? [full] : [];
  });
}
const tsFiles = (dir: string) => filesUnder(dir, /\.(ts|mts)$/);
const codeFiles = (dir: string) => filesUnder(dir, /\.(ts|tsx|mts|mjs|js|sql)$/);

const rel = (file: string) => path.relative(root, file);
const sources = tsFiles(path.join(server, 'src')).map((file) => ({
  file: rel(file),
  text: readFileSync(file, 'utf8'),
}));
const serverCode = [
  ...sources,
  ...tsFiles(path.join(server, 'test')).map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') })),
].filter((s) => s.file !== 'apps/server/test/unit/one-way.test.ts');

/** Files whose text matches, with the matching lines. */
const where = (files: { file: string; text: string }[], pattern: RegExp) =>
  files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => pattern.test(line))
      .map(({ line, i }) => `${file}:${i + 1}: ${line.trim()}`),
  );

describe('one stock ledger writer', () => {
  // SQL text (insert into / update / delete from stock_movements) and Drizzle (.insert(stockMovements) ...).
  const writes =
    /(insert\s+into|update|delete\s+from)\s+"?stock_movements\b|\.(insert|update|delete)\(\s*stockMovements\b/i;

  it('outside db/ (migrations, seeds) only domain/stock-ledger.repo.ts writes stock_movements', () => {
    const outside = sources.filter(
      (s) => !s.file.startsWith('apps/server/src/db/') && s.file !== 'apps/server/src/domain/stock-ledger.repo.ts',
    );
    expect(where(outside, writes)).toEqual([]);
  });

  it('the check sees a write (so the test above can fail)', () => {
    const ledger = sources.filter((s) => s.file === 'apps/server/src/domain/stock-ledger.repo.ts');
    expect(where(ledger, writes).length).toBeGreaterThanOrEqual(2); // the Drizzle insert and the sale's SQL
    expect(where([{ file: 'x.ts', text: 'await tx.insert(stockMovements).values(m)' }], writes)).toHaveLength(1);
    expect(where([{ file: 'x.ts', text: '  insert into stock_movements (company_id' }], writes)).toHaveLength(1);
  });
});

describe('each recurring helper defined once', () => {
  const definitions = (name: string) =>
    where(serverCode, new RegExp(`(const|function|let|var)\\s+${name}\\b(\\s*[=(<:])`));

  it.each([
    ['containsPattern', 'apps/server/src/lib/sql-filters.repo.ts'],
    ['prefixPattern', 'apps/server/src/lib/sql-filters.repo.ts'],
    ['localDayRange', 'apps/server/src/lib/sql-filters.repo.ts'],
    ['receiptNumberOf', 'apps/server/src/domain/document-numbers.ts'],
    ['returnNumberOf', 'apps/server/src/domain/document-numbers.ts'],
    ['receiptNumberSql', 'apps/server/src/domain/document-numbers.ts'],
    ['pgErrorOf', 'apps/server/src/lib/pg-errors.ts'],
    ['isUniqueViolation', 'apps/server/src/lib/pg-errors.ts'],
    ['queryRows', 'apps/server/src/db/client.ts'],
    ['dailyRows', 'apps/server/src/domain/sales-figures.repo.ts'],
    ['nextReceiptNumber', 'apps/server/src/domain/document-numbers.repo.ts'],
    ['nextReturnNumber', 'apps/server/src/domain/document-numbers.repo.ts'],
    ['rowsOf', undefined],
    ['createdWithin', undefined],
  ])('%s', (name, file) => {
    const found = definitions(name);
    if (file === undefined) expect(found).toEqual([]);
    else expect(found.map((f) => f.split(':')[0])).toEqual([file]);
  });

  it('no copies of their bodies elsewhere', () => {
    const except = (...files: string[]) => serverCode.filter((s) => !files.includes(s.file));
    // The receipt and return number format (RCP-000042, RET-000007); tests keep their own expectations.
    expect(
      where(
        sources.filter((s) => s.file !== 'apps/server/src/domain/document-numbers.ts'),
        /padStart\(6|lpad\(|['"`]RC[P]-(['"`]|\$\{)|['"`]RE[T]-\$\{/,
      ),
    ).toEqual([]);
    // The SQLSTATE walk down `cause`, and the unique-violation code.
    expect(where(except('apps/server/src/lib/pg-errors.ts'), /'23505'|\.cause\b/)).toEqual([]);
    // Raw results read through queryRows, not cast.
    expect(where(serverCode, /as unknown as \{\s*rows/)).toEqual([]);
    // LIKE escaping.
    expect(where(except('apps/server/src/lib/sql-filters.repo.ts'), /replace\(\/\[\\\\%_\]/)).toEqual([]);
    // The local-day bounds.
    expect(where(except('apps/server/src/lib/sql-filters.repo.ts'), /::date \+ 1\)::timestamp at time zone/)).toEqual(
      [],
    );
  });
});

describe('the docs name only what exists', () => {
  // README.md, docs/ARCHITECTURE.md and every topic page under docs/.
  const docFiles = ['README.md', ...filesUnder(path.join(root, 'docs'), /\.md$/).map(rel)];
  const docs = docFiles.map((f) => readFileSync(path.join(root, f), 'utf8')).join('\n');

  it('covers every page under docs/', () => {
    expect(docFiles).toContain('docs/ARCHITECTURE.md');
    expect(docFiles.filter((f) => f.startsWith('docs/architecture/')).length).toBeGreaterThan(10);
  });

  it('every `camelCase` or `name()` in them is in the code', () => {
    const named = new Set(
      [...docs.matchAll(/`([a-z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*|[a-z_][a-z0-9_]*)\(\)`/g)]
        .map((m) => m[1])
        .concat([...docs.matchAll(/`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)`/g)].map((m) => m[1]))
        .filter((n): n is string => Boolean(n)),
    );
    const code = ['apps', 'packages', 'scripts', 'bench', 'e2e']
      .flatMap((dir) => codeFiles(path.join(root, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const missing = [...named].filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
    expect(missing).toEqual([]);
  });

  // A backticked file name or path (`lib/access.ts`, `e2e/a11y.spec.ts`) names a file of the repository:
  // the path itself from the root, or the end of one (a path relative to its app or folder).
  const filePath = /^[\w@.-][\w@./-]*\.(ts|tsx|mts|mjs|js|json|md|sql|css|yaml|yml|html)$/;
  const generated = new Set(['.tmp/openapi.json', 'apps/server/dist/main.js']);
  const repoFiles = ['apps', 'packages', 'scripts', 'bench', 'e2e', 'docs']
    .flatMap((dir) => filesUnder(path.join(root, dir), /./))
    .concat(
      readdirSync(root)
        .filter((name) => statSync(path.join(root, name)).isFile())
        .map((n) => path.join(root, n)),
    )
    .map(rel);
  const namesAFile = (name: string) =>
    generated.has(name) || repoFiles.some((file) => file === name || file.endsWith(`/${name}`));

  it('every backticked file path in them names a file that exists', () => {
    // `../shared/...` (the spec and the design) lies beside the repository, not in it.
    const paths = new Set(
      [...docs.matchAll(/`([^`\s]+)`/g)]
        .map((m) => m[1])
        .filter((t): t is string => t !== undefined && filePath.test(t) && !t.startsWith('../')),
    );
    expect(paths.size).toBeGreaterThan(50);
    expect([...paths].filter((name) => !namesAFile(name))).toEqual([]);
  });

  it('the path check sees a missing file (so the test above can fail)', () => {
    expect(namesAFile('domain/stock-ledger.repo.ts')).toBe(true);
    expect(namesAFile('lib/stock-ledger.repo.ts')).toBe(false);
    expect(filePath.test('features/<feature>/<feature>.routes.ts')).toBe(false);
  });
});
