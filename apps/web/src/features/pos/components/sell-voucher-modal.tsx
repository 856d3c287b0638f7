import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type GiftVoucher, sellVoucherSchema, VOUCHER_MSG, type VoucherPaymentMethod } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useSellVoucher } from '../../../lib/api/gift-vouchers.api';
import { calendarDayIn, formatCalendarDay } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { newUuid } from '../../../lib/uuid';
import { useShift } from '../hooks/use-shift';
import { VoucherSold } from './voucher-sold';

export const SELL_VOUCHER_TEXT = {
  title: 'Sell gift voucher',
  amount: 'Amount',
  paidBy: 'Paid by',
  expiry: 'Expires on',
  expiryHint: (day: string) =>
    day ? `Can be spent until ${formatCalendarDay(day)}.` : 'Optional: empty, it never expires.',
  noShift: 'Open a shift to take cash',
  submit: 'Sell voucher',
  failed: 'The gift voucher could not be sold',
} as const;

type Problems = Partial<Record<'amount' | 'expires_on' | 'form', string>>;

/**
 * The register's 'Sell gift voucher' (the Shift menu; online only): an amount, paid by cash (into this register's
 * open shift: a paid-in of its drawer, which opens) or card, and the last day it can be spent if any. Enter sells
 * it; one id per voucher sold, the same on every attempt of it (a lost answer sells it once). Sold: its code on
 * screen and on the printed slip (with its barcode), which the customer's Payment later scans.
 */
export function SellVoucherModal({
  opened,
  onClose,
  onSold,
  onExited,
}: {
  opened: boolean;
  onClose: () => void;
  /** A voucher was sold (the shift's figures changed when it was cash). */
  onSold: () => void;
  /** After the close transition (the register puts the focus back in the Barcode field). */
  onExited?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      onExitTransitionEnd={onExited}
      title={SELL_VOUCHER_TEXT.title}
      centered
    >
      <SellVoucherForm onBusy={setBusy} onClose={onClose} onSold={onSold} />
    </Modal>
  );
}

function SellVoucherForm({
  onBusy,
  onClose,
  onSold,
}: {
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onSold: () => void;
}) {
  const { branch } = useCurrentSelection();
  const { shift } = useShift();
  const sell = useSellVoucher();
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<VoucherPaymentMethod>('cash');
  const [expiresOn, setExpiresOn] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  // One id per voucher sold, the same on every attempt of it: a retry after a lost answer sells it once.
  const [id] = useState(newUuid);
  const [sold, setSold] = useState<{ voucher: GiftVoucher; method: VoucherPaymentMethod } | null>(null);
  const needsShift = method === 'cash' && !shift;
  const firstDay = calendarDayIn(branch?.timezone, 1);

  if (sold) return <VoucherSold voucher={sold.voucher} cash={sold.method === 'cash'} onClose={onClose} />;

  const submit = async () => {
    if (!branch || sell.isPending) return;
    const input = {
      id,
      branchId: branch.id,
      amount: amount === '' ? Number.NaN : Number(amount),
      method,
      ...(method === 'cash' && shift && { shift_id: shift.id }),
      ...(expiresOn && { expires_on: expiresOn }),
    };
    const parsed = sellVoucherSchema.safeParse(input);
    const found: Problems = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] === 'expires_on' ? 'expires_on' : issue.path[0] === 'amount' ? 'amount' : 'form';
      found[field] ??= issue.message;
    }
    if (expiresOn && expiresOn < firstDay) found.expires_on ??= VOUCHER_MSG.expiryPast;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onBusy(true);
    try {
      // Sold: the dialog says so with the code (a toast would sit under the dialog's overlay).
      const voucher = await sell.mutateAsync(input);
      setSold({ voucher, method });
      onSold();
    } catch (error) {
      // In the dialog, what was typed kept: the cashier corrects it or tries again (with the same id).
      setProblems({ form: errorMessage(error, SELL_VOUCHER_TEXT.failed) });
    } finally {
      onBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label={SELL_VOUCHER_TEXT.amount}
          data-autofocus
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          hideControls
          placeholder="0.00"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblems(({ amount: _fixed, ...rest }) => rest);
          }}
          error={problems.amount}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="sell-voucher-paid-by">
            {SELL_VOUCHER_TEXT.paidBy}
          </Text>
          <SegmentedControl
            aria-labelledby="sell-voucher-paid-by"
            value={method}
            onChange={(v) => setMethod(v as VoucherPaymentMethod)}
            data={[
              { value: 'cash', label: 'Cash' },
              { value: 'card', label: 'Card' },
            ]}
          />
        </Stack>
        {needsShift ? (
          <Text size="sm" c="red.8" role="alert">
            {SELL_VOUCHER_TEXT.noShift}
          </Text>
        ) : null}
        <TextInput
          type="date"
          label={SELL_VOUCHER_TEXT.expiry}
          min={firstDay}
          value={expiresOn}
          onChange={(event) => {
            setExpiresOn(event.currentTarget.value);
            setProblems(({ expires_on: _fixed, ...rest }) => rest);
          }}
          description={problems.expires_on ? undefined : SELL_VOUCHER_TEXT.expiryHint(expiresOn)}
          error={problems.expires_on}
        />
        {problems.form ? (
          <Text size="sm" c="red.8" role="alert">
            {problems.form}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sell.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={sell.isPending} disabled={needsShift}>
            {SELL_VOUCHER_TEXT.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
