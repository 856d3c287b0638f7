import { build } from 'esbuild';

// One file per entry; node_modules stay external, the shared package is bundled in from source.
await build({
  entryPoints: ['src/main.ts', 'src/create-admin.ts', 'src/fbr-sim.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@pos/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
