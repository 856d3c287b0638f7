import { Button, Group, Modal, NumberInput, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { cashChange, type PaymentMethod } from '@pos/shared';
import { IconCash, IconCreditCard } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { canCompletePayment, type PaymentDetails } from '../store/sale-payload';

export type PaymentModalProps = {
  opened: boolean;
  total: number;
  isPaying: boolean;
  onClose: () => void;
  onExited?: () => void;
  onComplete: (payment: PaymentDetails) => void;
  /**
   * The dialog's figures as they change, for the customer display (null: the dialog closed); the register's
   * LazyPaymentModal passes it, so this chunk does not take the display's store.
   */
  onFigures?: (figures: PaymentFigures | null) => void;
};

/** Cash received so far (null: nothing entered, or card) and the total, for the customer display. */
export type PaymentFigures = { method: PaymentMethod; amountReceived: number | null; total: number };

const toAmount = (value: string | number) => {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
};

/** Cash or card. Opens with the cursor in 'Amount Received'; Enter completes when the payment is valid. */
function PaymentForm({
  total,
  isPaying,
  onClose,
  onComplete,
  onFigures,
}: Omit<PaymentModalProps, 'opened' | 'onExited'>) {
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [received, setReceived] = useState<string | number>('');
  const amountReceived = method === 'cash' ? toAmount(received) : total;
  const payment = { method, amountReceived };
  const valid = canCompletePayment(total, payment);
  const change = method === 'cash' ? cashChange({ total, amountReceived }) : 0;
  const amountDueId = useId();
  const changeId = useId();
  // The customer display shows what was handed over and the change as it is typed (gone when this closes).
  const tendered = method === 'cash' && received !== '' ? amountReceived : null;
  const figuresRef = useRef(onFigures);
  figuresRef.current = onFigures;
  useEffect(() => figuresRef.current?.({ method, amountReceived: tendered, total }), [method, tendered, total]);
  useEffect(() => () => figuresRef.current?.(null), []);

  return (
    <form
      // A scan while Payment is open changes nothing here: the register holds the code for the cart.
      data-scan-hold
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !isPaying) onComplete(payment);
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

        <Stack gap={4}>
          <Text size="sm" fw={500} id="pos-payment-method-label">
            Payment Method
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="pos-payment-method-label"
            value={method}
            onChange={(value) => setMethod(value as PaymentMethod)}
            data={[
              {
                value: 'cash',
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <IconCash size={16} aria-hidden />
                    <span>Cash</span>
                  </Group>
                ),
              },
              {
                value: 'card',
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <IconCreditCard size={16} aria-hidden />
                    <span>Card</span>
                  </Group>
                ),
              },
            ]}
          />
        </Stack>

        {method === 'cash' ? (
          <>
            <NumberInput
              data-autofocus
              label="Amount Received"
              placeholder="0.00"
              min={0}
              step={0.01}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              size="md"
              leftSection={<Text size="xs">PKR</Text>}
              leftSectionWidth={44}
              value={received}
              onChange={setReceived}
              rightSectionWidth={72}
              rightSection={
                <Button size="compact-xs" variant="light" onClick={() => setReceived(total)}>
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
                  {received === '' ? formatMoney(0) : 'Amount received is less than the total'}
                </Text>
              ) : (
                <Text component="output" size="lg" fw={700} c="green.8" aria-labelledby={changeId}>
                  {formatMoney(change)}
                </Text>
              )}
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The card is charged exactly {formatMoney(total)}; no change.
          </Text>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPaying}>
            Cancel
          </Button>
          <Button type="submit" disabled={!valid} loading={isPaying} data-autofocus={method === 'card' || undefined}>
            Complete Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PaymentModal({ opened, onClose, onExited, ...form }: PaymentModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!form.isPaying) onClose();
      }}
      onExitTransitionEnd={onExited}
      returnFocus={false}
      title="Payment"
      centered
      size="md"
    >
      <PaymentForm {...form} onClose={onClose} />
    </Modal>
  );
}
