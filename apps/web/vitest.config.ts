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
  },
});
