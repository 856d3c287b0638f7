import { APPROVAL_REQUIRED, type ShiftReport } from '@pos/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ShiftCloseModal } from '../src/features/pos/components/shift-close-modal';
import { ApiError } from '../src/lib/api';
import { renderWithProviders } from './render';

const closeShift = vi.fn();
vi.mock('../src/lib/api/shifts.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/api/shifts.api')>()),
  closeShift: (id: string, input: unknown) => closeShift(id, input),
}));

const report: ShiftReport = {
  shift: {
    id: 's1',
    branchId: 'b1',
    registerId: 'r1',
    registerCode: 'R1',
    cashierId: 'u1',
    cashierName: 'Cashier One',
    status: 'closed',
    openedAt: '2025-01-15T04:00:00.000Z',
    openingFloat: 10,
    openingDenominations: null,
    closedAt: '2025-01-15T13:00:00.000Z',
    closedByName: 'Cashier One',
    counted: 10,
    countedDenominations: null,
    expected: 10,
    overShort: 0,
    approvedByName: null,
    zNumber: 3,
  },
  sales: { count: 0, total: 0, discount: 0, tax: 0, taxByRate: [], change: 0, byMethod: [] },
  refunds: { count: 0, total: 0, taxByRate: [], byMethod: [] },
  paidIn: 0,
  paidOut: 0,
  cashMovements: [],
  expectedCash: 10,
  lateSales: { count: 0, total: 0 },
};

/** Presses a button as the keyboard does: focused, then activated. */
function press(name: string) {
  const button = screen.getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
}

describe('Close shift: every step takes the focus', () => {
  beforeEach(() => closeShift.mockReset());

  it('count -> approval (manager username) -> back (counted cash) -> Z report (its title) -> Done', async () => {
    const onClosed = vi.fn();
    renderWithProviders(
      <ShiftCloseModal
        opened
        onClose={() => {}}
        shiftId="s1"
        denominations={[]}
        pendingSales={0}
        onClosed={onClosed}
      />,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Counted cash' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Counted cash' }), { target: { value: '500' } });

    closeShift.mockRejectedValueOnce(
      new ApiError({ status: 403, message: 'Approval needed', code: APPROVAL_REQUIRED }),
    );
    press('Count and close');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Manager username' })));

    press('Back');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Counted cash' })));

    closeShift.mockResolvedValueOnce({ success: true, data: report });
    press('Count and close');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Shift closed' })),
    );
    // Focusable by script only: Tab does not stop on the title.
    expect(screen.getByRole('heading', { name: 'Shift closed' }).getAttribute('tabindex')).toBe('-1');

    press('Done');
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
