import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { taxQueryOptions } from '../../../lib/api/tax.api';
import { branchSettings } from '../offline/catalogue-sync';
import { cartStore } from '../store/cart-store';

/**
 * Carts belong to a branch: a new branch starts fresh carts, then takes its tax percent as their
 * default: the server's setting, or offline the rate of the last catalogue sync (never a 0 made up
 * because the server could not be asked).
 */
export function useCartBranch(branchId: string | null) {
  // Asked whatever navigator.onLine says (a failure falls back to the stored rate), retried once.
  const tax = useQuery({
    ...taxQueryOptions(branchId ?? ''),
    enabled: Boolean(branchId),
    networkMode: 'always',
    retry: 1,
  });
  const [localRate, setLocalRate] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (branchId) cartStore.getState().resetForBranch(branchId);
  }, [branchId]);
  useEffect(() => {
    if (!branchId || !tax.isError) return;
    let stale = false;
    void branchSettings(branchId)
      .then((s) => !stale && setLocalRate(s?.taxRate ?? null))
      .catch(() => !stale && setLocalRate(null));
    return () => {
      stale = true;
    };
  }, [branchId, tax.isError]);
  const rate = tax.data?.taxRate;
  const serverRate = typeof rate === 'number' && Number.isFinite(rate) ? rate : tax.isSuccess ? 0 : undefined;
  const taxRate = serverRate ?? (tax.isError && localRate !== undefined ? (localRate ?? 0) : undefined);
  useEffect(() => {
    if (branchId && taxRate !== undefined) cartStore.getState().applyBranchTaxRate(branchId, taxRate);
  }, [branchId, taxRate]);
}
