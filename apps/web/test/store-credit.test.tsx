import { CUSTOMER_MSG, customerResponses, RETURNS_MSG, saleSettlement, TENDER_MSG, toMinor } from '@pos/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdjustCreditModal, creditAdjustment } from '../src/features/customers/components/adjust-credit-modal';
import { StoreCreditTab } from '../src/features/customers/components/store-credit-tab';
import { creditEntryLabel, signedMoney } from '../src/features/customers/utils/format';
import { PaymentModal } from '../src/features/pos/components/payment-modal';
import { refreshCredit, storeCreditLeft } from '../src/features/pos/hooks/use-checkout';
import { cartCredit, cartStore, createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { buildSalePayload, type PaymentDetails, payloadTenderLines } from '../src/features/pos/store/sale-payload';
import { splitTenderFigures, tenderChoices } from '../src/features/pos/store/split-tender';
import { refundMethodHint, refundMethodOptions } from '../src/lib/returns';
import { answer, failure } from './answers';
import { renderWithProviders } from './render';

const PHONE = '03001234567';

/** A cart of one 85.00 item, no tax, for the customer with PHONE and this store credit. */
function cartOf85(balance = 45.5) {
  const store = createCartStore();
  store.getState().setTaxRate(0);
  store.getState().addProduct({ id: 'p-tea', name: 'Tea 900g', sku: 'TEA-900', price: 85, stockQuantity: 9 }, 1);
  store.getState().setCustomer({
    customerPhone: PHONE,
    customerName: 'Ayesha Khan',
    customerCredit: { phone: PHONE, balance },
  });
  return store;
}

function openPayment({ total = 85, creditBalance }: { total?: number; creditBalance?: number } = {}) {
  const onComplete = vi.fn<(payment: PaymentDetails) => void>();
  renderWithProviders(
    <PaymentModal
      opened
      total={total}
      creditBalance={creditBalance}
      isPaying={false}
      onClose={() => {}}
      onComplete={onComplete}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Payment' });
  const complete = within(dialog).getByRole('button', { name: 'Complete Payment' }) as HTMLButtonElement;
  const addTender = within(dialog).getByRole('button', { name: /^Add tender/ }) as HTMLButtonElement;
  return { dialog, complete, addTender, onComplete };
}

describe('the Payment dialog: store credit', () => {
  it('is offered only when the customer has a balance above 0', () => {
    const none = openPayment();
    expect(
      within(none.dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['cash', 'card']);
    cleanup();
    const some = openPayment({ creditBalance: 45.5 });
    expect(
      within(some.dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['cash', 'card', 'store_credit']);
    expect(within(some.dialog).getByRole('radio', { name: 'Store credit' })).toBeTruthy();
    expect(tenderChoices(0)).toEqual(['cash', 'card']);
    expect(tenderChoices(undefined)).toEqual(['cash', 'card']);
  });

  it('three tenders: store credit 20 + card 30 + cash 40 on 85.00, 5.00 change; Enter sends them mixed', async () => {
    const user = userEvent.setup();
    const { dialog, complete, addTender, onComplete } = openPayment({ creditBalance: 45.5 });
    await user.click(within(dialog).getByRole('radio', { name: 'Store credit' }));
    const credit = within(dialog).getByLabelText('Store credit amount');
    // Nothing typed: as much of what is due as the balance covers.
    expect(credit.getAttribute('placeholder')).toBe('45.50');
    expect(within(dialog).getByText(/Balance PKR 45\.50\. PKR 39\.50 remains/)).toBeTruthy();
    expect(complete.disabled).toBe(true);
    await user.type(credit, '20');
    expect(addTender.disabled).toBe(false);
    await user.keyboard('{F8}');
    expect(
      within(dialog)
        .getAllByTestId('tender-line')
        .map((l) => l.textContent),
    ).toEqual(['Store creditPKR 20.00']);
    expect(within(dialog).getByLabelText('Remaining').textContent).toBe('PKR 65.00');
    expect((within(dialog).getByRole('radio', { name: 'Store credit' }) as HTMLInputElement).disabled).toBe(true);
    // The cursor back in Amount Received; the card next.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Amount Received'));
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByLabelText('Card amount'), '30');
    await user.keyboard('{F8}');
    expect(
      within(dialog)
        .getAllByTestId('tender-line')
        .map((l) => l.textContent),
    ).toEqual(['Store creditPKR 20.00', 'CardPKR 30.00']);
    expect(within(dialog).getByLabelText('Remaining').textContent).toBe('PKR 35.00');
    const cash = within(dialog).getByLabelText('Amount Received');
    expect(document.activeElement).toBe(cash);
    expect(addTender.disabled).toBe(true);
    await user.type(cash, '40');
    expect(within(dialog).getByLabelText('Change').textContent).toBe('PKR 5.00');
    expect(complete.disabled).toBe(false);
    await user.keyboard('{Enter}');
    const payment = onComplete.mock.calls[0]?.[0] as PaymentDetails;
    expect(payment).toEqual({
      method: 'mixed',
      amountReceived: 90,
      tenders: [
        { method: 'store_credit', amount: 20 },
        { method: 'card', amount: 30 },
        { method: 'cash', amount: 40 },
      ],
    });

    // The payload carries the customer's phone (store credit needs it) and the three tenders as handed over.
    const cart = selectActiveCart(cartOf85().getState());
    const payload = buildSalePayload(cart, 'b1', payment);
    expect(payload).toMatchObject({
      payment_method: 'mixed',
      total: 85,
      amount_paid: 90,
      change: 5,
      customer: { phone: PHONE, name: 'Ayesha Khan' },
    });
    expect(payload.tenders).toHaveLength(3);
    // As the server reads it: card 30, cash 35 of the total, store credit 20.
    expect(saleSettlement(payload, toMinor(85))).toMatchObject({ paid: 9000, change: 500 });
    expect(payloadTenderLines(payload)).toEqual([
      { method: 'card', amount: 30 },
      { method: 'cash', amount: 35 },
      { method: 'store_credit', amount: 20 },
    ]);
  });

  it('never more than the balance: "Only PKR 45.50 of store credit" blocks; blank records the balance', async () => {
    const user = userEvent.setup();
    const { dialog, complete, addTender } = openPayment({ creditBalance: 45.5 });
    await user.click(within(dialog).getByRole('radio', { name: 'Store credit' }));
    const credit = within(dialog).getByLabelText('Store credit amount');
    await user.type(credit, '50');
    expect(within(dialog).getByText('Only PKR 45.50 of store credit')).toBeTruthy();
    expect(credit.getAttribute('aria-invalid')).toBe('true');
    expect(addTender.disabled).toBe(true);
    expect(complete.disabled).toBe(true);
    await user.keyboard('{F8}');
    expect(within(dialog).queryAllByTestId('tender-line')).toHaveLength(0);
    // Blank: the whole balance, a part of what is due, recorded with F8.
    await user.clear(credit);
    expect(addTender.disabled).toBe(false);
    await user.keyboard('{F8}');
    expect(
      within(dialog)
        .getAllByTestId('tender-line')
        .map((l) => l.textContent),
    ).toEqual(['Store creditPKR 45.50']);
    expect(within(dialog).getByLabelText('Remaining').textContent).toBe('PKR 39.50');
  });

  it('store credit over what is due is the card rule; alone and blank it pays the total (payment_method store_credit)', async () => {
    const user = userEvent.setup();
    const { dialog, complete, onComplete } = openPayment({ creditBalance: 100 });
    await user.click(within(dialog).getByRole('radio', { name: 'Store credit' }));
    const credit = within(dialog).getByLabelText('Store credit amount');
    expect(within(dialog).getByText(/PKR 85\.00 of store credit pays it all; no change\./)).toBeTruthy();
    expect(complete.disabled).toBe(false);
    await user.type(credit, '90');
    expect(within(dialog).getByText(TENDER_MSG.onlyCashOver)).toBeTruthy();
    expect(complete.disabled).toBe(true);
    await user.clear(credit);
    await user.keyboard('{Enter}');
    expect(onComplete).toHaveBeenCalledWith({ method: 'store_credit', amountReceived: 85 });
    const cart = selectActiveCart(cartOf85(100).getState());
    const payload = buildSalePayload(cart, 'b1', { method: 'store_credit', amountReceived: 85 });
    expect(payload).toMatchObject({ payment_method: 'store_credit', amount_paid: 85, change: 0 });
    expect(payload).not.toHaveProperty('tenders');
  });

  it('the figures: blank store credit is min(balance, due); a balance of 0 offers none', () => {
    expect(splitTenderFigures(85, { lines: [], method: 'store_credit', entry: '', creditBalance: 45.5 })).toMatchObject(
      {
        amount: 45.5,
        rest: 39.5,
        valid: false,
        canAddTender: true,
        nextMethod: 'cash',
      },
    );
    expect(
      splitTenderFigures(85, {
        lines: [{ method: 'card', amount: 60 }],
        method: 'store_credit',
        entry: '',
        creditBalance: 45.5,
      }),
    ).toMatchObject({ amount: 25, rest: 0, valid: true, canAddTender: false });
    expect(splitTenderFigures(85, { lines: [], method: 'card', entry: '30', creditBalance: 0 }).nextMethod).toBe(
      'cash',
    );
  });
});

describe('the cart keeps the looked-up customer store credit', () => {
  it('while the phone is theirs: a changed or cleared phone drops it, and so does the sale', () => {
    const store = cartOf85();
    const cart = () => selectActiveCart(store.getState());
    expect(cartCredit(cart())).toBe(45.5);
    // The name typed over keeps it.
    store.getState().setCustomer({ customerName: 'Ayesha K.' });
    expect(cartCredit(cart())).toBe(45.5);
    store.getState().setCustomer({ customerPhone: '0300123456' });
    expect(cart().customerCredit).toBeNull();
    expect(cartCredit(cart())).toBe(0);
    store.getState().setCustomer({ customerPhone: PHONE, customerCredit: { phone: PHONE, balance: 45.5 } });
    store.getState().setCustomer({ customerPhone: '' });
    expect(cartCredit(cart())).toBe(0);
    store.getState().setCustomer({ customerPhone: PHONE, customerCredit: { phone: PHONE, balance: 45.5 } });
    store.getState().clearAfterSale(cart().id);
    expect(cart().customerCredit).toBeNull();
    // A cart saved before store credit has none.
    expect(cartCredit({ customerPhone: PHONE })).toBe(0);
  });

  it("the receipt's store credit left: the balance less the sale's store credit tender", () => {
    const tenders = [
      { method: 'card' as const, amount: 30 },
      { method: 'cash' as const, amount: 35 },
      { method: 'store_credit' as const, amount: 20 },
    ];
    expect(storeCreditLeft({ paymentMethod: 'mixed', total: 85, tenders }, 45.5)).toBe(25.5);
    expect(storeCreditLeft({ paymentMethod: 'store_credit', total: 85, tenders: [] }, 100)).toBe(15);
    expect(storeCreditLeft({ paymentMethod: 'card', total: 85, tenders: [] }, 100)).toBeNull();
    expect(storeCreditLeft({ paymentMethod: 'mixed', total: 85, tenders }, 0)).toBeNull();
  });
});

describe('returns: store credit goes to the sale customer', () => {
  it('is disabled with the reason on a sale without a customer, and names whose balance it goes to', () => {
    const walkIn = refundMethodOptions({ customer: null, paymentMethod: 'card' }, { atRegister: true });
    expect(walkIn.find((o) => o.value === 'store_credit')).toMatchObject({ disabled: true });
    expect(walkIn.filter((o) => o.disabled)).toHaveLength(1);
    // In the back office an exchange is not offered: it sells the new items at the register.
    const backOffice = refundMethodOptions({ customer: null, paymentMethod: 'card' });
    expect(backOffice.filter((o) => o.disabled).map((o) => o.value)).toEqual(['store_credit', 'exchange']);
    expect(refundMethodHint('cash', null)).toBe(RETURNS_MSG.storeCreditNeedsCustomer);
    const ayesha = { id: 'c1', name: 'Ayesha Khan', phone: PHONE };
    expect(
      refundMethodOptions({ customer: ayesha, paymentMethod: 'mixed' }, { atRegister: true }).some((o) => o.disabled),
    ).toBe(false);
    expect(refundMethodHint('store_credit', ayesha)).toBe("Goes to Ayesha Khan's store credit");
    expect(refundMethodHint('cash', ayesha)).toBeUndefined();
  });

  it('offers no card refund for a sale no card paid', () => {
    for (const paymentMethod of ['cash', 'store_credit']) {
      const options = refundMethodOptions({ customer: null, paymentMethod });
      expect(options.find((o) => o.value === 'card_refund')).toMatchObject({ disabled: true });
    }
  });
});

describe('the customer page: store credit', () => {
  beforeAll(() => {
    // The Reason's autosize listens for web fonts, which happy-dom leaves out.
    if (!document.fonts) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the ledger: what each entry came from, by whom, the amount signed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(customerResponses.creditEntries, {
          success: true,
          data: [
            {
              id: 'e3',
              amount: -20,
              kind: 'sale',
              reference: { id: 's1', number: 'RCP-000042' },
              note: null,
              userName: 'Sana Cashier',
              createdAt: '2026-01-15T09:30:00.000Z',
            },
            {
              id: 'e2',
              amount: 50,
              kind: 'adjustment',
              reference: null,
              note: 'Goodwill for a late delivery',
              userName: 'Maria Manager',
              createdAt: '2026-01-14T09:30:00.000Z',
            },
            {
              id: 'e1',
              amount: 15.5,
              kind: 'return',
              reference: { id: 'r1', number: 'RET-000001' },
              note: null,
              userName: 'Maria Manager',
              createdAt: '2026-01-13T09:30:00.000Z',
            },
          ],
          meta: { total: 3, page: 1, limit: 10, totalPages: 1 },
        }),
      ),
    );
    const onAdjust = vi.fn();
    renderWithProviders(
      <StoreCreditTab customerId="c1" balance={45.5} active timeZone="Asia/Karachi" onAdjust={onAdjust} />,
    );
    expect(screen.getByLabelText('Store credit balance').textContent).toBe('PKR 45.50');
    const table = await screen.findByRole('table', { name: 'Store credit' });
    const rows = within(table).getAllByTestId('credit-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      '15/01/2026 14:30Sale RCP-000042By Sana CashierSana Cashier-PKR 20.00',
      '14/01/2026 14:30AdjustmentGoodwill for a late deliveryBy Maria ManagerMaria Manager+PKR 50.00',
      '13/01/2026 14:30Return RET-000001By Maria ManagerMaria Manager+PKR 15.50',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Adjust store credit' }));
    expect(onAdjust).toHaveBeenCalled();
    expect(creditEntryLabel({ kind: 'return', reference: null })).toBe('Return');
    expect(signedMoney(0)).toBe('PKR 0.00');
  });

  it('without entries: the empty text, and no Adjust button for a user who may not', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(customerResponses.creditEntries, {
          success: true,
          data: [],
          meta: { total: 0, page: 1, limit: 10, totalPages: 1 },
        }),
      ),
    );
    renderWithProviders(<StoreCreditTab customerId="c1" balance={0} active timeZone={undefined} />);
    expect(await screen.findByText('No store credit yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust store credit' })).toBeNull();
  });

  it('the Adjust dialog: the new balance before Confirm, taking back too much refused, the server 409 shown', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(() => failure(409, CUSTOMER_MSG.creditShort, 'CONFLICT'));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderWithProviders(
      <AdjustCreditModal opened onClose={onClose} customer={{ id: 'c1', name: 'Ayesha Khan', creditBalance: 45.5 }} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Adjust store credit' });
    const amount = within(dialog).getByLabelText(/^Amount/);
    await user.type(amount, '20');
    expect(within(dialog).getByLabelText('New balance').textContent).toBe('PKR 65.50');
    // No reason: not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText(CUSTOMER_MSG.creditReasonRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Take back' }));
    await user.clear(amount);
    await user.type(amount, '50');
    expect(within(dialog).getByLabelText('New balance').textContent).toBe('-PKR 4.50');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Not enough store credit: the balance is PKR 45.50')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    // Within the balance it is sent: the server's 409 (spent meanwhile) shows in the dialog, which stays open.
    await user.clear(amount);
    await user.type(amount, '40');
    expect(within(dialog).getByLabelText('New balance').textContent).toBe('PKR 5.50');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(CUSTOMER_MSG.creditShort));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ amount: -40, reason: 'Entered twice' });
    expect(onClose).not.toHaveBeenCalled();
    expect(creditAdjustment(45.5, 'give', '0.1')).toEqual({ amount: 0.1, newBalance: 45.6 });
  });
});

describe('the register after a 409 Not enough store credit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the customer's balance again, so the next Payment offers what is left", async () => {
    const phone = '03001234567';
    const cartId = cartStore.getState().activeCartId;
    cartStore.getState().setCustomer({ customerPhone: phone, customerCredit: { phone, balance: 50 } }, cartId);
    const fetch = vi.fn(() =>
      answer(customerResponses.contact, {
        success: true,
        data: {
          id: 'c1',
          name: 'Ayesha Khan',
          phone,
          email: null,
          creditBalance: 12.5,
          accountBalance: 0,
          creditLimit: 0,
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await refreshCredit(cartId, 'b1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[] | undefined)?.[0])).toContain(
      `/customers/branch/b1/phone/${phone}`,
    );
    expect(cartStore.getState().carts.find((c) => c.id === cartId)?.customerCredit).toEqual({
      phone,
      balance: 12.5,
      account: { id: 'c1', balance: 0, creditLimit: 0 },
    });
  });
});
