import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productKeys } from '../../../lib/api/products.api';
import { shiftKeys } from '../../../lib/api/shifts.api';
import { endOfflineSession } from '../../../lib/session-end';
import { useIsOfflineSession, useSessionStore } from '../../../lib/session-store';
import { anyCartHasItems, persistCarts } from '../offline/cart-persistence';
import { syncCatalogue } from '../offline/catalogue-sync';
import {
  connectivityStore,
  isNetworkFailure,
  probeServer,
  useConnectivity,
  watchConnectivity,
} from '../offline/connectivity';
import { drainOutbox, onSaleRecorded, rememberOpenShift, syncStore } from '../offline/outbox';
import { syncVouchers } from '../offline/voucher-sync';
import { useLiveStock } from './use-live-stock';
import { useShift } from './use-shift';

/**
 * The register's offline machinery while it is open: watches the connection, keeps the carts in
 * IndexedDB, syncs the branch's catalogue and the company's gift vouchers when online (on opening and on every
 * reconnect; the vouchers also after a drain recorded sales), drains the outbox on reconnect and when a new
 * session signs in, keeps the register's open shift for the sales made offline, ends an offline session once
 * the server answers, and asks before a tab holding items closes.
 */
export function useOfflineRegister(branchId: string | null) {
  const online = useConnectivity((s) => s.online);
  const token = useSessionStore((s) => s.token);
  const offlineSession = useIsOfflineSession();
  const queryClient = useQueryClient();
  const { register, shift, isLoading: shiftLoading, isError: shiftError } = useShift();

  useEffect(() => watchConnectivity(), []);
  useLiveStock(branchId);

  useEffect(() => (branchId ? persistCarts(branchId) : undefined), [branchId]);

  useEffect(() => {
    if (!branchId || !online || !token) return;
    const controller = new AbortController();
    void drainOutbox();
    syncCatalogue(branchId, controller.signal)
      .then(() => syncStore.setState({ catalogueSyncedAt: Date.now() }))
      // Then the company's gift vouchers, once the outbox drained (their balances then count its sales).
      .then(() => syncVouchers(branchId, controller.signal))
      .catch((error) => {
        // Unreachable meanwhile: the next reconnect syncs again; the local copy stands.
        if (isNetworkFailure(error)) connectivityStore.getState().markOffline();
      });
    return () => controller.abort();
  }, [branchId, online, token]);

  // The shift a sale made offline belongs to: the last one the server named for this register.
  const registerId = register?.registerId ?? null;
  const shiftId = shift?.id ?? null;
  useEffect(() => {
    if (registerId && !shiftLoading && !shiftError) void rememberOpenShift(registerId, shiftId);
  }, [registerId, shiftId, shiftLoading, shiftError]);

  // Signed in offline (no token) and the server answers again: that session ends, and an online
  // sign-in (anyone of the branch) drains the queue. The carts and the queue stay in this browser.
  useEffect(() => {
    if (!offlineSession || !online) return;
    let cancelled = false;
    void probeServer().then((reachable) => {
      if (cancelled) return;
      if (!reachable) return connectivityStore.getState().markOffline();
      // Signed out: RequireAuth takes the page to /login.
      endOfflineSession();
    });
    return () => {
      cancelled = true;
    };
  }, [offlineSession, online]);

  // A queued sale or cash movement recorded: the server's stock and shift figures are the truth again.
  useEffect(
    () =>
      onSaleRecorded(() => {
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
        void queryClient.invalidateQueries({ queryKey: shiftKeys.all });
      }),
    [queryClient],
  );
  // And the gift vouchers they spent: the server's balances again, now that those sales left the outbox.
  useEffect(() => {
    if (!branchId) return;
    return onSaleRecorded(() => {
      syncVouchers(branchId).catch(() => {});
    });
  }, [branchId]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyCartHasItems()) return;
      event.preventDefault();
      // Chromium shows its own "Leave site?" text; returnValue must be set for older engines.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
