import { useCallback } from 'react';
import { type CartProduct, cartStore } from '../store/cart-store';
import { notifyWarning, stockLimitMessage } from '../utils/notices';

/** Adds a product to the active cart; a yellow toast when the stock does not allow it. */
export function useAddToCart() {
  return useCallback((product: CartProduct, quantity = 1): boolean => {
    const result = cartStore.getState().addProduct(product, quantity);
    if (result === 'added') return true;
    notifyWarning(stockLimitMessage(product.name, product.stockQuantity), 'Stock Limit', `stock-${product.id}`);
    return result === 'stock-limit';
  }, []);
}
