import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@pos/shared';

export const PO_STATUS_COLORS: Record<PurchaseOrderStatus, string> = {
  draft: 'gray',
  ordered: 'blue',
  partially_received: 'yellow',
  received: 'green',
  cancelled: 'red',
};

export const PO_STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...Object.entries(PURCHASE_ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

export const poStatusLabel = (status: PurchaseOrderStatus) => PURCHASE_ORDER_STATUS_LABELS[status];

/** '' for a number field that was cleared, else the number. */
export const numberOr = (value: string | number, fallback: number) =>
  typeof value === 'number' ? value : value.trim() === '' ? fallback : Number(value);
