import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ShiftBar } from '../src/features/pos/components/shift-bar';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
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
    // Offline: the shift as the server last named it, kept on the device (09:30 UTC).
    savedAt: connectivityStore.getState().online ? null : Date.UTC(2025, 0, 15, 9, 30),
    refresh: () => Promise.resolve(),
  }),
  useShiftReport: () => ({ data: undefined }),
}));
vi.mock('../src/features/pos/offline/outbox', () => ({ useOutbox: () => ({ waiting: 0 }) }));

describe('the register Shift menu', () => {
  beforeEach(() => {
    recordNoSale.mockReset();
    connectivityStore.setState({ online: true, offlineSince: null });
  });

  it('offers "No sale" in the menu and records it for the open shift', async () => {
    recordNoSale.mockResolvedValue({ success: true, data: {} });
    renderWithProviders(<ShiftBar branchId="b1" />);
    const button = screen.getByRole('button', { name: 'Shift R1' });
    fireEvent.click(button);
    const item = await screen.findByRole('menuitem', { name: 'No sale' });
    fireEvent.click(item);
    await waitFor(() => expect(recordNoSale).toHaveBeenCalledWith('shift-1'));
  });

  it('opens with the focus on its first item, every time (e2e/shifts.spec.ts: by keyboard in a browser)', async () => {
    renderWithProviders(<ShiftBar branchId="b1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Shift R1' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Cash in / out' })));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Shift R1' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Cash in / out' })));
  });

  it('offline (after a reload too) keeps the menu with the shift as last synced: cash in / out and the X report, no "No sale" or close', async () => {
    connectivityStore.setState({ online: false, offlineSince: Date.now() });
    renderWithProviders(<ShiftBar branchId="b1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Shift R1' }));
    expect((await screen.findByTestId('shift-offline')).textContent).toMatch(/^Offline · shift as of \d\d:\d\d$/);
    for (const name of ['Cash in / out', 'X report']) {
      expect(screen.getByRole('menuitem', { name }).hasAttribute('data-disabled')).toBe(false);
    }
    for (const name of ['No sale', 'Close shift']) {
      expect(screen.getByRole('menuitem', { name }).hasAttribute('data-disabled')).toBe(true);
    }
    fireEvent.click(screen.getByRole('menuitem', { name: 'No sale' }));
    expect(recordNoSale).not.toHaveBeenCalled();
  });
});
