import { useEffect } from 'react';
import { useBranchTaxRate } from '../../../lib/api/tax.api';
import { cartStore } from '../store/cart-store';

/** Carts belong to a branch: a new branch starts fresh carts, then takes its tax percent as their default. */
export function useCartBranch(branchId: string | null) {
  const { taxRate, isSettled } = useBranchTaxRate(branchId);
  useEffect(() => {
    if (branchId) cartStore.getState().resetForBranch(branchId);
  }, [branchId]);
  useEffect(() => {
    if (branchId && isSettled) cartStore.getState().applyBranchTaxRate(branchId, taxRate);
  }, [branchId, isSettled, taxRate]);
}
