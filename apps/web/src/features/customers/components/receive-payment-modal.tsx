import {
  Alert,
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ACCOUNT_MSG, type AccountPaymentMethod, accountPaymentSchema, fromMinor, toMinor } from '@pos/shared';
import { useEffect, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api';
import { useReceivePayment } from '../../../lib/api/customers.api';
import { formatMoney, getDisplayCurrency } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { newUuid } from '../../../lib/uuid';
import { typedAmount } from '../utils/format';
import { SummaryRow } from './summary-row';

export const PAYMENT_TEXT = {
  title: 'Receive payment',
  confirm: 'Record payment',
  cashHint: "Cash taken here is not counted in a register's drawer: take it at the register to count it in a shift.",
  overpays: 'More than is owed: the account will be in credit',
} as const;

type Errors = { amount?: string; method?: string; note?: string };

type ReceivePaymentModalProps = {
  opened: boolean;
  onClose: () => void;
  customer: { id: string; name: string };
  /** What the customer owes now. */
  balance: number;
};

/**
 * A payment received on account in the back office (a Manager or Super Admin; no shift): the amount, cash or card,
 * an optional note, and the balance it leaves before Record. Each opening of the dialog is one payment (its id),
 * so a retry after a lost answer cannot record it twice. The server's refusal shows in the dialog.
 */
export function ReceivePaymentModal({ opened, onClose, customer, balance }: ReceivePaymentModalProps) {
  const receive = useReceivePayment(customer.id);
  const [entry, setEntry] = useState<string | number>('');
  const [method, setMethod] = useState<AccountPaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [paymentId, setPaymentId] = useState(newUuid);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { reset } = receive;
  useEffect(() => {
    if (!opened) return;
    setEntry('');
    setMethod('cash');
    setNote('');
    setPaymentId(newUuid());
    setErrors({});
    setServerError(null);
    reset();
  }, [opened, reset]);

  const amount = typedAmount(entry);
  const after = fromMinor(toMinor(balance) - toMinor(amount ?? 0));
  const methodId = useId();
  const summaryId = useId();

  const submit = () => {
    setServerError(null);
    const parsed = accountPaymentSchema.safeParse({ id: paymentId, amount, method, note: note.trim() || undefined });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'method' ? 'method' : issue.path[0] === 'note' ? 'note' : 'amount';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    receive.mutate(parsed.data, {
      onSuccess: ({ account }) => {
        notifySuccess(`${customer.name}: ${formatMoney(account.balance)} owed`, ACCOUNT_MSG.paymentRecorded);
        onClose();
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.errors : undefined;
        if (fields) setErrors({ amount: fields.amount, method: fields.method ?? fields.shift_id, note: fields.note });
        setServerError(errorMessage(error, 'Failed to record the payment'));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={PAYMENT_TEXT.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!receive.isPending) submit();
        }}
      >
        <Stack gap="md">
          <NumberInput
            data-autofocus
            label="Amount"
            required
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            leftSection={<Text size="xs">{getDisplayCurrency()}</Text>}
            leftSectionWidth={44}
            placeholder="0.00"
            value={entry}
            onChange={(value) => {
              setEntry(value);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            error={errors.amount}
          />
          <Stack gap={4}>
            <Input.Label labelElement="div" id={methodId}>
              Method
            </Input.Label>
            <SegmentedControl
              fullWidth
              aria-labelledby={methodId}
              value={method}
              onChange={(value) => {
                setMethod(value as AccountPaymentMethod);
                setErrors((e) => ({ ...e, method: undefined }));
              }}
              data={[
                { value: 'cash', label: 'Cash' },
                { value: 'card', label: 'Card' },
              ]}
            />
            {errors.method ? (
              <Text size="sm" c="red.9" role="alert">
                {errors.method}
              </Text>
            ) : method === 'cash' ? (
              <Text size="xs" c="dimmed">
                {PAYMENT_TEXT.cashHint}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            label="Note"
            placeholder="Optional"
            maxLength={500}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setErrors((e) => ({ ...e, note: undefined }));
            }}
            error={errors.note}
          />
          <Paper withBorder radius="md" p="sm" bg="gray.0" role="group" aria-labelledby={summaryId}>
            <Text size="sm" fw={600} id={summaryId} mb={4}>
              Summary
            </Text>
            <SummaryRow label="Balance owed" value={formatMoney(balance)} />
            <SummaryRow label="Payment" value={`-${formatMoney(amount ?? 0)}`} />
            <SummaryRow label="Balance after" value={formatMoney(after)} strong />
            {after < 0 ? (
              <Text size="sm" mt={4}>
                {PAYMENT_TEXT.overpays}
              </Text>
            ) : null}
          </Paper>
          {serverError ? (
            <Alert color="red" role="alert" title="Not recorded">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={receive.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={receive.isPending}>
              {PAYMENT_TEXT.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
