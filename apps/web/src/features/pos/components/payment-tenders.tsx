import { ActionIcon, Group, type NumberInputProps, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatInCurrency, fromMinor, type TenderMethod, toMinor } from '@pos/shared';
import { IconCash, IconCreditCard, IconGift, IconNotebook, IconWallet, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { formatMoney, getDisplayCurrency, paymentMethodLabel } from '../../../lib/format';
import type { TenderPayment } from '../store/sale-payload';
import { accountRoomMinor, type TenderAccount, type TenderChoice, type TenderVoucher } from '../store/split-tender';

const METHOD_ICON: Record<TenderChoice, typeof IconCash> = {
  cash: IconCash,
  card: IconCreditCard,
  store_credit: IconWallet,
  account: IconNotebook,
  voucher: IconGift,
};

/** The key that records the amount being entered as a tender line (free in every browser, as F2 and F4 are). */
export const ADD_TENDER_KEY = 'F8';

export const TENDER_TEXT = {
  addTender: `Add tender (${ADD_TENDER_KEY})`,
  addTenderHint: 'Record this amount as one tender and pay the rest with another',
  tenders: 'Tenders',
  remaining: 'Remaining',
  amountOf: {
    cash: 'Amount Received',
    card: 'Card amount',
    store_credit: 'Store credit amount',
    account: 'On account',
    voucher: 'Gift voucher amount',
  } satisfies Record<TenderChoice, string>,
  cardExact: (amount: number) => `The card is charged exactly ${formatMoney(amount)}; no change.`,
  cardPart: (rest: number) => `${formatMoney(rest)} remains: ${ADD_TENDER_KEY} adds this card, then pay the rest.`,
  creditBalance: (balance: number) => `Balance ${formatMoney(balance)}.`,
  creditExact: (amount: number) => `${formatMoney(amount)} of store credit pays it all; no change.`,
  creditPart: (rest: number) =>
    `${formatMoney(rest)} remains: ${ADD_TENDER_KEY} adds this store credit, then pay the rest.`,
  accountOwes: (balance: number, limit: number, room: number) =>
    `Owes ${formatMoney(balance)} of a ${formatMoney(limit)} limit (${formatMoney(room)} left).`,
  accountPast: 'Past the credit limit: a manager approves it.',
  accountExact: (amount: number) => `${formatMoney(amount)} is charged to the account; no change.`,
  accountPart: (rest: number) =>
    `${formatMoney(rest)} remains: ${ADD_TENDER_KEY} adds this to the account, then pay the rest.`,
  voucherExact: (amount: number) => `${formatMoney(amount)} of the gift voucher pays it all; no change.`,
  voucherPart: (rest: number) =>
    `${formatMoney(rest)} remains: ${ADD_TENDER_KEY} adds this gift voucher, then pay the rest.`,
  remove: (method: TenderMethod, amount: number) =>
    `Remove ${paymentMethodLabel(method)} ${formatInCurrency(amount, '')}`,
} as const;

/**
 * Cash or Card, and Store credit when the customer has some (`choices`); a method already recorded as a tender
 * line pays once (disabled).
 */
export function PaymentMethodControl({
  value,
  onChange,
  used,
  choices,
}: {
  value: TenderChoice;
  onChange: (method: TenderChoice) => void;
  used: readonly TenderMethod[];
  choices: readonly TenderChoice[];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="pos-payment-method-label">
        Payment Method
      </Text>
      <SegmentedControl
        fullWidth
        // Four or five methods (a known customer's store credit and account, a gift voucher) do not fit one line of
        // the dialog (a phone's, or five at any width): the methods wrap onto a second line, each as wide as its name.
        styles={{ root: { flexWrap: 'wrap' }, control: { flex: '1 0 auto' } }}
        withItemsBorders={false}
        aria-labelledby="pos-payment-method-label"
        value={value}
        onChange={(next) => onChange(next as TenderChoice)}
        data={choices.map((method) => {
          const Icon = METHOD_ICON[method];
          return {
            value: method,
            disabled: used.includes(method),
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <Icon size={16} aria-hidden />
                <span>{paymentMethodLabel(method)}</span>
              </Group>
            ),
          };
        })}
      />
    </Stack>
  );
}

/** The tender lines recorded so far, each with its remove button, and what they leave due ('Remaining'). */
export function TenderLines({
  lines,
  remaining,
  onRemove,
  disabled,
}: {
  lines: readonly TenderPayment[];
  remaining: number;
  onRemove: (method: TenderMethod) => void;
  disabled: boolean;
}) {
  const listId = useId();
  const remainingId = useId();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={listId}>
        {TENDER_TEXT.tenders}
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={listId}>
        {lines.map((line) => (
          <Group
            component="li"
            key={line.method}
            justify="space-between"
            wrap="nowrap"
            data-testid="tender-line"
            px="sm"
            py={4}
            bg="gray.0"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text size="sm" fw={500}>
              {paymentMethodLabel(line.method)}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={TENDER_TEXT.remove(line.method, line.amount)}
                onClick={() => onRemove(line.method)}
                disabled={disabled}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between">
        <Text size="sm" fw={500} id={remainingId}>
          {TENDER_TEXT.remaining}
        </Text>
        <Text component="output" size="md" fw={700} aria-labelledby={remainingId}>
          {formatMoney(remaining)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The amount fields' common look: money with 2 decimals, the company's currency code before it. */
export const amountField = (): Partial<NumberInputProps> => ({
  min: 0,
  step: 0.01,
  decimalScale: 2,
  allowNegative: false,
  thousandSeparator: ',',
  hideControls: true,
  size: 'md',
  leftSection: <Text size="xs">{getDisplayCurrency()}</Text>,
  leftSectionWidth: 44,
});

/**
 * Under a card's, store credit's, a gift voucher's or the account's amount: what it pays; for store credit and a
 * voucher their balance, for the account what is owed, the limit and what is left of it (and past it, that a
 * manager approves).
 */
export function nonCashHint(
  method: TenderChoice,
  figures: { rest: number; amount: number },
  {
    creditBalance,
    account,
    voucher = null,
  }: { creditBalance: number; account: TenderAccount | null; voucher?: TenderVoucher | null },
) {
  const pays = figures.rest > 0 ? TENDER_TEXT.cardPart(figures.rest) : TENDER_TEXT.cardExact(figures.amount);
  if (method === 'account' && account) {
    const room = accountRoomMinor(account);
    const charge = figures.rest > 0 ? TENDER_TEXT.accountPart(figures.rest) : TENDER_TEXT.accountExact(figures.amount);
    const owes = TENDER_TEXT.accountOwes(account.balance, account.creditLimit, fromMinor(room));
    return [owes, charge, toMinor(figures.amount) > room ? TENDER_TEXT.accountPast : ''].join(' ').trim();
  }
  if (method === 'voucher') {
    const part = figures.rest > 0 ? TENDER_TEXT.voucherPart(figures.rest) : TENDER_TEXT.voucherExact(figures.amount);
    return `${TENDER_TEXT.creditBalance(voucher?.balance ?? 0)} ${part}`;
  }
  if (method !== 'store_credit') return pays;
  const credit = figures.rest > 0 ? TENDER_TEXT.creditPart(figures.rest) : TENDER_TEXT.creditExact(figures.amount);
  return `${TENDER_TEXT.creditBalance(creditBalance)} ${credit}`;
}
