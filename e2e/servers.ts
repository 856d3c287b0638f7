/**
 * The servers the end-to-end tests drive: one per Playwright worker (`E2E_WORKERS`), each the built app on its own fresh
 * embedded database with the demo data (scripts/e2e-server.mjs), worker N on port E2E_PORT + N. A spec file
 * runs in one worker, so what it writes is seen only by the specs that share its worker's server.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
// Two by default: both cores busy, the suite in 19.9-22.4 min instead of 25-35 with one (2026-11-30).
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The origin of the server that worker `parallelIndex` drives. */
export function serverOrigin(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_PORT + parallelIndex}`;
}
