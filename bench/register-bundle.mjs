#!/usr/bin/env node
// The register's first-load JavaScript as Chromium loads it (target <= 250 KB gzip, the service worker and
// Dexie included), and a check that the service worker precaches every JS chunk (the lazy dialogs open offline).
//
//   node bench/register-bundle.mjs [--no-build] [--top 15]
//
// Run it under the e2e lock when it builds (it writes apps/web/dist):
//   flock /tmp/pos-e2e.lock node bench/register-bundle.mjs
//
// 1. builds the web app and the server (npm run build -w apps/web, -w apps/server) unless --no-build, and starts
//    apps/server/dist/main.js on a fresh embedded database with the demo data (cashier / Demo1234) serving
//    apps/web/dist (port BENCH_PORT, default 3992);
// 2. headless Chromium (/usr/bin/chromium through Playwright), with Playwright's service worker network events on
//    (PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS): context A signs in as the cashier and keeps the session;
//    context B starts from it with an empty cache and no service worker and opens /dashboard/pos. Counted: every
//    JavaScript response of the page (registerSW.js included) until the Barcode field shows, the network is idle
//    and the service worker is active, plus the worker's own script (sw.js) and what it imports (the Workbox
//    runtime). Per file: gzip -9 of the body computed here (so the figure does not depend on the server's
//    compression) and the bytes transferred. What the worker then precaches in the background (every asset of the
//    build, for offline) is reported apart: it is not what the register needs to open.
//    Two openings: (a) the register's first opening with no shift open (the "Open a shift" prompt loads with it),
//    then the shift is opened; (b) after clearing the HTTP cache, the Cache Storage and the service worker (the
//    session and IndexedDB kept: the same register with its shift open), /dashboard/pos again.
// 3. precache check: every .js file of apps/web/dist (lazy chunks included) must be in the worker's cache;
//    BENCH_WEB_DIST=<dir> with --no-build measures another build of the web app (a comparison before a change).
// 4. prints the JSON result, writes bench/results/register-bundle.json, stops the server, removes the temp dir.
//    Exit code 1 when an opening is over the target or a chunk is not precached.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
const { chromium } = await import('@playwright/test');
const { buildServer, buildWeb, loadAverage, option, root, startServer, writeResult } = await import('./lib.mjs');

const args = process.argv.slice(2);
const TOP = option('top', 15);
const PORT = Number(process.env.BENCH_PORT ?? 3992);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_KB = 250;
const log = (...m) => console.error('[register-bundle bench]', ...m);
const kb = (n) => +(n / 1024).toFixed(1);
const isJs = (url) => /\.m?js(\?|$)/.test(new URL(url).pathname);

/** Records the JavaScript responses of a context: the page's and the service worker's. */
function recordJs(context) {
  const state = { phase: null, entries: [], pending: [] };
  context.on('response', (response) => {
    const request = response.request();
    if (!state.phase || !isJs(response.url())) return;
    const phase = state.phase;
    const fromWorker = Boolean(request.serviceWorker());
    state.pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await request.sizes().catch(() => ({ responseBodySize: -1 }));
        const url = new URL(response.url());
        state.entries.push({
          phase,
          by: fromWorker ? 'service worker' : 'page',
          path: url.host === `127.0.0.1:${PORT}` ? url.pathname : url.href,
          status: response.status(),
          transferred: sizes.responseBodySize,
          decoded: body.length,
          gzip9: body.length ? zlib.gzipSync(body, { level: 9 }).length : 0,
        });
      })(),
    );
  });
  return state;
}

/** The worker's script and its importScripts (the Workbox runtime), from the server when no event showed them. */
async function workerScripts(page, seen) {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
  if (!scriptUrl) throw new Error('no active service worker');
  const files = [];
  /** Counts one worker script (as observed when an event showed it, else fetched here); answers its text. */
  const take = async (p) => {
    const res = await fetch(`${BASE}${p}`);
    const body = Buffer.from(await res.arrayBuffer());
    const known = seen.find((e) => e.path === p && e.status === 200);
    files.push(
      known
        ? { ...known, by: 'service worker script', observed: true }
        : {
            phase: 'worker',
            by: 'service worker script',
            observed: false,
            path: p,
            status: res.status,
            transferred: -1,
            decoded: body.length,
            gzip9: zlib.gzipSync(body, { level: 9 }).length,
          },
    );
    return body.toString();
  };
  const text = await take(new URL(scriptUrl).pathname);
  for (const m of text.matchAll(/define\(\[["']\.\/(workbox-[\w-]+)["']/g)) await take(`/${m[1]}.js`);
  return files;
}

function summarize(files) {
  const sorted = [...files].sort((a, b) => b.gzip9 - a.gzip9);
  const gzip9 = files.reduce((n, f) => n + f.gzip9, 0);
  const transferred = files.reduce((n, f) => n + Math.max(0, f.transferred), 0);
  return {
    files: files.length,
    gzip9KB: kb(gzip9),
    transferredKB: kb(transferred),
    withinTarget: gzip9 <= TARGET_KB * 1024,
    biggest: sorted.slice(0, TOP).map((f) => ({ path: f.path, by: f.by, gzip9KB: kb(f.gzip9) })),
    all: sorted.map((f) => ({
      path: f.path,
      by: f.by,
      gzip9: f.gzip9,
      decoded: f.decoded,
      transferred: f.transferred,
    })),
  };
}

/** Opens /dashboard/pos and waits for the register, an idle network and an active service worker. */
async function openRegister(page, recorder, phase, expectPrompt) {
  recorder.phase = phase;
  const start = Date.now();
  await page.goto('/dashboard/pos');
  await page.getByLabel('Barcode').waitFor({ state: 'visible', timeout: 30_000 });
  const ready = expectPrompt
    ? page.getByRole('dialog', { name: 'Open a shift' })
    : page.getByRole('button', { name: /^Shift R\d+$/ });
  await ready.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  const ms = Date.now() - start;
  recorder.phase = null;
  await Promise.all(recorder.pending);
  const entries = recorder.entries.filter((e) => e.phase === phase);
  const pageFiles = entries.filter((e) => e.by === 'page');
  const worker = await workerScripts(page, entries);
  const precached = entries.filter((e) => e.by === 'service worker' && !worker.some((w) => w.path === e.path));
  return {
    readyMs: ms,
    firstLoad: summarize([...pageFiles, ...worker]),
    workerScriptsObserved: worker.every((w) => w.observed),
    precachedInBackground: { files: precached.length, gzip9KB: kb(precached.reduce((n, e) => n + e.gzip9, 0)) },
  };
}

async function precacheCheck(page) {
  const cached = await page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  const js = [
    ...fs.readdirSync(path.join(dist, 'assets')).map((f) => `/assets/${f}`),
    ...fs.readdirSync(dist).map((f) => `/${f}`),
    // The worker's own script and the Workbox runtime it imports are the browser's to keep, not the precache's.
  ].filter((p) => p.endsWith('.js') && p !== '/sw.js' && !/^\/workbox-[\w-]+\.js$/.test(p));
  const missing = js.filter((p) => !cached.includes(p));
  return { jsFilesInBuild: js.length, precached: js.length - missing.length, missing };
}

async function main() {
  const loadBefore = loadAverage();
  if (!args.includes('--no-build')) {
    log('building the web app and the server');
    buildWeb();
    buildServer();
  }
  const webDist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html missing: build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-register-bundle-'));
  let server;
  let browser;
  try {
    log(`starting the server on port ${PORT} (embedded database in ${dataDir})`);
    server = await startServer({
      port: PORT,
      env: { DATA_DIR: dataDir, WEB_DIST: webDist, SEED_DEMO: 'auto', DATABASE_URL: undefined },
    });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });

    const contextA = await browser.newContext({ baseURL: BASE });
    const pageA = await contextA.newPage();
    await pageA.goto('/login');
    await pageA.getByLabel('Username').fill('cashier');
    await pageA.getByLabel('Password').fill('Demo1234');
    await pageA.getByRole('button', { name: 'Sign in' }).click();
    await pageA.waitForURL(/\/dashboard$/, { timeout: 30_000 });
    const storageState = await contextA.storageState();
    await contextA.close();

    const context = await browser.newContext({ baseURL: BASE, storageState });
    const recorder = recordJs(context);
    const page = await context.newPage();

    log('(a) first opening of the register: no shift open yet');
    const noShift = await openRegister(page, recorder, 'no-shift', true);
    const precache = await precacheCheck(page);
    const prompt = page.getByRole('dialog', { name: 'Open a shift' });
    await prompt.getByLabel('Opening float').fill('100');
    await prompt.getByRole('button', { name: 'Open shift' }).click();
    await page.getByRole('button', { name: /^Shift R\d+$/ }).waitFor({ state: 'visible', timeout: 30_000 });

    log('(b) the same register, shift open, HTTP cache, Cache Storage and service worker cleared');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'service_workers,cache_storage' });
    await cdp.send('Network.clearBrowserCache');
    await page.goto('about:blank');
    const shiftOpen = await openRegister(page, recorder, 'shift-open', false);
    await context.close();

    const result = {
      benchmark: 'register-bundle',
      date: new Date().toISOString(),
      chromium: browser.version(),
      cpus: os.cpus().length,
      target: `the register's first-load JavaScript <= ${TARGET_KB} KB gzip -9, the service worker and Dexie included`,
      openings: { noShiftOpen: noShift, shiftOpen },
      precache,
      loadBefore,
      loadAfter: loadAverage(),
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult('register-bundle', result);
    for (const [name, o] of Object.entries(result.openings)) {
      log(`${name}: ${o.firstLoad.files} JS files, ${o.firstLoad.gzip9KB} KB gzip -9 (target <= ${TARGET_KB} KB)`);
      for (const f of o.firstLoad.biggest) log(`  ${String(f.gzip9KB).padStart(6)} KB  ${f.path} (${f.by})`);
    }
    log(
      `precache: ${precache.precached} of ${precache.jsFilesInBuild} JS files; missing: ${precache.missing.join(', ') || 'none'}`,
    );
    const ok = Object.values(result.openings).every((o) => o.firstLoad.withinTarget) && precache.missing.length === 0;
    return ok;
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error('[register-bundle bench] failed:', err);
    process.exit(1);
  },
);
