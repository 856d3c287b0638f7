import type { Product } from '@pos/shared';
import { useState } from 'react';
import { findProductBySku, priceCheck } from '../../../lib/api/products.api';
import { notifyError } from '../../../lib/notify';
import { isNetworkFailure, isOnline } from '../offline/connectivity';
import { localPriceCheck, localProductBySku } from '../offline/local-catalogue';
import { notifyWarning, POS_TEXT } from '../utils/notices';
import { useAddToCart } from './use-add-to-cart';

/** The server's answer online; the local store's offline or when the server is out of reach. */
async function withLocalFallback<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
  if (!isOnline()) return local();
  try {
    return await remote();
  } catch (error) {
    if (isNetworkFailure(error)) return local();
    throw error;
  }
}

/**
 * The register's two lookups by code: a scanned barcode (the exact SKU) goes into the cart; a price
 * check shows the product found (the search with limit 1) in its result dialog.
 */
export function useProductLookups(branchId: string | null) {
  const addToCart = useAddToCart();
  const [priceResult, setPriceResult] = useState<Product | null>(null);
  const [isCheckingPrice, setIsCheckingPrice] = useState(false);

  const scan = async (code: string) => {
    if (!branchId) return;
    try {
      const product = await withLocalFallback<Product | null>(
        () => findProductBySku(branchId, code),
        () => localProductBySku(branchId, code),
      );
      if (product) addToCart(product);
      else notifyWarning(POS_TEXT.productNotFound, POS_TEXT.notFoundTitle);
    } catch {
      notifyError(POS_TEXT.searchFailed);
    }
  };

  /** `onFound` closes the entry dialog before the result opens. */
  const checkPrice = async (code: string, onFound: () => void) => {
    if (!branchId) return;
    setIsCheckingPrice(true);
    try {
      const product = await withLocalFallback<Product | null>(
        () => priceCheck(branchId, code),
        () => localPriceCheck(branchId, code),
      );
      if (product) {
        onFound();
        setPriceResult(product);
      } else {
        notifyWarning(POS_TEXT.productNotFound, POS_TEXT.notFoundTitle);
      }
    } catch {
      notifyError(POS_TEXT.priceCheckFailed);
    } finally {
      setIsCheckingPrice(false);
    }
  };

  return { scan, checkPrice, priceResult, setPriceResult, isCheckingPrice };
}
