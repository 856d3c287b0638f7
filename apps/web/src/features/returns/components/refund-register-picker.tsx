import { Alert, Select, Skeleton } from '@mantine/core';
import type { RefundMethod, Shift } from '@pos/shared';

/** 'R2 · Sana Cashier': a register with its open shift's cashier. */
export const registerOption = (shift: Pick<Shift, 'registerId' | 'registerCode' | 'cashierName'>) => ({
  value: shift.registerId,
  label: `${shift.registerCode} · ${shift.cashierName}`,
});

/**
 * Which register's drawer pays the refund: the registers of the branch with an open shift. A
 * cash refund comes out of the chosen register's shift (its expected cash drops); a card, store credit or
 * exchange refund is listed by method in that shift's X / Z report. With no open shift, a cash refund has no
 * drawer to come from: said before the server says it.
 */
export function RefundRegisterPicker({
  shifts,
  isLoading,
  refundMethod,
  value,
  onChange,
  error,
}: {
  shifts: Pick<Shift, 'registerId' | 'registerCode' | 'cashierName'>[];
  isLoading: boolean;
  refundMethod: RefundMethod;
  value: string | null;
  onChange: (registerId: string | null) => void;
  error?: string | null;
}) {
  if (isLoading) return <Skeleton height={58} aria-label="Loading the registers" />;
  if (shifts.length === 0) {
    return refundMethod === 'cash' ? (
      <Alert color="yellow" title="No register has an open shift">
        A cash refund is paid from a register's drawer: open a shift at the register first, or choose another refund
        method.
      </Alert>
    ) : null;
  }
  return (
    <Select
      label="Paid from register"
      description={
        refundMethod === 'cash'
          ? "The cash comes out of this register's open shift"
          : "Listed in this register's shift report"
      }
      placeholder="Choose a register"
      data={shifts.map(registerOption)}
      value={value}
      onChange={onChange}
      // Picking the chosen register again keeps it (clearing is the clear button's, for non-cash refunds).
      allowDeselect={false}
      clearable={refundMethod !== 'cash'}
      required={refundMethod === 'cash'}
      error={error ?? undefined}
    />
  );
}
