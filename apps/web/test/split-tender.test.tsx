import 'fake-indexeddb/auto';
import { receiptLines, saleSchema, saleSettlement, TENDER_MSG, toMinor } from '@pos/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type PaymentFigures, PaymentModal } from '../src/features/pos/components/payment-modal';
import { queueOfflineSale } from '../src/features/pos/offline/outbox';
import { createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { customerDisplayStore, showPaymentOnDisplay } from '../src/features/pos/store/customer-display';
import {
  buildSalePayload,
  canCompletePayment,
  type PaymentDetails,
  payloadTenderLines,
} from '../src/features/pos/store/sale-payload';
import { splitTenderFigures } from '../src/features/pos/store/split-tender';
import { TransactionDetailsModal } from '../src/features/transactions/components/transaction-details-modal';
import { setDisplayCurrency } from '../src/lib/format';
import { saleReceiptData } from '../src/lib/printing/receipt-data';
import { renderWithProviders } from './render';

/** A cart of one 85.00 item, no tax: the total the dialog is opened with. */
function cartOf85() {
  const store = createCartStore();
  store.getState().setTaxRate(0);
  store.getState().addProduct({ id: 'p-tea', name: 'Tea 900g', sku: 'TEA-900', price: 85, stockQuantity: 9 }, 1);
  return selectActiveCart(store.getState());
}

function openPayment(total = 85) {
  const onComplete = vi.fn<(payment: PaymentDetails) => void>();
  const onFigures = vi.fn<(figures: PaymentFigures | null) => void>();
  renderWithProviders(
    <PaymentModal
      opened
      total={total}
      isPaying={false}
      onClose={() => {}}
      onComplete={onComplete}
      onFigures={onFigures}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Payment' });
  const complete = within(dialog).getByRole('button', { name: 'Complete Payment' }) as HTMLButtonElement;
  const addTender = within(dialog).getByRole('button', { name: /^Add tender/ }) as HTMLButtonElement;
  return { dialog, complete, addTender, onComplete, onFigures };
}

describe('the Payment dialog: split tender', () => {
  it('card 30 + cash 60 on 85.00: card line, Remaining 55.00, change 5.00; Enter completes with both tenders', async () => {
    const user = userEvent.setup();
    const { dialog, complete, addTender, onComplete, onFigures } = openPayment();
    expect(addTender.getAttribute('aria-keyshortcuts')).toBe('F8');
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    const card = within(dialog).getByLabelText('Card amount');
    // Nothing typed: the card pays the whole total (the single card payment).
    expect(complete.disabled).toBe(false);
    expect(addTender.disabled).toBe(true);
    await user.type(card, '30');
    expect(complete.disabled).toBe(true);
    expect(addTender.disabled).toBe(false);
    // F8 records the card as a tender line; the rest is due in cash, the cursor back in Amount Received.
    await user.keyboard('{F8}');
    const lines = within(dialog).getAllByTestId('tender-line');
    expect(lines.map((line) => line.textContent)).toEqual(['CardPKR 30.00']);
    expect(within(dialog).getByRole('button', { name: 'Remove Card 30.00' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Remaining').textContent).toBe('PKR 55.00');
    expect((within(dialog).getByRole('radio', { name: 'Card' }) as HTMLInputElement).disabled).toBe(true);
    const cash = within(dialog).getByLabelText('Amount Received');
    expect(document.activeElement).toBe(cash);
    expect(complete.disabled).toBe(true);

    await user.type(cash, '60');
    expect(within(dialog).getByLabelText('Change').textContent).toBe('PKR 5.00');
    expect(complete.disabled).toBe(false);
    // The customer display: several tenders, 90.00 handed over so far.
    expect(onFigures).toHaveBeenLastCalledWith({ method: 'mixed', amountReceived: 90, total: 85 });
    await user.keyboard('{Enter}');
    expect(onComplete).toHaveBeenCalledTimes(1);
    const payment = onComplete.mock.calls[0]?.[0] as PaymentDetails;
    expect(payment).toEqual({
      method: 'mixed',
      amountReceived: 90,
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 60 },
      ],
    });

    // The sale payload: 'mixed', amount_paid the tenders' sum, the change from the cash.
    const payload = buildSalePayload(cartOf85(), 'b1', payment);
    expect(payload).toMatchObject({
      total: 85,
      payment_method: 'mixed',
      amount_paid: 90,
      change: 5,
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 60 },
      ],
    });
    // As the server reads it (the shared saleSettlement): card 30, cash 55 of the total, 5.00 change.
    expect(saleSettlement(payload, toMinor(payload.total))).toEqual({
      paid: 9000,
      change: 500,
      lines: [
        { method: 'card', amount: 3000 },
        { method: 'cash', amount: 5500 },
      ],
    });
    expect(payloadTenderLines(payload)).toEqual([
      { method: 'card', amount: 30 },
      { method: 'cash', amount: 55 },
    ]);
  });

  it('refuses a card over what is due, alone or after a cash line, with the message', async () => {
    const user = userEvent.setup();
    const { dialog, complete, addTender } = openPayment();
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    const card = within(dialog).getByLabelText('Card amount');
    await user.type(card, '100');
    expect(within(dialog).getByText(TENDER_MSG.onlyCashOver)).toBeTruthy();
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(complete.disabled).toBe(true);
    expect(addTender.disabled).toBe(true);
    await user.keyboard('{F8}');
    expect(within(dialog).queryAllByTestId('tender-line')).toHaveLength(0);

    // Cash 50 first: the card may pay the 35.00 still due, not 40.00.
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.type(within(dialog).getByLabelText('Amount Received'), '50');
    await user.click(addTender);
    expect(within(dialog).getByLabelText('Remaining').textContent).toBe('PKR 35.00');
    const cardAgain = within(dialog).getByLabelText('Card amount');
    expect(document.activeElement).toBe(cardAgain);
    await user.type(cardAgain, '40');
    expect(within(dialog).getByText(TENDER_MSG.onlyCashOver)).toBeTruthy();
    expect(complete.disabled).toBe(true);
    await user.clear(cardAgain);
    await user.type(cardAgain, '35');
    expect(complete.disabled).toBe(false);
    // Removing the cash line leaves the card to pay it all again.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Cash 50.00' }));
    expect(within(dialog).queryAllByTestId('tender-line')).toHaveLength(0);
    expect(complete.disabled).toBe(true);
  });

  it('the fast path is as before: Enter with enough cash completes a single cash payment (no tenders)', async () => {
    const user = userEvent.setup();
    const { dialog, complete, addTender, onComplete } = openPayment();
    const cash = within(dialog).getByLabelText('Amount Received');
    await user.click(cash);
    await user.keyboard('84.99');
    expect(within(dialog).getByLabelText('Change').textContent).toBe('Amount received is less than the total');
    // Enter does nothing while the cash is short.
    await user.keyboard('{Enter}');
    expect(onComplete).not.toHaveBeenCalled();
    await user.clear(cash);
    await user.type(cash, '100');
    // The cash covers the total: nothing to split.
    expect(addTender.disabled).toBe(true);
    expect(complete.disabled).toBe(false);
    await user.keyboard('{Enter}');
    expect(onComplete).toHaveBeenCalledWith({ method: 'cash', amountReceived: 100 });
    const payload = buildSalePayload(cartOf85(), 'b1', { method: 'cash', amountReceived: 100 });
    expect(payload).toMatchObject({ payment_method: 'cash', amount_paid: 100, change: 15 });
    expect(payload).not.toHaveProperty('tenders');
  });

  it('a card alone is charged the total; Exact after a card line fills in what is still due', async () => {
    const user = userEvent.setup();
    const { dialog, complete, onComplete } = openPayment();
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    expect(within(dialog).getByText('The card is charged exactly PKR 85.00; no change.')).toBeTruthy();
    fireEvent.submit(complete.closest('form') as HTMLFormElement);
    expect(onComplete).toHaveBeenLastCalledWith({ method: 'card', amountReceived: 85 });
    expect(buildSalePayload(cartOf85(), 'b1', { method: 'card', amountReceived: 85 })).not.toHaveProperty('tenders');

    await user.type(within(dialog).getByLabelText('Card amount'), '20.5');
    await user.keyboard('{F8}');
    await user.click(within(dialog).getByRole('button', { name: 'Exact' }));
    expect((within(dialog).getByLabelText('Amount Received') as HTMLInputElement).value).toBe('64.5');
    expect(within(dialog).getByLabelText('Change').textContent).toBe('PKR 0.00');
    await user.click(complete);
    expect(onComplete).toHaveBeenLastCalledWith({
      method: 'mixed',
      amountReceived: 85,
      tenders: [
        { method: 'card', amount: 20.5 },
        { method: 'cash', amount: 64.5 },
      ],
    });
  });

  it('the customer display takes a mixed payment as cash handed over so far', () => {
    act(() => showPaymentOnDisplay({ method: 'mixed', amountReceived: 90, total: 85 }));
    expect(customerDisplayStore.getState().payment).toEqual({ method: 'mixed', tendered: 90, change: 5 });
    act(() => showPaymentOnDisplay(null));
    expect(
      splitTenderFigures(85, { lines: [{ method: 'card', amount: 30 }], method: 'cash', entry: '' }),
    ).toMatchObject({
      remaining: 55,
      valid: false,
      canAddTender: false,
      display: { method: 'mixed', amountReceived: 30 },
    });
    expect(
      canCompletePayment(85, { method: 'mixed', amountReceived: 85, tenders: [{ method: 'card', amount: 85 }] }),
    ).toBe(false);
  });
});

describe('the Payment dialog: on account', () => {
  function openWithAccount(account: { balance: number; creditLimit: number }) {
    const onComplete = vi.fn<(payment: PaymentDetails) => void>();
    renderWithProviders(
      <PaymentModal opened total={85} isPaying={false} onClose={() => {}} onComplete={onComplete} account={account} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Payment' });
    return { dialog, onComplete };
  }

  it('offers the account only for a known customer; the hint says what is owed and left of the limit', async () => {
    const user = userEvent.setup();
    openPayment();
    expect(screen.queryByRole('radio', { name: 'Account' })).toBeNull();
    document.body.innerHTML = '';

    const { dialog, onComplete } = openWithAccount({ balance: 40, creditLimit: 100 });
    await user.click(within(dialog).getByRole('radio', { name: 'Account' }));
    const field = within(dialog).getByLabelText('On account');
    expect(field.closest('.mantine-InputWrapper-root')?.textContent).toContain(
      'Owes PKR 40.00 of a PKR 100.00 limit (PKR 60.00 left).',
    );
    // Online, past the limit is the server's to refuse: the manager's approval is asked there.
    expect(field.closest('.mantine-InputWrapper-root')?.textContent).toContain('Past the credit limit');
    // 50 on account, the rest in cash (F8 records the account line).
    await user.type(field, '50');
    await user.keyboard('{F8}');
    await user.type(within(dialog).getByLabelText('Amount Received'), '35');
    await user.keyboard('{Enter}');
    expect(onComplete.mock.calls[0]?.[0]).toEqual({
      method: 'mixed',
      amountReceived: 85,
      tenders: [
        { method: 'account', amount: 50 },
        { method: 'cash', amount: 35 },
      ],
    });
  });

  it('offline, holds the account to the limit it last synced', () => {
    const bound = { balance: 40, creditLimit: 100, bound: true };
    const figures = splitTenderFigures(85, { lines: [], method: 'account', entry: '', account: bound });
    expect(figures.entryProblem).toBe('Only PKR 60.00 left on account (offline)');
    expect(figures.valid).toBe(false);
    const within60 = splitTenderFigures(85, { lines: [], method: 'account', entry: 60, account: bound });
    expect(within60).toMatchObject({ entryProblem: null, canAddTender: true, nextMethod: 'cash' });
    const online = splitTenderFigures(85, {
      lines: [],
      method: 'account',
      entry: '',
      account: { ...bound, bound: false },
    });
    expect(online).toMatchObject({ entryProblem: null, valid: true, amount: 85 });
  });
});

describe('a split sale made offline', () => {
  it('is queued with its tenders, and its receipt prints both tenders with the cash received and the change', async () => {
    const payload = buildSalePayload(cartOf85(), 'branch-3', {
      method: 'mixed',
      amountReceived: 90,
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 60 },
      ],
    });
    const { entry, receipt } = await queueOfflineSale({
      payload,
      register: { registerId: 'register-3', code: 'R3' },
      cashier: { id: 'c-1', name: 'Sana Cashier' },
      branchName: 'Main Branch',
      saleId: '00000000-0000-4000-8000-000000000003',
    });
    expect(entry.payload).toMatchObject({ payment_method: 'mixed', amount_paid: 90, change: 5 });
    expect(receipt.tenders).toEqual([
      { method: 'card', amount: 30 },
      { method: 'cash', amount: 55 },
    ]);
    // The receipt is a Sale as the server answers it.
    expect(saleSchema.safeParse(receipt).success).toBe(true);
    const lines = receiptLines(saleReceiptData(receipt, null));
    const at = lines.findIndex((line) => /^Payment:\s+Mixed$/.test(line));
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 5)).toEqual([
      expect.stringMatching(/^ {2}Card\s+30\.00$/),
      expect.stringMatching(/^ {2}Cash\s+55\.00$/),
      expect.stringMatching(/^Paid:\s+90\.00$/),
      expect.stringMatching(/^Change:\s+5\.00$/),
    ]);
  });
});

describe('a mixed sale on the transactions screen', () => {
  it('shows Mixed and what each tender paid of the total', () => {
    const sale = saleSchema.parse({
      id: 's9',
      receiptNumber: 'RCP-000009',
      transactionDate: '2025-01-15T09:30:00.000Z',
      cashierName: 'Cashier One',
      customer: null,
      paymentMethod: 'mixed',
      status: 'completed',
      subtotal: 85,
      discountType: 'percentage',
      discountValue: 0,
      discountAmount: 0,
      taxRate: 0,
      taxAmount: 0,
      serviceFee: 0,
      total: 85,
      amountPaid: 90,
      changeAmount: 5,
      tenders: [
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 55 },
      ],
      refunded: [],
      branch: { id: 'b1', name: 'Main Branch' },
      items: [],
      sold_at: '2025-01-15T09:30:00.000Z',
      register_id: null,
      register_code: null,
      shift_id: null,
      offline: false,
      flags: [],
    });
    renderWithProviders(
      <TransactionDetailsModal
        opened
        onClose={() => {}}
        sale={sale}
        isLoading={false}
        isError={false}
        onReprint={() => {}}
        isPrinting={false}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(within(dialog).getByText('Mixed')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByTestId('tender-line')
        .map((row) => row.textContent),
    ).toEqual(['Paid by cardPKR 30.00', 'Paid by cashPKR 55.00']);
  });
});

describe('the Payment dialog: the currency and an exchange', () => {
  it("shows the company's currency code before the amount, not a fixed one", () => {
    setDisplayCurrency('USD');
    try {
      const { dialog } = openPayment();
      expect(within(dialog).getByText('USD')).toBeTruthy();
      expect(within(dialog).queryByText('PKR')).toBeNull();
    } finally {
      setDisplayCurrency(null);
    }
  });

  it('an exchange the returned items pay in full: what goes back and how; Enter completes with the way chosen', async () => {
    const user = userEvent.setup();
    const onCompleteExchange = vi.fn();
    renderWithProviders(
      <PaymentModal
        opened
        total={0}
        isPaying={false}
        onClose={() => {}}
        onComplete={() => {}}
        exchange={{ applied: 94.5, back: 225.5, hasCustomer: false, paidByCard: true }}
        onCompleteExchange={onCompleteExchange}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Exchange' });
    expect(within(dialog).getByLabelText('Give back').textContent).toBe('PKR 225.50');
    // No customer on the sale: no store credit; a card paid it: a card refund.
    expect((within(dialog).getByRole('radio', { name: 'Store credit' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Card refund' }));
    await user.keyboard('{Enter}');
    expect(onCompleteExchange).toHaveBeenCalledWith({ payment: null, refundMethod: 'card_refund' });
  });
});
