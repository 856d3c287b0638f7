import { Badge } from '@mantine/core';
import type { VoucherStatus } from '@pos/shared';

export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = {
  active: 'Active',
  used: 'Used',
  expired: 'Expired',
};

const COLORS: Record<VoucherStatus, string> = { active: 'teal', used: 'gray', expired: 'orange' };

/** A voucher's status: Active (can still pay), Used (nothing left), Expired (past its last day). */
export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {VOUCHER_STATUS_LABELS[status]}
    </Badge>
  );
}
