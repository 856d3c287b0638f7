import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Several files render the whole register in happy-dom and drive it with user-event (a wedge scanner's
    // keys, a payment); on two shared cores with the other suites' workers beside them one such test took
    // over the default 5 s (a CI rehearsal). A slow machine, not a wait for something that may not come.
    testTimeout: 20_000,
    // The UI libraries bundled into one file each (esbuild, once) instead of hundreds of modules loaded again in
    // every test file: the suite's import time 92 s -> 53 s, the suite 134 s -> 114 s (2026-11-30, 72 files).
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/form',
            '@mantine/dates',
            '@mantine/notifications',
            '@mantine/charts',
            '@tabler/icons-react',
            '@tanstack/react-query',
            'react-router',
            'recharts',
            'dayjs',
          ],
        },
      },
    },
  },
});
