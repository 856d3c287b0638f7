// npm run build -w apps/web: Vite's production build, then compress-dist.mjs. A production build whatever
// NODE_ENV the caller has: under NODE_ENV=test (vitest) or development, Vite builds React's development code
// and import.meta.env.PROD is false (no service worker registered). Set before Vite is loaded.
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV = 'production';
const { build } = await import('vite');
await build({ root: fileURLToPath(new URL('..', import.meta.url)) });
await import('./compress-dist.mjs');
