import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's boundaries are the repository's biome.json: a feature imports its own files, src/lib and
 * src/db, never another feature; src/lib and src/db import no feature; and no module takes part in an
 * import cycle. Probe files are linted by Biome with that configuration in a scratch copy of the folder
 * layout (never in the working tree, which others may be linting at the same time).
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
const CYCLE = 'lint/suspicious/noImportCycles';

const probeText = (target: string) => `import { x } from '${target}';\n\nexport const probe = x;\n`;

const src = 'apps/server/src';
/** [file, what it imports, whether it must fail the rule, the rule] */
const PROBES: Array<[string, string, boolean, string]> = [
  [`${src}/features/transactions/probe-a.ts`, '../shifts/shifts.service', true, CROSS],
  [`${src}/features/transactions/probe-b.ts`, '../../features/shifts/shifts.repo', true, CROSS],
  [`${src}/features/transactions/parts/probe-c.ts`, '../../shifts/shifts.service', true, CROSS],
  [`${src}/lib/probe-d.ts`, '../features/shifts/shifts.service', true, CROSS],
  [`${src}/db/probe-e.ts`, '../features/products/products.repo', true, CROSS],
  [`${src}/features/transactions/probe-f.ts`, './transactions.repo', false, CROSS],
  [`${src}/features/transactions/probe-g.ts`, '../../domain/cash-drawer', false, CROSS],
  [`${src}/domain/probe-l.ts`, '../features/shifts/shifts.service', true, CROSS],
  [`${src}/features/transactions/probe-h.ts`, '../../db/client', false, CROSS],
  [`${src}/features/transactions/parts/probe-i.ts`, '../transactions.service', false, CROSS],
  [`${src}/features/transactions/parts/probe-j.ts`, '../../../lib/errors', false, CROSS],
  [`${src}/probe-k.ts`, './features/shifts/shifts.routes', false, CROSS],
  // A cycle of two modules (each imports the other) and of three; a chain without a cycle passes.
  [`${src}/lib/cycle-a.ts`, './cycle-b', true, CYCLE],
  [`${src}/lib/cycle-b.ts`, './cycle-a', true, CYCLE],
  [`${src}/features/shifts/cycle-c.ts`, './cycle-d', true, CYCLE],
  [`${src}/features/shifts/cycle-d.ts`, '../../lib/cycle-e', true, CYCLE],
  [`${src}/lib/cycle-e.ts`, '../features/shifts/cycle-c', true, CYCLE],
  [`${src}/lib/chain-f.ts`, './chain-g', false, CYCLE],
  [`${src}/lib/chain-g.ts`, './chain-h', false, CYCLE],
];
const LEAVES = [`${src}/lib/chain-h.ts`];

/** The rules Biome reports per probe file, with the repository's biome.json, in one run. */
let reported: Map<string, string[]>;
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'pos-server-boundaries-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  delete config.vcs;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), text);
  };
  for (const [file, target] of PROBES) write(file, probeText(target));
  for (const file of LEAVES) write(file, 'export const x = 1;\n');
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

describe('server boundaries and import cycles in biome.json', () => {
  it.each(PROBES)('%s importing %j: fails %s %s', (file, _target, fails, rule) => {
    expect((reported.get(file) ?? []).includes(rule)).toBe(fails);
  });
});
