import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ShiftBar } from '../src/features/pos/components/shift-bar';
import { renderWithProviders } from './render';

const recordNoSale = vi.fn();
vi.mock('../src/lib/api/shifts.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/api/shifts.api')>()),
  recordNoSale: (id: string) => recordNoSale(id),
}));
vi.mock('../src/features/pos/hooks/use-shift', () => ({
  useShift: () => ({
    register: { registerId: 'r1', code: 'R1' },
    current: { shift: { id: 'shift-1' }, denominations: [], overShortThreshold: 5 },
    shift: { id: 'shift-1' },
    refresh: () => Promise.resolve(),
  }),
}));
vi.mock('../src/features/pos/offline/outbox', () => ({ useOutbox: () => ({ waiting: 0 }) }));

describe('the register Shift menu', () => {
  beforeEach(() => recordNoSale.mockReset());

  it('offers "No sale" in the menu and records it for the open shift', async () => {
    recordNoSale.mockResolvedValue({ success: true, data: {} });
    renderWithProviders(<ShiftBar branchId="b1" />);
    const button = screen.getByRole('button', { name: 'Shift R1' });
    fireEvent.click(button);
    const item = await screen.findByRole('menuitem', { name: 'No sale' });
    fireEvent.click(item);
    await waitFor(() => expect(recordNoSale).toHaveBeenCalledWith('shift-1'));
  });
});
