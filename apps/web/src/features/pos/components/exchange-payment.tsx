import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { type ExchangeBackMethod, moneyMethodLabel } from '@pos/shared';
import { useId, useState } from 'react';
import { formatMoney } from '../../../lib/format';

/** How an exchange is settled at Payment: what the customer hands over (none here) and how the rest goes back. */
export type ExchangeSettlement = { refundMethod: ExchangeBackMethod };

type ExchangeBackFormProps = {
  /** What the returned items pay of the new ones, and what is left to give back (0: they cost the same). */
  applied: number;
  back: number;
  /** The original sale had a customer (store credit) and a card paid it (a card refund). */
  hasCustomer: boolean;
  paidByCard: boolean;
  isPaying: boolean;
  onClose: () => void;
  onComplete: (settlement: ExchangeSettlement) => void;
};

/**
 * The Payment dialog of an exchange whose returned items pay for all the new ones: nothing to pay; what is left
 * goes back in cash (from this register's drawer), to the card that paid, or as the customer's store credit.
 * Enter completes.
 */
export function ExchangeBackForm({
  applied,
  back,
  hasCustomer,
  paidByCard,
  isPaying,
  onClose,
  onComplete,
}: ExchangeBackFormProps) {
  const [method, setMethod] = useState<ExchangeBackMethod>('cash');
  const backId = useId();
  const options: { value: ExchangeBackMethod; disabled: boolean; hint?: string }[] = [
    { value: 'cash', disabled: false },
    { value: 'card_refund', disabled: !paidByCard, hint: paidByCard ? undefined : 'No card paid the sale' },
    { value: 'store_credit', disabled: !hasCustomer, hint: hasCustomer ? undefined : 'The sale has no customer' },
  ];
  return (
    <form
      data-scan-hold
      onSubmit={(event) => {
        event.preventDefault();
        if (!isPaying) onComplete({ refundMethod: method });
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" bg="blue.0">
          <Text size="sm" c="dimmed">
            The returned items pay {formatMoney(applied)}: nothing to pay
          </Text>
          <Text size="sm" c="dimmed" id={backId} mt="xs">
            Give back
          </Text>
          <Text component="output" display="block" fw={700} fz={28} aria-labelledby={backId}>
            {formatMoney(back)}
          </Text>
        </Paper>
        {back > 0 ? (
          <Radio.Group label="Give it back as" value={method} onChange={(v) => setMethod(v as ExchangeBackMethod)}>
            <Stack gap={6} mt={6}>
              {options.map((o) => (
                <Radio
                  key={o.value}
                  value={o.value}
                  label={moneyMethodLabel(o.value)}
                  description={o.hint}
                  disabled={o.disabled}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPaying}>
            Cancel
          </Button>
          <Button type="submit" loading={isPaying} data-autofocus>
            Complete Exchange
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
