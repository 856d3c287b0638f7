import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { formatInCurrency, type TenderMethod } from '@pos/shared';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { spendable, useVoucherTender } from '../hooks/use-voucher-tender';
import { isOnline } from '../offline/connectivity';
import type { PaymentDetails, TenderPayment } from '../store/sale-payload';
import { splitTenderFigures, type TenderChoice, tenderChoices } from '../store/split-tender';
import { ExchangeBackForm, type ExchangeSettlement } from './exchange-payment';
import { AmountDue, CashAmountField, type PaymentFigures, useFiguresOnDisplay } from './payment-fields';
import {
  ADD_TENDER_KEY,
  amountField,
  nonCashHint,
  PaymentMethodControl,
  TENDER_TEXT,
  TenderLines,
} from './payment-tenders';
import { VoucherCodeField } from './voucher-tender';

export type PaymentModalProps = {
  opened: boolean;
  total: number;
  isPaying: boolean;
  onClose: () => void;
  onExited?: () => void;
  onComplete: (payment: PaymentDetails) => void;
  /** The cart's customer's store credit: above 0, the dialog offers it as a tender (at most this much). */
  creditBalance?: number;
  /** The cart's customer's account (owed, limit): the dialog offers it as a tender. */
  account?: { balance: number; creditLimit: number } | null;
  /**
   * The cart is the new side of an exchange: `total` is then what is left to pay after the returned items (0: they
   * pay it all, and `back` is what goes back); Complete sends the exchange (onCompleteExchange).
   */
  exchange?: { applied: number; back: number; hasCustomer: boolean; paidByCard: boolean } | null;
  onCompleteExchange?: (settlement: { payment: PaymentDetails | null } & ExchangeSettlement) => void;
  /** The dialog's figures as they change, for the customer display (null: closed); LazyPaymentModal passes it. */
  onFigures?: (figures: PaymentFigures | null) => void;
};

export type { PaymentFigures } from './payment-fields';

/**
 * Cash or card, store credit when the customer has some, a gift voucher, or several tenders. Opens with
 * the cursor in 'Amount Received'; Enter completes when the payment is valid. Split tender: 'Add tender' (F8)
 * records the amount entered for the chosen method as a tender line and leaves the rest due ('Remaining') for
 * another method; a card, store credit or a voucher pays at most what is still due (store credit and a voucher at
 * most their balance), change comes only from cash, and Complete Payment is enabled only when the tenders settle
 * the total (settleTenders). A gift voucher is scanned or typed, looked up (offline among the register's synced
 * vouchers), then pays like store credit.
 */
function PaymentForm({
  total,
  isPaying,
  onClose,
  onComplete,
  onFigures,
  creditBalance = 0,
  account: known = null,
  vouchers = false,
}: Omit<PaymentModalProps, 'opened' | 'onExited'> & { vouchers?: boolean }) {
  const account = known && { ...known, bound: !isOnline() };
  const choices = tenderChoices(creditBalance, account, vouchers);
  const [chosen, setMethod] = useState<TenderChoice>('cash');
  // A method no longer offered (store credit spent elsewhere): back to cash.
  const method = choices.includes(chosen) ? chosen : 'cash';
  // What is typed for each method: cash handed over, the card's charge, ... (blank: what is due).
  const [entries, setEntries] = useState<Record<TenderChoice, string | number>>({
    cash: '',
    card: '',
    store_credit: '',
    account: '',
    voucher: '',
  });
  const [lines, setLines] = useState<TenderPayment[]>([]);
  const entry = entries[method];
  const setEntry = (value: string | number) => setEntries((current) => ({ ...current, [method]: value }));

  // After a line is recorded or removed, or a voucher found, the cursor goes to the amount.
  const amountRef = useRef<HTMLInputElement>(null);
  const [focusAmount, setFocusAmount] = useState(0);
  useEffect(() => {
    if (focusAmount > 0) amountRef.current?.focus();
  }, [focusAmount]);
  const voucherTender = useVoucherTender({
    listening: method === 'voucher' && !lines.some((line) => line.method === 'voucher'),
    onFound: () => setFocusAmount((n) => n + 1),
  });
  const voucher = spendable(voucherTender.voucher);
  const figures = splitTenderFigures(total, { lines, method, entry, creditBalance, account, vouchers, voucher });
  const { payment, valid } = figures;
  const addTender = () => {
    if (!figures.canAddTender || isPaying) return;
    setLines([...lines, { method, amount: figures.amount }]);
    setEntries((current) => ({ ...current, [method]: '' }));
    setMethod(figures.nextMethod ?? method);
    setFocusAmount((n) => n + 1);
  };
  const removeLine = (removed: TenderMethod) => {
    setLines(lines.filter((line) => line.method !== removed));
    setFocusAmount((n) => n + 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== ADD_TENDER_KEY) return;
    event.preventDefault();
    addTender();
  };

  // The customer display shows what was handed over and the change as it is typed (gone when this closes).
  useFiguresOnDisplay(onFigures, { ...figures.display, total });

  return (
    <form
      // A scan while Payment is open changes nothing here: the register holds the code for the cart.
      data-scan-hold
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && payment && !isPaying) onComplete(payment);
      }}
    >
      <Stack gap="md">
        <AmountDue total={total} />

        <PaymentMethodControl value={method} onChange={setMethod} used={lines.map((l) => l.method)} choices={choices} />

        {lines.length > 0 ? (
          <TenderLines lines={lines} remaining={figures.remaining} onRemove={removeLine} disabled={isPaying} />
        ) : null}
        {figures.linesProblem ? (
          <Text size="sm" c="red.8" role="alert">
            {figures.linesProblem}
          </Text>
        ) : null}

        {method === 'voucher' ? (
          <VoucherCodeField tender={voucherTender} inputRef={voucher ? undefined : amountRef} />
        ) : null}
        {method === 'cash' ? (
          <CashAmountField
            value={entry}
            onChange={setEntry}
            remaining={figures.remaining}
            change={figures.change}
            problem={figures.problem}
            inputRef={amountRef}
          />
        ) : method !== 'voucher' || (voucher?.balance ?? 0) > 0 ? (
          <NumberInput
            {...amountField()}
            key={method}
            ref={amountRef}
            label={TENDER_TEXT.amountOf[method]}
            placeholder={formatInCurrency(entry === '' ? figures.amount : figures.remaining, '')}
            value={entry}
            onChange={setEntry}
            error={figures.entryProblem}
            description={
              figures.entryProblem ? undefined : nonCashHint(method, figures, { creditBalance, account, voucher })
            }
          />
        ) : null}

        <Group justify="space-between" gap="sm">
          <Button
            variant="light"
            onClick={addTender}
            disabled={!figures.canAddTender || isPaying}
            aria-keyshortcuts={ADD_TENDER_KEY}
            title={TENDER_TEXT.addTenderHint}
          >
            {TENDER_TEXT.addTender}
          </Button>
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onClose} disabled={isPaying}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={isPaying} data-autofocus={method === 'card' || undefined}>
              Complete Payment
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

export function PaymentModal({ opened, onClose, onExited, exchange, onCompleteExchange, ...form }: PaymentModalProps) {
  // A gift voucher: checked with the server online, offline with the register's synced vouchers.
  const { branch } = useCurrentSelection();
  const offersVouchers = Boolean(branch);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!form.isPaying) onClose();
      }}
      onExitTransitionEnd={onExited}
      returnFocus={false}
      title={exchange ? 'Exchange' : 'Payment'}
      centered
      size="md"
    >
      {exchange && form.total <= 0 ? (
        <ExchangeBackForm
          {...exchange}
          isPaying={form.isPaying}
          onClose={onClose}
          onComplete={(settlement) => onCompleteExchange?.({ payment: null, ...settlement })}
        />
      ) : (
        <>
          {exchange ? (
            <Text size="sm" mb="sm">
              The returned items pay {formatMoney(exchange.applied)}; the rest is due now.
            </Text>
          ) : null}
          <PaymentForm
            {...form}
            vouchers={offersVouchers}
            onClose={onClose}
            onComplete={(payment) =>
              exchange ? onCompleteExchange?.({ payment, refundMethod: 'cash' }) : form.onComplete(payment)
            }
          />
        </>
      )}
    </Modal>
  );
}
