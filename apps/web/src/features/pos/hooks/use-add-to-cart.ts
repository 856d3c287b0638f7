import { allowsDecimals } from '@pos/shared';
import { useCallback } from 'react';
import { type CartProduct, cartStore } from '../store/cart-store';
import { askWeight } from '../store/weight-entry';
import { notifyWarning, stockLimitMessage } from '../utils/notices';

/**
 * Adds a product to the active cart; a yellow toast when the stock does not allow it. A product sold by
 * weight (kg, L, m) without a quantity (a tile, a search, a typed SKU) asks for its weight first; a scale
 * label's weight comes with it, on a line of its own (`separate`).
 */
export function useAddToCart() {
  return useCallback((product: CartProduct, quantity?: number, options?: { separate?: boolean }): void => {
    if (quantity === undefined && allowsDecimals(product.unit) && product.stockQuantity > 0) {
      askWeight({ product });
      return;
    }
    const result = cartStore.getState().addProduct(product, quantity ?? 1, options);
    if (result === 'added') return;
    notifyWarning(
      stockLimitMessage(product.name, product.stockQuantity, product.unit),
      'Stock Limit',
      `stock-${product.id}`,
    );
  }, []);
}
