import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { API_BASE } from '../../../lib/api';

/**
 * Is the server reachable? The browser's online/offline events and every failed call of the register
 * (a network error) say offline; a probe of GET /api/health every few seconds while offline says when
 * it is back (a stopped server leaves navigator.onLine true, so the probe is what notices).
 */
export type ConnectivityState = {
  online: boolean;
  /** When the register went offline (ms since epoch), null while online. */
  offlineSince: number | null;
  markOffline: () => void;
  markOnline: () => void;
};

export const connectivityStore = createStore<ConnectivityState>()((set, get) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  offlineSince: typeof navigator === 'undefined' || navigator.onLine ? null : Date.now(),
  markOffline: () => {
    if (get().online) set({ online: false, offlineSince: Date.now() });
    startProbe();
  },
  markOnline: () => {
    if (!get().online) set({ online: true, offlineSince: null });
  },
}));

export const useConnectivity = <T>(selector: (s: ConnectivityState) => T) => useStore(connectivityStore, selector);
export const isOnline = () => connectivityStore.getState().online;

export const PROBE_INTERVAL_MS = 3000;
let probeTimer: ReturnType<typeof setTimeout> | null = null;

/** One GET /api/health: true when the server answered. */
export async function probeServer(): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE}/health`, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

function startProbe() {
  if (probeTimer) return;
  const tick = async () => {
    const reachable = await probeServer();
    if (reachable) {
      probeTimer = null;
      connectivityStore.getState().markOnline();
      return;
    }
    probeTimer = setTimeout(() => void tick(), PROBE_INTERVAL_MS);
  };
  probeTimer = setTimeout(() => void tick(), PROBE_INTERVAL_MS);
}

let watching = false;
/** Listens to the browser's online/offline events once; the register calls it when it mounts. */
export function watchConnectivity(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('offline', () => connectivityStore.getState().markOffline());
  window.addEventListener('online', () => {
    void probeServer().then((ok) =>
      ok ? connectivityStore.getState().markOnline() : connectivityStore.getState().markOffline(),
    );
  });
  if (!navigator.onLine) startProbe();
}

/** A failure that means the server is out of reach (not an answer): an ApiError with status 0. */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}
