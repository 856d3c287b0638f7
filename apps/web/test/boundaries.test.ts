import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web boundaries of DESIGN.md section 3 are the repository's biome.json: kebab-case file names, no
 * cross-feature imports and no import cycles. Probe files are linted with that configuration in a scratch copy of the
 * folder layout (never in the working tree, which others may be linting at the same time). Besides:
 * the API is called from one module per endpoint family, and no component file is over 250 lines.
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
const CROSS = 'lint/style/noRestrictedImports';
const NAMING = 'lint/style/useFilenamingConvention';
const CYCLE = 'lint/suspicious/noImportCycles';

const probeText = (target: string) =>
  target ? `import { x } from '${target}';\n\nexport const probe = x;\n` : 'export const probe = 1;\n';

/** [file, what it imports (nothing: ''), whether it must fail the rule, the rule] */
const PROBES: Array<[string, string, boolean, string]> = [
  ['apps/web/src/features/inventory/components/StockProbe.tsx', '', true, NAMING],
  ['apps/web/src/features/inventory/components/stock-probe.tsx', '', false, NAMING],
  ['apps/web/src/features/inventory/probe-a.ts', '../categories/api/x', true, CROSS],
  ['apps/web/src/features/inventory/components/probe-b.ts', '../../categories/components/x', true, CROSS],
  ['apps/web/src/features/inventory/components/probe-c.ts', '../../../features/categories/x', true, CROSS],
  ['apps/web/src/features/pos/components/cart/probe-d.ts', '../../../products/api/x', true, CROSS],
  ['apps/web/src/lib/probe-e.ts', '../features/products/api/x', true, CROSS],
  ['apps/web/src/components/probe-f.ts', '../features/dashboard/components/x', true, CROSS],
  ['apps/web/src/features/inventory/probe-g.ts', './components/x', false, CROSS],
  ['apps/web/src/features/inventory/probe-h.ts', '../../lib/api/inventory.api', false, CROSS],
  ['apps/web/src/features/inventory/components/probe-i.ts', '../hooks/x', false, CROSS],
  ['apps/web/src/features/inventory/components/probe-j.ts', '../../../lib/api/categories.api', false, CROSS],
  ['apps/web/src/features/inventory/components/probe-k.ts', '../../../components/stat-card', false, CROSS],
  ['apps/web/src/features/pos/components/cart/probe-l.ts', '../../store/cart-store', false, CROSS],
  ['apps/web/src/app/probe-m.ts', '../features/pos/components/x', false, CROSS],
  // Two modules importing each other are a cycle; a module importing one of them is not in it.
  ['apps/web/src/lib/printing/cycle-a.ts', './cycle-b', true, CYCLE],
  ['apps/web/src/lib/printing/cycle-b.ts', './cycle-a', true, CYCLE],
  ['apps/web/src/lib/printing/chain-c.ts', './cycle-a', false, CYCLE],
];

/** The rules Biome reports per probe file, with the repository's biome.json, in one run. */
let reported: Map<string, string[]>;
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'pos-boundaries-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  delete config.vcs;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  for (const [file, target] of PROBES) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), probeText(target));
  }
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', 'apps'], { cwd: scratch, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`biome gave no report: ${out}`);
  const report = JSON.parse(line) as { diagnostics: Array<{ category: string; location: { path: string } }> };
  reported = new Map();
  for (const d of report.diagnostics) {
    reported.set(d.location.path, [...(reported.get(d.location.path) ?? []), d.category]);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('web boundaries in biome.json', () => {
  it.each(PROBES)('%s importing %j: fails %s %s', (file, _target, fails, rule) => {
    expect((reported.get(file) ?? []).includes(rule)).toBe(fails);
  });
});

/** Every .ts/.tsx file under apps/web/src, relative to it. */
function sourceFiles(): string[] {
  const src = join(root, 'apps/web/src');
  return (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => relative(src, join(src, file)));
}
const readSource = (file: string) => readFileSync(join(root, 'apps/web/src', file), 'utf8');

/**
 * The endpoint family of a path the web app calls: its first segment ('/products/{id}' -> products),
 * two for the families that share a prefix on the server ('/auth/me' -> auth/me, '/settings/tax' ->
 * settings/tax). A path that starts with an expression has no family: fetchers name their paths.
 */
function family(path: string): string {
  const segments = path.split(/[/?]/).filter(Boolean);
  if (segments.length === 0 || segments[0]?.includes('${')) return `(computed: ${path})`;
  const [first = '', second = ''] = segments;
  return first === 'auth' || first === 'settings' ? `${first}/${second.split('$')[0]}` : first;
}

describe('web api modules', () => {
  const calls = sourceFiles()
    .filter((file) => file !== 'lib/api/index.ts')
    .flatMap((file) =>
      [...readSource(file).matchAll(/apiRequest\b[^(]*?\(\s*(['`])(.*?)\1/gs)].map((m) => ({
        file,
        family: family(m[2] ?? ''),
      })),
    );

  it('finds the calls', () => {
    expect(calls.length).toBeGreaterThan(30);
  });

  it('calls the API only from api modules: lib/api/<family>.api.ts or features/<f>/api/<family>.api.ts', () => {
    const outside = calls
      .map((c) => c.file)
      .filter((file) => !/^(lib|features\/[a-z-]+)\/api\/[a-z-]+\.api\.ts$/.test(file));
    expect([...new Set(outside)]).toEqual([]);
  });

  it('keeps in lib/api only the fetcher modules that several features import', () => {
    const modules = sourceFiles().filter((file) => /^lib\/api\/[a-z-]+\.api\.ts$/.test(file));
    expect(modules.length).toBeGreaterThan(5);
    const single = modules.filter((module) => {
      const name = module.replace(/^lib\/api\//, '').replace(/\.ts$/, '');
      const importers = new Set(
        sourceFiles()
          .filter((file) => new RegExp(`from '[./]*(lib/api/|\\./)${name}'`).test(readSource(file)))
          .map((file) => /^features\/([a-z-]+)\//.exec(file)?.[1] ?? file),
      );
      return importers.size < 2;
    });
    expect(single).toEqual([]);
  });

  it('has one fetcher module per endpoint family', () => {
    const files = new Map<string, Set<string>>();
    for (const { family: key, file } of calls) files.set(key, (files.get(key) ?? new Set()).add(file));
    const shared = [...files].filter(([, where]) => where.size > 1).map(([key, where]) => `${key}: ${[...where]}`);
    expect(shared).toEqual([]);
    expect([...files.keys()].filter((key) => key.startsWith('(computed'))).toEqual([]);
  });
});

describe('web paged lists', () => {
  it('renders the pager only in PagedTable (and the category tree, paged in the browser)', () => {
    const pagers = sourceFiles().filter((file) => /from '[^']*pager-footer'/.test(readSource(file)));
    expect(pagers.sort()).toEqual(['components/paged-table.tsx', 'features/categories/components/categories-page.tsx']);
  });

  it('holds no page of its own outside usePagedList and useLocalPages', () => {
    const own = sourceFiles().filter((file) => /useState\(1\)|filterKey|useKeepPageInRange\(/.test(readSource(file)));
    expect(own).toEqual(['lib/use-paged-list.ts']);
  });
});

describe('web component size', () => {
  it('has no component file over 250 lines', () => {
    const long = sourceFiles()
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => ({ file, lines: readSource(file).split('\n').length - 1 }))
      .filter(({ lines }) => lines > 250)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
