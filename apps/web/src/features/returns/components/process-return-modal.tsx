import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { RETURNS_MSG, type RefundMethod, type ReturnReason, type Sale } from '@pos/shared';
import { useState } from 'react';
import { formatAmount } from '../../../lib/format';
import { openCashDrawer } from '../../../lib/printing';
import {
  defaultRefundMethod,
  draftLine,
  draftRefund,
  RETURN_REASON_OPTIONS,
  type ReturnDraftLine,
  refundAsPaid,
  refundLinesText,
  refundMethodHint,
  refundMethodOptions,
  returnPayload,
  totalRefund,
  validateReturn,
} from '../../../lib/returns';
import { useCreateReturn, useOpenShifts, useSaleForReturn } from '../api/returns.api';
import { FbrInvoiceText } from './fbr-invoice';
import { RefundBreakdown } from './refund-breakdown';
import { RefundRegisterPicker } from './refund-register-picker';
import { ReturnLinesTable } from './return-lines-table';

/** 'Process Return': the lines of one completed sale with every rule of spec 02 section 5. */
export function ProcessReturnModal({
  saleId,
  branchId,
  onClose,
}: {
  saleId: string | null;
  branchId: string;
  onClose: () => void;
}) {
  const sale = useSaleForReturn(saleId);
  return (
    <Modal opened={Boolean(saleId)} onClose={onClose} title="Process Return" size="90rem">
      {sale.data?.data && sale.data.data.id === saleId ? (
        <ReturnForm key={sale.data.data.id} sale={sale.data.data} branchId={branchId} onDone={onClose} />
      ) : sale.isError ? (
        <Text c="red">Failed to fetch transactions data</Text>
      ) : (
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Modal>
  );
}

function ReturnForm({ sale, branchId, onDone }: { sale: Sale; branchId: string; onDone: () => void }) {
  const [lines, setLines] = useState<ReturnDraftLine[]>(() => sale.items.map(draftLine));
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [refundMethod, setRefundMethod] = useState<RefundMethod>(() => defaultRefundMethod(sale));
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReturn();
  const openShifts = useOpenShifts(branchId);
  const shifts = openShifts.data?.data ?? [];
  // undefined: not chosen yet; with one register open, that one is the drawer.
  const [chosenRegister, setRegister] = useState<string | null | undefined>(undefined);
  const registerId =
    chosenRegister !== undefined ? chosenRegister : shifts.length === 1 ? (shifts[0]?.registerId ?? null) : null;
  const [registerError, setRegisterError] = useState<string | null>(null);

  const refund = draftRefund(sale, lines);
  const asPaid = refundMethod === 'mixed' ? refundAsPaid(sale, totalRefund(refund)) : [];
  // Cash comes out of a register's drawer: all of it, or the cash part of a refund as paid.
  const paysCash = refundMethod === 'cash' || asPaid.some((l) => l.method === 'cash');
  const update = (index: number, change: (line: ReturnDraftLine) => ReturnDraftLine) =>
    setLines((all) => all.map((l, i) => (i === index ? change(l) : l)));

  const submit = () => {
    const draft = { transactionId: sale.id, lines, reason };
    const problem = validateReturn(draft);
    setError(problem);
    const noRegister = paysCash && shifts.length > 0 && !registerId;
    setRegisterError(noRegister ? RETURNS_MSG.chooseRegister : null);
    if (problem || noRegister) return;
    create.mutate(returnPayload({ ...draft, sale, branchId, refundMethod, description, notes, registerId }), {
      onSuccess: () => {
        // A cash refund opens the drawer (ESC p through the desktop bridge or a paired USB printer).
        if (paysCash) void openCashDrawer();
        onDone();
      },
    });
  };

  return (
    <Stack gap="md">
      <Group gap="xl">
        <Text size="sm">
          Receipt: <b>{sale.receiptNumber}</b>
        </Text>
        {/* Its FBR invoice when the branch reports (the number a return's debit note names). */}
        <FbrInvoiceText fiscal={sale.fiscal} />
        <Text size="sm">
          Total: <b>{formatAmount(sale.total)}</b>
        </Text>
        {sale.discountAmount > 0 ? (
          <Text size="sm">
            Discount: <b>{formatAmount(sale.discountAmount)}</b>
          </Text>
        ) : null}
        {sale.taxAmount > 0 ? (
          <Text size="sm">
            Tax: <b>{formatAmount(sale.taxAmount)}</b>
          </Text>
        ) : null}
      </Group>
      <ReturnLinesTable lines={lines} refund={refund} onChange={update} />
      <Group grow align="flex-start">
        <Select
          label="Refund Method"
          data={refundMethodOptions(sale)}
          description={
            refundMethod === 'mixed' ? refundLinesText(asPaid) : refundMethodHint(refundMethod, sale.customer)
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={refundMethod}
          allowDeselect={false}
          onChange={(v) => v && setRefundMethod(v as RefundMethod)}
        />
        <Select
          label="Return Reason"
          placeholder="Select a reason"
          data={RETURN_REASON_OPTIONS}
          value={reason}
          onChange={(v) => setReason(v as ReturnReason | null)}
        />
      </Group>
      <RefundRegisterPicker
        shifts={shifts}
        isLoading={openShifts.isPending}
        refundMethod={paysCash ? 'cash' : refundMethod}
        value={registerId}
        onChange={(value) => {
          setRegister(value);
          setRegisterError(null);
        }}
        error={registerError}
      />
      <Textarea
        label="Reason Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      {error ? (
        <Alert color="red" role="alert" aria-label="Return form error">
          {error}
        </Alert>
      ) : null}
      <RefundBreakdown refund={refund} />
      <Group justify="space-between">
        <Text fw={700} data-testid="return-total-refund">
          Total Refund: {formatAmount(totalRefund(refund))}
        </Text>
        <Group>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={create.isPending}>
            Process Return
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
