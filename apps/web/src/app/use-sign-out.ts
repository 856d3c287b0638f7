import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../features/auth/api/auth.api';
import { clearClientSession } from '../lib/session-end';

export const unsyncedSignOutWarning = (n: number) =>
  `${n === 1 ? '1 sale is' : `${n} sales are`} waiting to sync. They stay on this register and sync when anyone of the branch signs in online. Sign out anyway?`;

/** Logout: revoke the session on the server (best effort), then sign out here whatever it answered. */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Queued register sales stay in this browser and sync under the next session; say so first.
    // Loaded on demand: IndexedDB (Dexie) stays out of the pages that never sell.
    const waiting = await import('../features/pos/offline/outbox').then((m) => m.unsyncedCount()).catch(() => 0);
    if (waiting > 0 && !window.confirm(unsyncedSignOutWarning(waiting))) return;
    try {
      await logout();
    } catch (error) {
      console.error('Logout request failed', error);
    }
    clearClientSession();
    navigate('/login', { replace: true });
  }, [navigate]);
}
