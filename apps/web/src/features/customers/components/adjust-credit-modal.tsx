import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { CUSTOMER_MSG, creditAdjustmentSchema, fromMinor, toMinor } from '@pos/shared';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAdjustCredit } from '../../../lib/api/customers.api';
import { formatMoney, getDisplayCurrency } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { SummaryRow } from './summary-row';

export type CreditDirection = 'give' | 'take';

export const ADJUST_TEXT = {
  title: 'Adjust store credit',
  give: 'Give',
  take: 'Take back',
  confirm: 'Confirm',
  current: 'Current balance',
  newBalance: 'New balance',
  takeTooMuch: (balance: number) => `${CUSTOMER_MSG.creditShort}: the balance is ${formatMoney(balance)}`,
} as const;

/**
 * The adjustment as the server takes it: the signed amount (given above 0, taken back below) and the new
 * balance, in minor units so the sum is exact; amount 0 when nothing (or nothing readable) is typed.
 */
export function creditAdjustment(balance: number, direction: CreditDirection, entry: string | number) {
  const typed = typeof entry === 'number' ? entry : Number.parseFloat(entry);
  const minor = Number.isFinite(typed) ? Math.abs(toMinor(typed)) : 0;
  const signed = direction === 'give' ? minor : -minor;
  return { amount: fromMinor(signed), newBalance: fromMinor(toMinor(balance) + signed) };
}

type AdjustCreditModalProps = {
  opened: boolean;
  onClose: () => void;
  customer: { id: string; name: string; creditBalance: number };
};

/**
 * A Manager's or Super Admin's adjustment of a customer's store credit: Give or Take back, the amount and the
 * reason (required), and the balance it leaves, before Confirm. The balance never goes below 0: taking back more
 * is refused here, and the server's 409 (the balance changed meanwhile) shows in the dialog.
 */
export function AdjustCreditModal({ opened, onClose, customer }: AdjustCreditModalProps) {
  const adjust = useAdjustCredit(customer.id);
  const [direction, setDirection] = useState<CreditDirection>('give');
  const [entry, setEntry] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { reset } = adjust;
  useEffect(() => {
    if (!opened) return;
    setDirection('give');
    setEntry('');
    setReason('');
    setErrors({});
    setServerError(null);
    reset();
  }, [opened, reset]);

  const { amount, newBalance } = creditAdjustment(customer.creditBalance, direction, entry);
  const short = newBalance < 0;
  const directionId = useId();
  const summaryId = useId();

  const submit = () => {
    setServerError(null);
    const parsed = creditAdjustmentSchema.safeParse({ amount, reason });
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'reason' ? 'reason' : 'amount';
        found[key] ??= issue.path[0] === 'amount' && amount === 0 ? 'Enter an amount above 0' : issue.message;
      }
    }
    if (short) found.amount ??= ADJUST_TEXT.takeTooMuch(customer.creditBalance);
    setErrors(found);
    if (!parsed.success || short) return;
    adjust.mutate(parsed.data, {
      onSuccess: (result) => {
        notifySuccess(`${customer.name}: store credit ${formatMoney(result.balance)}`, CUSTOMER_MSG.creditAdjusted);
        onClose();
      },
      onError: (error) => setServerError(errorMessage(error, 'Failed to adjust store credit')),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={ADJUST_TEXT.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!adjust.isPending) submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={directionId}>
              Adjustment
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={directionId}
              value={direction}
              onChange={(value) => {
                setDirection(value as CreditDirection);
                setErrors((e) => ({ ...e, amount: undefined }));
              }}
              data={[
                { value: 'give', label: ADJUST_TEXT.give },
                { value: 'take', label: ADJUST_TEXT.take },
              ]}
            />
          </Stack>
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
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
            error={errors.reason}
          />
          <Paper withBorder radius="md" p="sm" bg={short ? 'red.0' : 'gray.0'} role="group" aria-labelledby={summaryId}>
            <Text size="sm" fw={600} id={summaryId} mb={4}>
              Summary
            </Text>
            <SummaryRow label={ADJUST_TEXT.current} value={formatMoney(customer.creditBalance)} />
            <SummaryRow
              label={direction === 'give' ? ADJUST_TEXT.give : ADJUST_TEXT.take}
              value={`${direction === 'give' ? '+' : '-'}${formatMoney(Math.abs(amount))}`}
            />
            <SummaryRow label={ADJUST_TEXT.newBalance} value={formatMoney(newBalance)} strong danger={short} />
          </Paper>
          {serverError ? (
            <Alert color="red" role="alert" title="Not adjusted">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={adjust.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {ADJUST_TEXT.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
