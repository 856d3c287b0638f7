import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { taxQueryOptions } from '../../../lib/api/tax.api';
import { branchSettings } from '../offline/catalogue-sync';
import { cartStore } from '../store/cart-store';

/**
 * Carts belong to a branch: a new branch starts fresh carts, then takes its tax percent as their
 * default: the rate of the last catalogue sync as soon as it is read from IndexedDB, then the server's
 * setting when it answers. Offline the server's answer never comes (or comes as an error after a retry),
 * and a sale paid before then must not go at 0 % (a cart is made before any rate is known).
 */
export function useCartBranch(branchId: string | null) {
  // Asked whatever navigator.onLine says (a failure leaves the stored rate), retried once.
  const tax = useQuery({
    ...taxQueryOptions(branchId ?? ''),
    enabled: Boolean(branchId),
    networkMode: 'always',
    retry: 1,
  });
  // undefined: not read yet; null: this device has no rate stored for the branch.
  const [localRate, setLocalRate] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (branchId) cartStore.getState().resetForBranch(branchId);
  }, [branchId]);
  useEffect(() => {
    setLocalRate(undefined);
    if (!branchId) return;
    let stale = false;
    void branchSettings(branchId)
      .then((s) => {
        if (stale) return;
        setLocalRate(s?.taxRate ?? null);
        // The POS service fee as the last catalogue sync said it (each sync applies it again).
        cartStore.getState().applyBranchServiceFee(branchId, s?.serviceFee ?? 0);
      })
      .catch(() => !stale && setLocalRate(null));
    return () => {
      stale = true;
    };
  }, [branchId]);
  const rate = tax.data?.taxRate;
  const serverRate = typeof rate === 'number' && Number.isFinite(rate) ? rate : tax.isSuccess ? 0 : undefined;
  // No server answer and nothing stored: 0 once the server has failed (a register that never synced).
  const taxRate =
    serverRate ?? (typeof localRate === 'number' ? localRate : tax.isError && localRate === null ? 0 : undefined);
  useEffect(() => {
    if (branchId && taxRate !== undefined) cartStore.getState().applyBranchTaxRate(branchId, taxRate);
  }, [branchId, taxRate]);
}
