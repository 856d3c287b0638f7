import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { ACCOUNT_MSG, creditLimitSchema, fromMinor, toMinor } from '@pos/shared';
import { useEffect, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api';
import { useSetCreditLimit } from '../../../lib/api/customers.api';
import { formatMoney, getDisplayCurrency } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { typedAmount } from '../utils/format';
import { SummaryRow } from './summary-row';

export const LIMIT_TEXT = {
  title: 'Set credit limit',
  save: 'Save limit',
  overNewLimit: "The balance is over this limit: a sale on account will need a manager's approval",
} as const;

type Errors = { creditLimit?: string; reason?: string };

type CreditLimitModalProps = {
  opened: boolean;
  onClose: () => void;
  customer: { id: string; name: string };
  /** What the customer owes now and their current limit. */
  balance: number;
  creditLimit: number;
};

/**
 * A Manager's or Super Admin's credit limit for a customer: the new limit (0 or more) and the reason (required,
 * audited), with what it leaves available before Save. A limit below the balance is allowed (nothing more on
 * account without approval) and said so. The server's refusal shows in the dialog, by field where it names one.
 */
export function CreditLimitModal({ opened, onClose, customer, balance, creditLimit }: CreditLimitModalProps) {
  const save = useSetCreditLimit(customer.id);
  const [entry, setEntry] = useState<string | number>(creditLimit);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { reset } = save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the limit when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setEntry(creditLimit);
    setReason('');
    setErrors({});
    setServerError(null);
    reset();
  }, [opened, reset]);

  const limit = typedAmount(entry);
  const available = limit === undefined ? undefined : fromMinor(Math.max(0, toMinor(limit) - toMinor(balance)));
  const overLimit = limit !== undefined && toMinor(balance) > toMinor(limit);
  const summaryId = useId();

  const submit = () => {
    setServerError(null);
    const parsed = creditLimitSchema.safeParse({ creditLimit: limit, reason });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'reason' ? 'reason' : 'creditLimit';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (account) => {
        notifySuccess(`${customer.name}: credit limit ${formatMoney(account.creditLimit)}`, ACCOUNT_MSG.limitUpdated);
        onClose();
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.errors : undefined;
        if (fields?.creditLimit || fields?.reason)
          setErrors({ creditLimit: fields.creditLimit, reason: fields.reason });
        setServerError(errorMessage(error, 'Failed to set the credit limit'));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={LIMIT_TEXT.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!save.isPending) submit();
        }}
      >
        <Stack gap="md">
          <NumberInput
            data-autofocus
            label="Credit limit"
            description="How much this customer may owe on account without a manager's approval"
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
              setErrors((e) => ({ ...e, creditLimit: undefined }));
            }}
            error={errors.creditLimit}
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
          <Paper withBorder radius="md" p="sm" bg="gray.0" role="group" aria-labelledby={summaryId}>
            <Text size="sm" fw={600} id={summaryId} mb={4}>
              Summary
            </Text>
            <SummaryRow label="Balance owed" value={formatMoney(balance)} />
            <SummaryRow label="Current limit" value={formatMoney(creditLimit)} />
            <SummaryRow
              label="Available after"
              value={available === undefined ? '-' : formatMoney(available)}
              strong
              danger={overLimit}
            />
            {overLimit ? (
              <Text size="sm" c="red.9" mt={4}>
                {LIMIT_TEXT.overNewLimit}
              </Text>
            ) : null}
          </Paper>
          {serverError ? (
            <Alert color="red" role="alert" title="Not saved">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {LIMIT_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
