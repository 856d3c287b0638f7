import { Button, Group, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { formatInCurrency, type PaymentMethod, TENDER_MSG, type TenderMethod } from '@pos/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { isOnline } from '../offline/connectivity';
import type { PaymentDetails, TenderPayment } from '../store/sale-payload';
import { splitTenderFigures, type TenderChoice, tenderChoices } from '../store/split-tender';
import { ExchangeBackForm, type ExchangeSettlement } from './exchange-payment';
import {
  ADD_TENDER_KEY,
  amountField,
  nonCashHint,
  PaymentMethodControl,
  TENDER_TEXT,
  TenderLines,
} from './payment-tenders';

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

/** What was handed over so far (null: nothing, or card) and the total, for the customer display ('mixed': lines). */
export type PaymentFigures = { method: PaymentMethod; amountReceived: number | null; total: number };

/**
 * Cash or card, store credit when the customer has some, or several tenders. Opens with the cursor in 'Amount
 * Received'; Enter completes when the payment is valid. Split tender: 'Add tender' (F8) records the amount entered
 * for the chosen method as a tender line and leaves the rest due ('Remaining') for another method; a card or store
 * credit pays at most what is still due (store credit at most the balance), change comes only from cash, and
 * Complete Payment is enabled only when the tenders settle the total (settleTenders).
 */
function PaymentForm({
  total,
  isPaying,
  onClose,
  onComplete,
  onFigures,
  creditBalance = 0,
  account: known = null,
}: Omit<PaymentModalProps, 'opened' | 'onExited'>) {
  const account = known && { ...known, bound: !isOnline() };
  const [method, setMethod] = useState<TenderChoice>('cash');
  // What is typed for each method: cash handed over, the card's charge, ... (blank: what is due).
  const [entries, setEntries] = useState<Record<TenderChoice, string | number>>({
    cash: '',
    card: '',
    store_credit: '',
    account: '',
  });
  const [lines, setLines] = useState<TenderPayment[]>([]);
  const entry = entries[method];
  const setEntry = (value: string | number) => setEntries((current) => ({ ...current, [method]: value }));
  const figures = splitTenderFigures(total, { lines, method, entry, creditBalance, account });
  const { payment, valid, change } = figures;

  // After a line is recorded or removed the cursor goes back to the amount.
  const amountRef = useRef<HTMLInputElement>(null);
  const [focusAmount, setFocusAmount] = useState(0);
  useEffect(() => {
    if (focusAmount > 0) amountRef.current?.focus();
  }, [focusAmount]);
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

  const amountDueId = useId();
  const changeId = useId();
  // The customer display shows what was handed over and the change as it is typed (gone when this closes).
  const { method: shownMethod, amountReceived: tendered } = figures.display;
  const figuresRef = useRef(onFigures);
  figuresRef.current = onFigures;
  useEffect(
    () => figuresRef.current?.({ method: shownMethod, amountReceived: tendered, total }),
    [shownMethod, tendered, total],
  );
  useEffect(() => () => figuresRef.current?.(null), []);

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
        <Paper withBorder radius="md" p="md" bg="blue.0">
          <Text size="sm" c="dimmed" id={amountDueId}>
            Amount due
          </Text>
          <Text component="output" display="block" size="xl" fw={700} fz={28} aria-labelledby={amountDueId}>
            {formatMoney(total)}
          </Text>
        </Paper>

        <PaymentMethodControl
          value={method}
          onChange={setMethod}
          used={lines.map((line) => line.method)}
          choices={tenderChoices(creditBalance, account)}
        />

        {lines.length > 0 ? (
          <TenderLines lines={lines} remaining={figures.remaining} onRemove={removeLine} disabled={isPaying} />
        ) : null}

        {method === 'cash' ? (
          <>
            <NumberInput
              {...amountField()}
              key="cash"
              ref={amountRef}
              data-autofocus
              label="Amount Received"
              placeholder="0.00"
              value={entry}
              onChange={setEntry}
              rightSectionWidth={72}
              rightSection={
                <Button size="compact-xs" variant="light" onClick={() => setEntry(figures.remaining)}>
                  Exact
                </Button>
              }
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" id={changeId}>
                Change
              </Text>
              {change === null ? (
                <Text component="output" size="sm" c="red.7" aria-labelledby={changeId}>
                  {entry === '' ? formatMoney(0) : (figures.problem ?? TENDER_MSG.short)}
                </Text>
              ) : (
                <Text component="output" size="lg" fw={700} c="green.8" aria-labelledby={changeId}>
                  {formatMoney(change)}
                </Text>
              )}
            </Group>
          </>
        ) : (
          <NumberInput
            {...amountField()}
            key={method}
            ref={amountRef}
            label={TENDER_TEXT.amountOf[method]}
            placeholder={formatInCurrency(entry === '' ? figures.amount : figures.remaining, '')}
            value={entry}
            onChange={setEntry}
            error={figures.entryProblem}
            description={figures.entryProblem ? undefined : nonCashHint(method, figures, { creditBalance, account })}
          />
        )}

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
