import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentModal } from '../src/features/pos/components/payment-modal';
import { renderWithProviders } from './render';

/**
 * A dialog's focus trap gives the focus to its first field once. Mantine's trap (@mantine/hooks use-focus-trap)
 * schedules that focus twice on opening (from its ref and from its effect); when React ran the two in different
 * tasks, a cashier's (or a test's) Shift+Tab between them was undone: the focus went back to Amount Received and
 * the Arrow keys meant for the tender radios went to the amount field. patches/@mantine+hooks+9.7.3.patch: the trap
 * leaves the focus where it is when it is inside the dialog already.
 */
describe('a dialog takes the focus once', () => {
  const openPayment = () =>
    renderWithProviders(<PaymentModal opened total={85} isPaying={false} onClose={() => {}} onComplete={() => {}} />);
  /** Every task the opening scheduled has run. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('Payment: the focus moved to the Cash radio right after the first field took it stays there', async () => {
    openPayment();
    const dialog = screen.getByRole('dialog', { name: 'Payment' });
    const amount = within(dialog).getByLabelText('Amount Received');
    const cash = within(dialog).getByRole('radio', { name: 'Cash' });
    // The cashier's Shift+Tab, as soon as Amount Received has the focus (before the trap's next task).
    amount.addEventListener('focus', () => cash.focus(), { once: true });
    await waitFor(() => expect(document.activeElement).toBe(cash));
    await settled();
    expect(document.activeElement).toBe(cash);
  });

  it('still gives the focus to the field marked for it when the focus is outside the dialog', async () => {
    const barcode = document.createElement('input');
    document.body.append(barcode);
    barcode.focus();
    openPayment();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount Received')));
    await settled();
    expect(document.activeElement).toBe(screen.getByLabelText('Amount Received'));
    barcode.remove();
  });
});
