import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Mantine's ScrollArea (inside every Modal) takes one hook, `useMergeRefs`, from Floating UI, and with it all of
 * Floating UI (~16 KB gzip) lands in the first load of any screen with a dialog: the register's. That
 * one import resolves to src/lib/merge-refs.ts; the tooltips, menus and selects still use Floating UI.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const mergeRefs = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer) return null;
      return /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer) ? mergeRefs : null;
    },
  };
}

export default defineConfig({
  plugins: [
    scrollAreaWithoutFloatingUi(),
    react(),
    // The register as an installed app: a Workbox service worker (generateSW) precaches the
    // app shell and every chunk, so a reload with the network or the server gone still opens the
    // register. The API is never cached: /api navigations are left to the network, and no runtime
    // caching is declared. A new build takes over at once (autoUpdate: skipWaiting + clientsClaim). The page
    // registers it itself, and tries again when an install fails (src/app/service-worker.ts).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        name: 'POS System',
        short_name: 'POS',
        description: 'Point of sale: the register keeps selling offline',
        start_url: '/dashboard/pos',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#228be6',
        icons: [],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        runtimeCaching: [],
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
