/** The wait before a failed install is tried again; it doubles with each failure, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

/**
 * Registers the app's service worker (vite.config.ts: Workbox precaching every built file) once the page has
 * loaded, and again until a worker is active. Its install fetches the whole precache, about 220 files: one of them
 * failing (a shop's connection dropping, a server restarting, a busy server) throws the new worker away, and the
 * browser tries again only at the next full page load, which a register left open all day may never have: it
 * would sell on without the code it needs offline. So a registration refused by the network, or a worker thrown
 * away before any worker is active, is tried again after 5 s, then 10 s, 20 s ... up to every 5 minutes.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let wait = RETRY_FIRST_MS;
  const again = () => {
    setTimeout(() => void attempt(), wait);
    wait = Math.min(wait * 2, RETRY_MAX_MS);
  };
  const attempt = async () => {
    // null: the script could not be fetched (offline, the server away), not an install that failed.
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
    if (registration === null) return again();
    // Registration refused without an error (a browser that blocks service workers): nothing to try again.
    const worker = registration?.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'redundant' && !registration?.active) again();
    });
  };
  if (document.readyState === 'complete') void attempt();
  else window.addEventListener('load', () => void attempt(), { once: true });
}
