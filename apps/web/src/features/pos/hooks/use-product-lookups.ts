import { type CashierProduct, type Product, parseScaleLabel, quantityProblem } from '@pos/shared';
import { useEffect, useRef, useState } from 'react';
import { findProductBySku, priceCheck } from '../../../lib/api/products.api';
import { notifyError } from '../../../lib/notify';
import { branchSettings } from '../offline/catalogue-sync';
import { isNetworkFailure, isOnline } from '../offline/connectivity';
import { localPriceCheck, localProductBySku } from '../offline/local-catalogue';
import { useSyncState } from '../offline/outbox';
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

/** The company's scale-label prefix as the branch's last catalogue sync stored it (null: none, or not synced yet). */
async function storedScalePrefix(branchId: string): Promise<string | null> {
  try {
    return (await branchSettings(branchId))?.scaleWeightPrefix ?? null;
  } catch {
    return null;
  }
}

/**
 * The branch's scale-label prefix, kept in memory (read again after every catalogue sync), so a scan does not
 * wait for IndexedDB; until the first read has come, the scan reads it itself.
 */
function useScalePrefix(branchId: string | null): (branchId: string) => Promise<string | null> {
  const syncedAt = useSyncState((s) => s.catalogueSyncedAt);
  const known = useRef<{ branchId: string; prefix: string | null } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after each catalogue sync
  useEffect(() => {
    if (!branchId) return;
    let stale = false;
    void storedScalePrefix(branchId).then((prefix) => {
      if (!stale) known.current = { branchId, prefix };
    });
    return () => {
      stale = true;
    };
  }, [branchId, syncedAt]);
  return async (id) => (known.current?.branchId === id ? known.current.prefix : storedScalePrefix(id));
}

/**
 * The register's two lookups by code: a scanned barcode (the exact SKU, or any barcode) goes into the cart;
 * a price check shows the product found (the search with limit 1) in its result dialog. A scale label (an
 * EAN-13 of the company's prefix: parseScaleLabel) is its item's barcode and a weight: that weight goes into
 * the cart on a line of its own, online and offline alike.
 */
export function useProductLookups(branchId: string | null) {
  const addToCart = useAddToCart();
  const scalePrefix = useScalePrefix(branchId);
  const [priceResult, setPriceResult] = useState<Product | null>(null);
  const [isCheckingPrice, setIsCheckingPrice] = useState(false);

  const scan = async (code: string) => {
    if (!branchId) return;
    const lookUp = (sku: string) =>
      withLocalFallback<CashierProduct | null>(
        () => findProductBySku(branchId, sku),
        () => localProductBySku(branchId, sku),
      );
    try {
      const label = parseScaleLabel(code, await scalePrefix(branchId));
      const weighed = label ? await lookUp(label.itemBarcode) : null;
      if (label && weighed) {
        // A label on a product sold by the piece (a scale set up wrong): its weight is no quantity of it.
        const problem = quantityProblem(label.quantity, weighed);
        if (problem) notifyWarning(problem, POS_TEXT.labelTitle);
        else addToCart(weighed, label.quantity, { separate: true });
        return;
      }
      // Not a label, or a label of no item here: the code as it is (a product may carry such a barcode).
      const product = await lookUp(code);
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
