import { Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { type PaymentMethod, TENDER_MSG } from '@pos/shared';
import { type Ref, useEffect, useId, useRef } from 'react';
import { formatMoney } from '../../../lib/format';
import { amountField } from './payment-tenders';

/** What was handed over so far (null: nothing, or card) and the total, for the customer display ('mixed': lines). */
export type PaymentFigures = { method: PaymentMethod; amountReceived: number | null; total: number };

/** The Payment dialog's first figure: what is due. */
export function AmountDue({ total }: { total: number }) {
  const amountDueId = useId();
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0">
      <Text size="sm" c="dimmed" id={amountDueId}>
        Amount due
      </Text>
      <Text component="output" display="block" size="xl" fw={700} fz={28} aria-labelledby={amountDueId}>
        {formatMoney(total)}
      </Text>
    </Paper>
  );
}

/** The dialog's figures to the customer display as they change (`onFigures`), and null once the dialog closes. */
export function useFiguresOnDisplay(
  onFigures: ((figures: PaymentFigures | null) => void) | undefined,
  { method, amountReceived, total }: PaymentFigures,
) {
  const figuresRef = useRef(onFigures);
  figuresRef.current = onFigures;
  useEffect(() => figuresRef.current?.({ method, amountReceived, total }), [method, amountReceived, total]);
  useEffect(() => () => figuresRef.current?.(null), []);
}

/**
 * Cash: 'Amount Received' (the cursor's place when the dialog opens) with 'Exact' (what is still due), and the
 * change it leaves, or why it does not cover what is due.
 */
export function CashAmountField({
  value,
  onChange,
  remaining,
  change,
  problem,
  inputRef,
}: {
  value: string | number;
  onChange: (value: string | number) => void;
  /** What is still due after the recorded tenders ('Exact' fills it in). */
  remaining: number;
  /** The change when the payment settles, else null. */
  change: number | null;
  /** Why it does not settle (shown instead of the change once something is typed). */
  problem: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const changeId = useId();
  return (
    <>
      <NumberInput
        {...amountField()}
        ref={inputRef}
        data-autofocus
        label="Amount Received"
        placeholder="0.00"
        value={value}
        onChange={onChange}
        rightSectionWidth={72}
        rightSection={
          <Button size="compact-xs" variant="light" onClick={() => onChange(remaining)}>
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
            {value === '' ? formatMoney(0) : (problem ?? TENDER_MSG.short)}
          </Text>
        ) : (
          <Text component="output" size="lg" fw={700} c="green.8" aria-labelledby={changeId}>
            {formatMoney(change)}
          </Text>
        )}
      </Group>
    </>
  );
}
