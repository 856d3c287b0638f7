import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../src/env';

/** Runtime and dependencies: what the product installs and runs with. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('dependencies', () => {
  it('npm ls finds nothing invalid or missing (esbuild in the range Vite asks for)', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    let out: string;
    try {
      ({ stdout: out } = await promisify(execFile)(npm, ['ls', '--json'], { cwd: root, maxBuffer: 64e6 }));
    } catch (error) {
      // npm ls exits 1 when it has problems; the JSON on stdout says which.
      out = (error as { stdout: string }).stdout;
    }
    const tree = JSON.parse(out) as { problems?: string[] };
    expect(tree.problems ?? []).toEqual([]);
  }, 60_000);

  it('the server runs without pino-pretty: a development-only tool, not a runtime dependency', () => {
    const server = readJson('apps/server/package.json');
    expect(Object.keys(server.dependencies)).not.toContain('pino-pretty');
    expect(Object.keys(server.devDependencies)).toContain('pino-pretty');
    // The app asks for it only when NODE_ENV is development (scripts/dev.mjs); `npm start` is production.
    const app = fs.readFileSync(path.join(root, 'apps/server/src/app.ts'), 'utf8');
    const uses = app.split('\n').filter((line) => line.includes('pino-pretty'));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toContain("env.NODE_ENV === 'development'");
    expect(readEnv({}).NODE_ENV).toBe('production');
  });

  it('the web app neither depends on nor imports @mantine/modals', () => {
    const web = readJson('apps/web/package.json');
    expect(Object.keys(web.dependencies)).not.toContain('@mantine/modals');
    const files = fs.readdirSync(path.join(root, 'apps/web/src'), { recursive: true, encoding: 'utf8' });
    const importers = files.filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        fs.readFileSync(path.join(root, 'apps/web/src', file), 'utf8').includes("from '@mantine/modals'"),
    );
    expect(importers).toEqual([]);
  });

  it('DATABASE_READ_URL is read (the replica of docs/architecture/database.md) and must be a URL', () => {
    const env = readEnv({ DATABASE_READ_URL: 'postgres://replica.example/pos' });
    expect(env.DATABASE_READ_URL).toBe('postgres://replica.example/pos');
    expect(() => readEnv({ DATABASE_READ_URL: 'replica' })).toThrow(/DATABASE_READ_URL/);
  });

  it('Playwright never retries, on CI or off it', async () => {
    const previous = process.env.CI;
    process.env.CI = 'true';
    try {
      const { default: config } = await import('../../../../playwright.config');
      expect(config.retries).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.CI;
      else process.env.CI = previous;
    }
  });
});
