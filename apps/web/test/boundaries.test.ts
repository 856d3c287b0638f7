import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web boundaries of DESIGN.md section 3 are the repository's biome.json: kebab-case file names and
 * no cross-feature imports. Probe files are linted with that configuration in a scratch copy of the
 * folder layout (never in the working tree, which others may be linting at the same time).
 */
/** The repository root: the nearest folder up from where vitest runs that holds biome.json. */
function repositoryRoot(): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'biome.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('biome.json not found');
  }
}
const root = repositoryRoot();
const biome = join(root, 'node_modules/.bin/biome');
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'pos-boundaries-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  delete config.vcs;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rules that fail on the file (empty when it passes). */
function lint(path: string, text: string): string[] {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  try {
    const out = execFileSync(biome, ['lint', '--reporter=json', path], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return rules(out);
  } catch (error) {
    return rules(String((error as { stdout?: string }).stdout ?? ''));
  } finally {
    rmSync(file);
  }
}

function rules(out: string): string[] {
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`biome gave no report: ${out}`);
  const report = JSON.parse(line) as { diagnostics: Array<{ category: string }> };
  return report.diagnostics.map((d) => d.category);
}

const CROSS = 'lint/style/noRestrictedImports';

describe('web boundaries in biome.json', () => {
  it('fails on a PascalCase file name and passes its kebab-case twin', () => {
    const text = 'export const probe = 1;\n';
    expect(lint('apps/web/src/features/inventory/components/StockProbe.tsx', text)).toContain(
      'lint/style/useFilenamingConvention',
    );
    expect(lint('apps/web/src/features/inventory/components/stock-probe.tsx', text)).toEqual([]);
  });

  it.each([
    ['apps/web/src/features/inventory/probe.ts', '../categories/api/x'],
    ['apps/web/src/features/inventory/components/probe.ts', '../../categories/components/x'],
    ['apps/web/src/features/inventory/components/probe.ts', '../../../features/categories/x'],
    ['apps/web/src/features/pos/components/cart/probe.ts', '../../../products/api/x'],
    ['apps/web/src/lib/probe.ts', '../features/products/api/x'],
    ['apps/web/src/components/probe.ts', '../features/dashboard/components/x'],
  ])('fails on %s importing %s', (path, target) => {
    expect(lint(path, `import { x } from '${target}';\n\nexport const probe = x;\n`)).toContain(CROSS);
  });

  it.each([
    ['apps/web/src/features/inventory/probe.ts', './components/x'],
    ['apps/web/src/features/inventory/probe.ts', '../../lib/api/inventory.api'],
    ['apps/web/src/features/inventory/components/probe.ts', '../hooks/x'],
    ['apps/web/src/features/inventory/components/probe.ts', '../../../lib/api/categories.api'],
    ['apps/web/src/features/inventory/components/probe.ts', '../../../components/stat-card'],
    ['apps/web/src/features/pos/components/cart/probe.ts', '../../store/cart-store'],
    ['apps/web/src/app/probe.ts', '../features/pos/components/x'],
  ])('passes %s importing %s', (path, target) => {
    expect(lint(path, `import { x } from '${target}';\n\nexport const probe = x;\n`)).not.toContain(CROSS);
  });
});
