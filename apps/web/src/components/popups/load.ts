import { useSyncExternalStore } from 'react';

export type PopupParts = typeof import('./parts');

let parts: PopupParts | null = null;
let loading: Promise<PopupParts> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the popup parts (tooltips, menus, popovers, comboboxes: Floating UI and the Mantine code over it, ~35 KB
 * gzip) once. Until then the controls that need them show as plain buttons and inputs (./deferred.tsx).
 */
export function loadPopupParts(): Promise<PopupParts> {
  loading ??= import('./parts').then(
    (loaded) => {
      parts = loaded;
      for (const listener of listeners) listener();
      return loaded;
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
