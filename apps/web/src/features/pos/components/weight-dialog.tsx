import { addQuantities } from '@pos/shared';
import { quantityInCart, useActiveCart, useCartStore } from '../store/cart-store';
import { closeWeightEntry, useWeightRequest } from '../store/weight-entry';
import { notifyWarning, stockLimitMessage } from '../utils/notices';
import { MountOnFirstOpen, WeightModal } from './lazy-dialogs';
import type { WeighedEntry } from './weight-modal';

/**
 * The register's weight dialog (store/weight-entry.ts), loaded when it first opens: a product sold by
 * weight added from a tile, a search or a typed SKU, or a line's weight changed. `onExited`: the dialog
 * has closed (the register's focus goes back to the Barcode field).
 */
export function WeightDialog({ onExited }: { onExited?: () => void }) {
  const request = useWeightRequest();
  const { items } = useActiveCart();
  const addProduct = useCartStore((s) => s.addProduct);
  const setQuantity = useCartStore((s) => s.setQuantity);
  const product = request?.product;
  const entry: WeighedEntry | null =
    request && product
      ? {
          key: `${product.id}:${request.lineKey ?? ''}`,
          name: product.name,
          unit: product.unit ?? 'kg',
          price: items.find((i) => i.productId === product.id)?.unitPrice ?? product.price,
          quantity: request.quantity ?? null,
          available: Math.max(
            addQuantities(product.stockQuantity, -quantityInCart(items, product.id, request.lineKey)),
            0,
          ),
        }
      : null;

  const apply = (quantity: number) => {
    if (!request) return;
    const result = request.lineKey
      ? setQuantity(request.lineKey, quantity)
      : addProduct(request.product, quantity, { separate: false });
    if (result !== 'added') {
      const { name, stockQuantity, unit } = request.product;
      notifyWarning(stockLimitMessage(name, stockQuantity, unit), 'Stock Limit', `stock-${request.product.id}`);
    }
    closeWeightEntry();
  };

  return (
    <MountOnFirstOpen opened={entry !== null} onFailed={closeWeightEntry}>
      <WeightModal entry={entry} onApply={apply} onClose={closeWeightEntry} onExited={onExited} />
    </MountOnFirstOpen>
  );
}
