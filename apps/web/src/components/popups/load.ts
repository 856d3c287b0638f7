import { useSyncExternalStore } from 'react';

export type PopupParts = typeof import('./parts');

let parts: PopupParts | null = null;
let loaded: PopupParts | null = null;
let loading: Promise<PopupParts> | null = null;
const listeners = new Set<() => void>();

/**
 * Swapping a plain control for its loaded one replaces its element, and a browser sends the click (a Space key's
 * too) to the element that took the press: one replaced between press and release gets none. The first touch of a
 * page starts the load and the parts come from the service worker's cache in a few milliseconds, well inside a
 * tap, so the swap waits while a pointer or a key is down, until just after the release (and its click).
 */
let held = false;
const presses = new AbortController();
const press = () => {
  held = true;
};
const release = () => {
  // After the click that follows the release in the same input task.
  setTimeout(() => {
    held = false;
    publish();
  });
};

function watchPresses() {
  const options = { capture: true, passive: true, signal: presses.signal };
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, press, options);
  for (const type of ['pointerup', 'pointercancel', 'keyup']) document.addEventListener(type, release, options);
  window.addEventListener('blur', release, { signal: presses.signal });
}

function publish() {
  if (!loaded || held || parts) return;
  parts = loaded;
  presses.abort();
  for (const listener of listeners) listener();
}

/**
 * Loads the popup parts (tooltips, menus, popovers, comboboxes: Floating UI and the Mantine code over it, ~35 KB
 * gzip) once. Until then the controls that need them show as plain buttons and inputs (./deferred.tsx).
 */
export function loadPopupParts(): Promise<PopupParts> {
  loading ??= import('./parts').then(
    (module) => {
      loaded = module;
      publish();
      return module;
    },
    (error: unknown) => {
      loading = null; // a failed fetch is tried again at the next interaction
      throw error;
    },
  );
  return loading;
}

// Not focusin: the register's Barcode field takes the focus on arrival, which is no interaction.
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'touchstart'] as const;

function loadOnFirstInteraction() {
  const start = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    loadPopupParts().catch(() => {
      for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
    });
  };
  for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
}

let watching = false;
function subscribe(listener: () => void) {
  if (!watching && !parts) {
    watching = true;
    watchPresses();
    loadOnFirstInteraction();
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The popup parts once loaded, else null; the first interaction with the page (pointer, key, focus) loads them. */
export function usePopupParts(): PopupParts | null {
  return useSyncExternalStore(
    subscribe,
    () => parts,
    () => parts,
  );
}
