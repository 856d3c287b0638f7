import {
  type AdjustmentType,
  adjustedQuantity,
  decreaseHitsFloor,
  INVENTORY_MSG,
  type StockMovementType,
  type StockStatus,
  stockAdjustedMessage,
  stockStatusOf,
} from '@pos/shared';

export { adjustedQuantity, decreaseHitsFloor, stockAdjustedMessage, stockStatusOf };

/** Stock Levels pages 10 rows at a time (spec 02 section 9), on the server. */
export const INVENTORY_PAGE_SIZE = 10;

export const NO_PRODUCTS = 'No products found';
export const NO_MOVEMENTS = 'No movements found';

/** Spec 02 section 4: low red, overstock orange, normal green (out of stock is low, so red). */
export function stockStatusColor(status: StockStatus): string {
  switch (status) {
    case 'out':
    case 'low':
      return 'red';
    case 'over':
      return 'orange';
    default:
      return 'green';
  }
}

export function stockStatusLabel(status: StockStatus): string {
  switch (status) {
    case 'out':
      return 'Out of Stock';
    case 'low':
      return 'Low Stock';
    case 'over':
      return 'Overstock';
    default:
      return 'In Stock';
  }
}

export const STOCK_STATUS_OPTIONS = [
  { value: 'all', label: 'All Stock Levels' },
  { value: 'low', label: 'Low Stock' },
  { value: 'out', label: 'Out of Stock' },
  { value: 'normal', label: 'Normal' },
  { value: 'over', label: 'Overstock' },
] as const;

const MOVEMENT_LABELS: Record<StockMovementType, string> = {
  initial_stock: 'Initial Stock',
  purchase: 'Purchase',
  sale: 'Sale',
  adjustment: 'Adjustment',
  transfer_in: 'Transfer In',
  transfer_out: 'Transfer Out',
  return: 'Return',
  damage: 'Damage',
  expiry: 'Expiry',
};

export function movementTypeLabel(type: string): string {
  return MOVEMENT_LABELS[type as StockMovementType] ?? type;
}

export function movementTypeColor(type: string): string {
  switch (type) {
    case 'sale':
    case 'transfer_out':
      return 'blue';
    case 'purchase':
    case 'initial_stock':
    case 'transfer_in':
      return 'green';
    case 'return':
      return 'teal';
    case 'adjustment':
      return 'violet';
    case 'damage':
    case 'expiry':
      return 'red';
    default:
      return 'gray';
  }
}

export const MOVEMENT_TYPE_OPTIONS = [
  { value: 'all', label: 'All Types' },
  ...Object.entries(MOVEMENT_LABELS).map(([value, label]) => ({ value, label })),
];

export type AdjustmentFormValues = {
  productId: string | null;
  type: AdjustmentType;
  quantity: number | string;
  reason: string;
};

/**
 * The Stock Adjustment form's check (spec 02 section 5): a product, a whole quantity of at least 1
 * and a reason, else 'Please fill in all required fields'. Answers the request body, or the message.
 */
export function adjustmentRequest(
  values: AdjustmentFormValues,
  { branchId, currentStock }: { branchId: string; currentStock: number | null },
):
  | { ok: true; body: { productId: string; branchId: string; newQuantity: number; reason: string } }
  | { ok: false; message: string } {
  const quantity = typeof values.quantity === 'number' ? values.quantity : Number(values.quantity);
  const reason = values.reason.trim();
  if (
    !values.productId ||
    currentStock === null ||
    values.quantity === '' ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    !reason
  ) {
    return { ok: false, message: INVENTORY_MSG.requiredFields };
  }
  return {
    ok: true,
    body: {
      productId: values.productId,
      branchId,
      newQuantity: adjustedQuantity(currentStock, values.type, quantity),
      reason,
    },
  };
}
