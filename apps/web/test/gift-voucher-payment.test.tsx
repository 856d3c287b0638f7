import { type Branch, type GiftVoucher, saleSettlement, toMinor, voucherResponses } from '@pos/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentModal, type PaymentModalProps } from '../src/features/pos/components/payment-modal';
import { VOUCHER_TENDER_TEXT } from '../src/features/pos/hooks/use-voucher-tender';
import { connectivityStore } from '../src/features/pos/offline/connectivity';
import { createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { buildSalePayload, type PaymentDetails } from '../src/features/pos/store/sale-payload';
import { splitTenderFigures, TENDER_CHOICES, VOUCHER_CODE_FIRST } from '../src/features/pos/store/split-tender';
import { scanIntoVoucher, voucherDeskStore, voucherRefused } from '../src/features/pos/store/voucher-desk';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, failure } from './answers';
import { renderWithProviders } from './render';

const branch: Branch = {
  id: 'b1',
  name: 'Main Branch',
  address: 'Mall Road',
  phone: '03001234567',
  companyId: 'c1',
  isMain: true,
  isActive: true,
  timezone: 'Asia/Karachi',
};
const selection = { company: { id: 'c1', name: 'Demo Mart' }, branch, branches: [branch], isLoading: false };
const CODE = 'GV7K2M9P4QXR';
const voucher = (fields: Partial<GiftVoucher> = {}): GiftVoucher => ({
  id: 'v1',
  code: CODE,
  amount: 100,
  balance: 45.5,
  expiresOn: '2027-12-31',
  status: 'active',
  branchName: 'Main Branch',
  soldByName: 'Sara Cashier',
  createdAt: '2026-01-15T09:30:00.000Z',
  ...fields,
});

/** GET /gift-vouchers/code/{code} answers `reply` in turn (the last one again after). */
function stubLookups(...replies: Array<() => Promise<Response>>) {
  let call = 0;
  const fn = vi.fn((input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.startsWith('/api/gift-vouchers/code/')) return failure(404, 'Not found', 'NOT_FOUND');
    const reply = replies[Math.min(call, replies.length - 1)];
    call += 1;
    return reply ? reply() : failure(500, 'No reply', 'INTERNAL');
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const found =
  (fields: Partial<GiftVoucher> = {}) =>
  () =>
    answer(voucherResponses.one, { success: true, data: voucher(fields) });

function openPayment(props: Partial<PaymentModalProps> = {}) {
  const onComplete = vi.fn<(payment: PaymentDetails) => void>();
  const view = renderWithProviders(
    <SelectionContext.Provider value={selection}>
      <PaymentModal opened total={85} isPaying={false} onClose={() => {}} onComplete={onComplete} {...props} />
    </SelectionContext.Provider>,
  );
  const dialog = screen.getByRole('dialog', { name: props.exchange ? 'Exchange' : 'Payment' });
  const complete = within(dialog).getByRole('button', { name: 'Complete Payment' }) as HTMLButtonElement;
  return { dialog, complete, onComplete, view };
}

const methods = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value'));

/** A cart of one 85.00 item, no tax. */
function cartOf85() {
  const store = createCartStore();
  store.getState().setTaxRate(0);
  store.getState().addProduct({ id: 'p-tea', name: 'Tea 900g', sku: 'TEA-900', price: 85, stockQuantity: 9 }, 1);
  return selectActiveCart(store.getState());
}

beforeEach(() => connectivityStore.setState({ online: true, offlineSince: null }));
afterEach(() => {
  vi.unstubAllGlobals();
  connectivityStore.setState({ online: true, offlineSince: null });
});

describe('the Payment dialog: a gift voucher', () => {
  it('is offered online, after the other methods; looked up by its code (any case) and paying at most its balance', async () => {
    const user = userEvent.setup();
    const fetch = stubLookups(found());
    const { dialog, complete, onComplete } = openPayment();
    expect(methods(dialog)).toEqual(['cash', 'card', 'voucher']);
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    const code = within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code);
    // Nothing to pay before a voucher is found.
    expect(within(dialog).queryByLabelText('Gift voucher amount')).toBeNull();
    expect(complete.disabled).toBe(true);
    // The code's Enter looks it up; it never completes the payment.
    await user.type(code, `${CODE.toLowerCase()}{Enter}`);
    expect(onComplete).not.toHaveBeenCalled();
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/gift-vouchers/code/${CODE}?branchId=b1`);
    await waitFor(() => expect(within(dialog).getByTestId('voucher-balance').textContent).toBe('Balance PKR 45.50'));
    expect(within(dialog).getByTestId('voucher-found').textContent).toContain('Valid until 31/12/2027');
    expect((code as HTMLInputElement).value).toBe(CODE);
    // Found: the cursor in its amount; blank, the balance (less than the 85.00 due): a part to record with F8.
    const amount = within(dialog).getByLabelText('Gift voucher amount');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('placeholder')).toBe('45.50');
    expect(within(dialog).getByText(/Balance PKR 45\.50\. PKR 39\.50 remains: F8 adds this gift voucher/)).toBeTruthy();
    expect(complete.disabled).toBe(true);
    // More than is left on it: refused, with what is left.
    await user.type(amount, '50');
    expect(within(dialog).getByText('Only PKR 45.50 left on the gift voucher')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{F8}');
    expect(within(dialog).queryAllByTestId('tender-line')).toHaveLength(0);
    await user.clear(amount);
    await user.keyboard('{F8}');
    expect(
      within(dialog)
        .getAllByTestId('tender-line')
        .map((line) => line.textContent),
    ).toEqual(['Gift voucherPKR 45.50']);
    expect(within(dialog).getByLabelText('Remaining').textContent).toBe('PKR 39.50');
    expect((within(dialog).getByRole('radio', { name: 'Gift voucher' }) as HTMLInputElement).disabled).toBe(true);
    const cash = within(dialog).getByLabelText('Amount Received');
    expect(document.activeElement).toBe(cash);
    await user.type(cash, '40');
    expect(within(dialog).getByLabelText('Change').textContent).toBe('PKR 0.50');
    await user.keyboard('{Enter}');
    const payment = onComplete.mock.calls[0]?.[0] as PaymentDetails;
    expect(payment).toEqual({
      method: 'mixed',
      amountReceived: 85.5,
      tenders: [
        { method: 'voucher', amount: 45.5 },
        { method: 'cash', amount: 40 },
      ],
      voucherCode: CODE,
    });
    // The sale names the voucher; as the server reads it: the voucher 45.50, cash 39.50 of the total.
    const payload = buildSalePayload(cartOf85(), 'b1', payment);
    expect(payload).toMatchObject({ payment_method: 'mixed', amount_paid: 85.5, change: 0.5, voucher_code: CODE });
    expect(saleSettlement(payload, toMinor(85))).toMatchObject({
      lines: [
        { method: 'cash', amount: 3950 },
        { method: 'voucher', amount: 4550 },
      ],
    });
  });

  it('a voucher with more than is due pays it all: Enter sends payment_method voucher with its code', async () => {
    const user = userEvent.setup();
    stubLookups(found({ balance: 500, amount: 500 }));
    const { dialog, complete, onComplete } = openPayment();
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    await user.type(within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code), `${CODE}{Enter}`);
    const amount = await within(dialog).findByLabelText('Gift voucher amount');
    expect(amount.getAttribute('placeholder')).toBe('85.00');
    expect(within(dialog).getByText(/PKR 85\.00 of the gift voucher pays it all; no change\./)).toBeTruthy();
    expect(complete.disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await user.keyboard('{Enter}');
    expect(onComplete).toHaveBeenCalledWith({ method: 'voucher', amountReceived: 85, voucherCode: CODE });
    const payload = buildSalePayload(cartOf85(), 'b1', { method: 'voucher', amountReceived: 85, voucherCode: CODE });
    expect(payload).toMatchObject({ payment_method: 'voucher', amount_paid: 85, change: 0, voucher_code: CODE });
    expect(payload).not.toHaveProperty('tenders');
    // A payment without a voucher names none.
    expect(buildSalePayload(cartOf85(), 'b1', { method: 'card', amountReceived: 85 })).not.toHaveProperty(
      'voucher_code',
    );
  });

  it("a scan while Gift voucher is chosen is the voucher's (the register's scanner hands it over); not otherwise", async () => {
    const user = userEvent.setup();
    const fetch = stubLookups(found({ balance: 500 }));
    const { dialog, view } = openPayment();
    // Cash chosen: a scan is the cart's (held while Payment is open).
    expect(scanIntoVoucher(CODE)).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    expect(voucherDeskStore.getState().listening).toBe(true);
    expect(scanIntoVoucher(CODE)).toBe(true);
    await waitFor(() => expect(within(dialog).getByTestId('voucher-balance').textContent).toBe('Balance PKR 500.00'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code) as HTMLInputElement).value).toBe(CODE);
    // Another method, or the dialog gone: the scans are the cart's again.
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    expect(scanIntoVoucher(CODE)).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    expect(voucherDeskStore.getState().listening).toBe(true);
    view.unmount();
    expect(voucherDeskStore.getState()).toMatchObject({ listening: false, scanned: null });
  });

  it("an unknown code: the server's message under the field, nothing to pay; an expired or used voucher says why it cannot pay", async () => {
    const user = userEvent.setup();
    stubLookups(
      () => failure(404, 'Gift voucher not found', 'NOT_FOUND'),
      found({ status: 'expired', expiresOn: '2025-12-31' }),
      found({ status: 'used', balance: 0 }),
    );
    const { dialog, complete } = openPayment();
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    const code = within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code);
    await user.type(code, 'GV0000000000{Enter}');
    expect(await within(dialog).findByText('Gift voucher not found')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect((code as HTMLInputElement).value).toBe('GV0000000000');
    expect(within(dialog).queryByLabelText('Gift voucher amount')).toBeNull();
    expect(complete.disabled).toBe(true);
    // Enter with nothing typed asks for the code.
    await user.clear(code);
    await user.type(code, '{Enter}');
    expect(within(dialog).getByText(VOUCHER_TENDER_TEXT.codeFirst)).toBeTruthy();

    await user.type(code, `${CODE}{Enter}`);
    expect(await within(dialog).findByText('Expired on 31/12/2025: it cannot pay')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Gift voucher amount')).toBeNull();
    expect(complete.disabled).toBe(true);
    await user.type(code, '{Enter}');
    expect(await within(dialog).findByText('Nothing is left on this gift voucher')).toBeTruthy();
    expect(complete.disabled).toBe(true);
  });

  it('a sale refused for the voucher (spent elsewhere): the dialog reads it again and flags a line past what is left', async () => {
    const user = userEvent.setup();
    const fetch = stubLookups(found({ balance: 45.5 }), found({ balance: 20 }));
    const { dialog, complete } = openPayment();
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    await user.type(within(dialog).getByLabelText(VOUCHER_TENDER_TEXT.code), `${CODE}{Enter}`);
    await within(dialog).findByLabelText('Gift voucher amount');
    await user.keyboard('{F8}');
    await user.type(within(dialog).getByLabelText('Amount Received'), '40');
    expect(complete.disabled).toBe(false);
    // The register's checkout answers VOUCHER_REFUSED with this: the voucher's balance as it is now.
    voucherRefused();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only PKR 20.00 left on the gift voucher');
    expect(complete.disabled).toBe(true);
    // The line removed, the voucher pays its 20.00 now.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Gift voucher 45.50' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Gift voucher' }));
    expect(within(dialog).getByLabelText('Gift voucher amount').getAttribute('placeholder')).toBe('20.00');
  });

  it("is offered offline too (the register's synced vouchers: gift-voucher-offline.test.tsx)", () => {
    connectivityStore.setState({ online: false, offlineSince: Date.now() });
    const offline = openPayment();
    expect(methods(offline.dialog)).toEqual(['cash', 'card', 'voucher']);
  });

  it('the figures: min(balance, due) like store credit; no voucher yet asks for its code; the payment names it', () => {
    expect(TENDER_CHOICES.at(-1)).toBe('voucher');
    const base = { lines: [], method: 'voucher' as const, entry: '', vouchers: true };
    expect(splitTenderFigures(85, { ...base, voucher: null })).toMatchObject({
      amount: 0,
      entryProblem: VOUCHER_CODE_FIRST,
      valid: false,
      canAddTender: false,
    });
    expect(splitTenderFigures(85, { ...base, voucher: { code: CODE, balance: 45.5 } })).toMatchObject({
      amount: 45.5,
      rest: 39.5,
      valid: false,
      canAddTender: true,
      nextMethod: 'cash',
    });
    expect(splitTenderFigures(85, { ...base, voucher: { code: CODE, balance: 100 } })).toMatchObject({
      amount: 85,
      valid: true,
      payment: { method: 'voucher', amountReceived: 85, voucherCode: CODE },
    });
    // Cash alone never names the voucher looked up.
    expect(
      splitTenderFigures(85, { ...base, method: 'cash', entry: '100', voucher: { code: CODE, balance: 100 } }).payment,
    ).toEqual({ method: 'cash', amountReceived: 100 });
  });
});
