import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_MSG, type AccountPaymentMethod } from '@pos/shared';
import { IconNotebook } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useReceivePayment } from '../../../lib/api/customers.api';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { openCashDrawer } from '../../../lib/printing';
import { newUuid } from '../../../lib/uuid';
import { useShift } from '../hooks/use-shift';
import { useConnectivity } from '../offline/connectivity';
import { type CartAccount, cartStore } from '../store/cart-store';

export const ACCOUNT_TEXT = {
  owes: (balance: number) => `Owes ${formatMoney(balance)} on account`,
  receive: 'Receive payment',
  title: 'Payment on account',
  offline: 'Payments on account need the server',
  noShift: 'Open a shift to take cash',
  done: (amount: number, balance: number) => `${formatMoney(amount)} received: owes ${formatMoney(balance)}`,
} as const;

/**
 * Under the cart's customer: what they owe on account and, online, 'Receive payment': cash into this register's
 * open shift (a paid-in of the drawer, which opens), or card. One id per payment, the same on every attempt of it
 * (a lost answer is recorded once).
 */
export function AccountLine({ cartId, account }: { cartId: string; account: CartAccount }) {
  const [opened, setOpened] = useState(false);
  const online = useConnectivity((s) => s.online);
  if (!account.id || (account.balance === 0 && account.creditLimit === 0)) return null;
  return (
    <Group gap={6} mt={6} wrap="nowrap" justify="space-between" data-testid="customer-account">
      <Group gap={6} wrap="nowrap">
        <IconNotebook size={16} aria-hidden color="var(--mantine-color-indigo-8)" />
        <Text size="sm" fw={600} c="indigo.9">
          {ACCOUNT_TEXT.owes(account.balance)}
        </Text>
      </Group>
      <Button
        size="compact-xs"
        variant="light"
        disabled={!online}
        title={online ? undefined : ACCOUNT_TEXT.offline}
        onClick={() => setOpened(true)}
      >
        {ACCOUNT_TEXT.receive}
      </Button>
      {opened ? (
        <AccountPaymentModal
          customerId={account.id}
          balance={account.balance}
          onClose={() => setOpened(false)}
          onPaid={(balance) => {
            const credit = cartStore.getState().carts.find((c) => c.id === cartId)?.customerCredit;
            if (credit?.account) {
              cartStore
                .getState()
                .setCustomer({ customerCredit: { ...credit, account: { ...credit.account, balance } } }, cartId);
            }
          }}
        />
      ) : null}
    </Group>
  );
}

function AccountPaymentModal({
  customerId,
  balance,
  onClose,
  onPaid,
}: {
  customerId: string;
  balance: number;
  onClose: () => void;
  onPaid: (balance: number) => void;
}) {
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<AccountPaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [id, setId] = useState(newUuid);
  const [problem, setProblem] = useState<string | null>(null);
  const { shift } = useShift();
  const pay = useReceivePayment(customerId);
  const needsShift = method === 'cash' && !shift;

  const submit = async () => {
    const value = Number(amount);
    if (!(value > 0)) {
      setProblem(ACCOUNT_MSG.amountAboveZero);
      return;
    }
    setProblem(null);
    try {
      const paid = await pay.mutateAsync({
        id,
        amount: value,
        method,
        ...(method === 'cash' && shift && { shift_id: shift.id }),
        ...(note.trim() && { note: note.trim() }),
      });
      if (method === 'cash') void openCashDrawer();
      notifySuccess(ACCOUNT_TEXT.done(paid.entry.amount * -1, paid.account.balance));
      onPaid(paid.account.balance);
      setId(newUuid());
      onClose();
    } catch (error) {
      const message = errorMessage(error, 'The payment could not be recorded');
      setProblem(message);
      notifyError(message);
    }
  };

  return (
    <Modal opened onClose={onClose} title={ACCOUNT_TEXT.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{ACCOUNT_TEXT.owes(balance)}</Text>
          <NumberInput
            label="Amount"
            data-autofocus
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            value={amount}
            onChange={setAmount}
            error={problem}
          />
          <SegmentedControl
            aria-label="Paid by"
            value={method}
            onChange={(v) => setMethod(v as AccountPaymentMethod)}
            data={[
              { value: 'cash', label: 'Cash' },
              { value: 'card', label: 'Card' },
            ]}
          />
          {needsShift ? (
            <Text size="sm" c="red.8" role="alert">
              {ACCOUNT_TEXT.noShift}
            </Text>
          ) : null}
          <TextInput
            label="Note"
            placeholder="Optional"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pay.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={pay.isPending} disabled={needsShift}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
