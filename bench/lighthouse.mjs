#!/usr/bin/env node
// Lighthouse on the sign-in page and the register: accessibility score (target 100) and the register's layout
// shift on a phone (CLS, target < 0.1).
//
//   node bench/lighthouse.mjs [--no-build] [--runs 3]
//
// 1. builds the web app and the server unless --no-build, and starts apps/server/dist/main.js on a fresh embedded
//    database with the demo data (port BENCH_PORT, default 3992);
// 2. Debian's Chromium (/usr/bin/chromium, the flags of DESIGN.md section 2) in one persistent profile, started
//    through Playwright with a remote-debugging port: the profile signs in as the cashier once (the session lives in
//    localStorage), then Lighthouse (the npm package) attaches to the same browser with storage reset off;
// 3. per run: sign-in (a signed-out profile) and the register (/dashboard/pos), each with Lighthouse's mobile
//    defaults (Moto G Power screen, simulated slow 4G and 4x CPU) and its desktop preset; categories accessibility
//    and performance. Reported: accessibility score and failing audits, CLS, TBT, performance score;
// 4. prints the JSON result, writes bench/results/lighthouse.json, stops the server, removes the temp dirs.
//
// Every loop is bounded; all traffic goes to 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildServer, buildWeb, loadAverage, option, root, startServer, writeResult } from './lib.mjs';

const args = process.argv.slice(2);
const RUNS = option('runs', 3);
const PORT = Number(process.env.BENCH_PORT ?? 3992);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_A11Y = 100;
const TARGET_CLS = 0.1;
// DESIGN.md section 2: how Debian's Chromium is started here.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const log = (...m) => console.error('[lighthouse bench]', ...m);

/** A Lighthouse config: mobile defaults, or the desktop preset. */
function configFor(formFactor) {
  const settings = { onlyCategories: ['accessibility', 'performance'] };
  if (formFactor === 'desktop') return { ...desktopConfig, settings: { ...desktopConfig.settings, ...settings } };
  return { extends: 'lighthouse:default', settings };
}

async function audit(url, formFactor) {
  const result = await lighthouse(
    url,
    { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: true },
    configFor(formFactor),
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const failing = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => a.id);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    failingAccessibilityAudits: failing,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function main() {
  const loadBefore = loadAverage();
  if (!args.includes('--no-build')) {
    log('building the web app and the server');
    buildWeb();
    buildServer();
  }
  const webDist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html missing: build first`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-lighthouse-data-'));
  const profiles = [];
  let server;
  try {
    log(`starting the server on port ${PORT} (embedded database in ${dataDir})`);
    server = await startServer({
      port: PORT,
      env: { DATA_DIR: dataDir, WEB_DIST: webDist, SEED_DEMO: 'auto', DATABASE_URL: undefined },
    });

    /** A browser profile Lighthouse can attach to; `signedIn` signs the cashier in first. */
    async function withBrowser(signedIn, run) {
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-lighthouse-profile-'));
      profiles.push(profile);
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: '/usr/bin/chromium',
        headless: true,
        baseURL: BASE,
        args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${DEBUG_PORT}`],
      });
      try {
        if (signedIn) {
          const page = await context.newPage();
          await page.goto('/login');
          await page.getByLabel('Username').fill('cashier');
          await page.getByLabel('Password').fill('Demo1234');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
          await page.goto('about:blank');
        }
        return await run();
      } finally {
        await context.close();
      }
    }

    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      log(`run ${i + 1} of ${RUNS}`);
      const signIn = await withBrowser(false, async () => ({
        mobile: await audit(`${BASE}/login`, 'mobile'),
        desktop: await audit(`${BASE}/login`, 'desktop'),
      }));
      const register = await withBrowser(true, async () => ({
        mobile: await audit(`${BASE}/dashboard/pos`, 'mobile'),
        desktop: await audit(`${BASE}/dashboard/pos`, 'desktop'),
      }));
      if (!register.mobile.finalUrl.endsWith('/dashboard/pos')) {
        throw new Error(`the register run ended at ${register.mobile.finalUrl} (not signed in?)`);
      }
      runs.push({ signIn, register });
      log(JSON.stringify(runs.at(-1)));
    }

    const pick = (page, form, key) => runs.map((r) => r[page][form][key]);
    const summary = {};
    for (const page of ['signIn', 'register']) {
      for (const form of ['mobile', 'desktop']) {
        summary[`${page}.${form}`] = {
          accessibility: { min: Math.min(...pick(page, form, 'accessibility')), target: TARGET_A11Y },
          cls: { median: median(pick(page, form, 'cls')), max: Math.max(...pick(page, form, 'cls')) },
          tbtMs: { median: median(pick(page, form, 'tbtMs')), max: Math.max(...pick(page, form, 'tbtMs')) },
          performance: {
            median: median(pick(page, form, 'performance')),
            min: Math.min(...pick(page, form, 'performance')),
          },
        };
      }
    }
    const meetsTargets =
      ['signIn.mobile', 'signIn.desktop', 'register.mobile', 'register.desktop'].every(
        (k) => summary[k].accessibility.min >= TARGET_A11Y,
      ) && summary['register.mobile'].cls.max < TARGET_CLS;
    const result = {
      when: new Date().toISOString(),
      runs: RUNS,
      lighthouse: JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version,
      chromium: '/usr/bin/chromium',
      loadAverage: { before: loadBefore, after: loadAverage() },
      targets: { accessibility: TARGET_A11Y, registerMobileCls: `< ${TARGET_CLS}` },
      meetsTargets,
      summary,
      perRun: runs,
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult('lighthouse', result);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const profile of profiles) fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
