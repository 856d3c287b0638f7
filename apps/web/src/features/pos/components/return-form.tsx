import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  allowsDecimals,
  isHeldByRegisterRules,
  type RefundMethod,
  type Return,
  type ReturnItemCondition,
  type ReturnReason,
  type Sale,
  SHIFT_MSG,
  type Shift,
} from '@pos/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRegisterRulesQuery } from '../../../lib/api/register-rules.api';
import { fetchShiftReport, shiftKeys } from '../../../lib/api/shifts.api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  CONDITION_OPTIONS,
  clampQuantity,
  defaultRefundMethod,
  draftLine,
  draftRefund,
  lineRefund,
  RETURN_REASON_OPTIONS,
  type ReturnDraftLine,
  refundAsPaid,
  refundLinesText,
  refundMethodHint,
  refundMethodOptions,
  returnPayload,
  totalRefund,
  validateReturn,
  withCondition,
} from '../../../lib/returns';
import { useSessionUser } from '../../../lib/session-store';
import { useRegisterReturn } from '../hooks/use-register-return';
import { useCartStore } from '../store/cart-store';

type ReturnFormProps = {
  sale: Sale;
  branchId: string;
  timeZone?: string | null;
  registerId: string | null;
  /** The register's open shift (a cash refund comes out of its drawer); null: none open. */
  shift: Shift | null;
  onBack: () => void;
  onDone: (created: Return) => void;
  /** Exchange was chosen and its items set on the active cart: the dialog closes for the new items. */
  onExchange: () => void;
};

/**
 * The sale's lines at the register: how many of each come back and in what condition, the refund method
 * and the reason; the refund by the shared rule (what the customer paid for those units). A cash refund
 * needs the register's open shift, and one larger than the drawer's expected cash says so before it is paid.
 */
export function ReturnForm({
  sale,
  branchId,
  timeZone,
  registerId,
  shift,
  onBack,
  onDone,
  onExchange,
}: ReturnFormProps) {
  const [lines, setLines] = useState<ReturnDraftLine[]>(() => sale.items.map(draftLine));
  const [refundMethod, setRefundMethod] = useState<RefundMethod>(() => defaultRefundMethod(sale));
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { submit, isSaving } = useRegisterReturn({ branchId, registerId });
  const refund = draftRefund(sale, lines);
  const total = totalRefund(refund);
  const asPaid = refundMethod === 'mixed' ? refundAsPaid(sale, total) : [];
  // Cash comes out of this register's drawer: all of it, or the cash part of a refund as paid.
  const isCash = refundMethod === 'cash' || asPaid.some((l) => l.method === 'cash');
  const isExchange = refundMethod === 'exchange';
  const startExchange = useCartStore((s) => s.setExchange);

  const user = useSessionUser();
  const rules = useRegisterRulesQuery(branchId);
  const asksManager = isHeldByRegisterRules(user) && rules.data?.cashierMayTakeReturns === false;
  const drawer = useQuery({
    queryKey: shiftKeys.report(shift?.id ?? ''),
    queryFn: ({ signal }) => fetchShiftReport(shift?.id ?? '', signal).then((a) => a.data),
    enabled: Boolean(shift) && isCash,
    staleTime: 0,
  });
  const expectedAfter = drawer.data ? drawer.data.expectedCash - total : null;

  const update = (index: number, change: (line: ReturnDraftLine) => ReturnDraftLine) =>
    setLines((all) => all.map((l, i) => (i === index ? change(l) : l)));

  const send = async () => {
    const draft = { transactionId: sale.id, lines, reason };
    const problem = validateReturn(draft);
    setError(problem);
    if (problem) return;
    if (isExchange) {
      // Nothing is written yet: the exchange is made at Payment, with the new items (POST /exchanges).
      const payload = returnPayload({ ...draft, sale, branchId, refundMethod, description: '', notes: '' });
      startExchange({
        originalTransactionId: sale.id,
        receiptNumber: sale.receiptNumber,
        credit: total,
        items: payload.items,
        reason: payload.reason,
        hasCustomer: Boolean(sale.customer),
        paidByCard: sale.paymentMethod === 'card' || sale.tenders.some((t) => t.method === 'card'),
      });
      onExchange();
      return;
    }
    const created = await submit({ ...draft, sale, refundMethod });
    if (created) onDone(created);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          Receipt <b>{sale.receiptNumber}</b> · {formatDateTime(sale.transactionDate, timeZone)}
        </Text>
        <Text size="sm">
          Total <b>{formatMoney(sale.total)}</b>
        </Text>
      </Group>
      {lines.map((line, index) => {
        const disabled = line.remaining === 0;
        return (
          <Paper key={line.saleItemId} withBorder p="xs" radius="sm" data-testid="return-line">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {line.productName}
              </Text>
              <Text size="sm">{formatMoney(line.unitPrice)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {disabled ? 'Fully returned' : `Sold ${line.sold} · ${line.remaining} can come back`}
            </Text>
            <SimpleGrid cols={2} spacing="xs" mt={4}>
              <NumberInput
                size="xs"
                label="Quantity"
                aria-label={`Return quantity for ${line.productName}`}
                min={0}
                max={line.remaining}
                allowDecimal={allowsDecimals(line.unit)}
                decimalScale={3}
                allowNegative={false}
                clampBehavior="strict"
                disabled={disabled}
                value={line.quantity}
                onChange={(v) => update(index, (l) => ({ ...l, quantity: clampQuantity(v, l.remaining, l.unit) }))}
              />
              <Select
                size="xs"
                label="Condition"
                aria-label={`Condition for ${line.productName}`}
                data={CONDITION_OPTIONS}
                value={line.condition}
                allowDeselect={false}
                disabled={disabled}
                onChange={(v) => v && update(index, (l) => withCondition(l, v as ReturnItemCondition))}
              />
            </SimpleGrid>
            {line.quantity > 0 ? (
              <Text size="xs" ta="right" mt={4}>
                Refund {formatMoney(lineRefund(refund, line.saleItemId))}
                {line.isRestockable ? ' · back to stock' : ''}
              </Text>
            ) : null}
          </Paper>
        );
      })}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Select
          label="Refund method"
          data={refundMethodOptions(sale, { atRegister: true })}
          description={
            refundMethod === 'mixed'
              ? refundLinesText(asPaid)
              : refundMethodHint(refundMethod, sale.customer, { atRegister: true })
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={refundMethod}
          allowDeselect={false}
          onChange={(v) => v && setRefundMethod(v as RefundMethod)}
        />
        <Select
          label="Return reason"
          placeholder="Select a reason"
          data={RETURN_REASON_OPTIONS}
          value={reason}
          onChange={(v) => setReason(v as ReturnReason | null)}
        />
      </SimpleGrid>
      {isCash && !shift ? (
        <Alert color="red" title="No open shift">
          {SHIFT_MSG.noShiftForCash}: a cash refund comes out of this register's drawer.
        </Alert>
      ) : null}
      {isCash && expectedAfter !== null && expectedAfter < 0 && drawer.data ? (
        <Alert color="orange" title="Not enough cash in the drawer" data-testid="negative-drawer-warning">
          The drawer should hold {formatMoney(drawer.data.expectedCash)}. This refund takes its expected cash to{' '}
          {formatMoney(expectedAfter)}: count the drawer before paying out, or choose another refund method.
        </Alert>
      ) : null}
      {asksManager ? (
        <Text size="sm" c="dimmed">
          A manager approves returns at this register with their username and PIN.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" aria-label="Return form error">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        {isExchange ? (
          <Button disabled={!registerId || total <= 0} onClick={() => void send()}>
            Exchange {formatMoney(total)}: add new items
          </Button>
        ) : (
          <Button
            color="red"
            loading={isSaving}
            disabled={(isCash && !shift) || !registerId}
            onClick={() => void send()}
          >
            Refund {formatMoney(total)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
