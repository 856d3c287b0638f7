import { Alert, Button, Group, Kbd, Loader, Modal, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { EXCHANGE_MSG, RETURNS_MSG, type Return, type TransactionListItem } from '@pos/shared';
import { IconReceipt } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { fetchTransactions, useTransaction } from '../../../lib/api/transactions.api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { refundMethodLabel } from '../../../lib/returns';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useShift } from '../hooks/use-shift';
import { isOnline } from '../offline/connectivity';
import { closeReturnDesk, useReturnDesk } from '../store/return-desk';
import { loadScannerSettings, withoutAffixes } from '../store/scanner-settings';
import { ReturnForm } from './return-form';

/** How many receipts a partial number lists to pick from. */
const MATCHES = 10;

/**
 * The register's Return (F4 or the cart's Return button): scan the receipt's barcode or type its
 * number, then pick what comes back. A scan anywhere in the dialog looks the receipt up (the register's
 * scanner routes it here: store/return-desk.ts). The refund is taken at this register: a cash refund comes
 * out of its open shift's drawer.
 */
export function ReturnModal() {
  const isOpen = useReturnDesk((s) => s.isOpen);
  const scanned = useReturnDesk((s) => s.scanned);
  const { branch } = useCurrentSelection();
  const { register, shift } = useShift();
  const [receipt, setReceipt] = useState('');
  const [saleId, setSaleId] = useState<string | null>(null);
  const [matches, setMatches] = useState<TransactionListItem[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [done, setDone] = useState<Return | null>(null);
  const lookups = useRef(0);
  const sale = useTransaction(saleId);
  const receiptRef = useRef<HTMLInputElement>(null);

  const restart = () => {
    lookups.current += 1;
    setReceipt('');
    setSaleId(null);
    setMatches(null);
    setProblem(null);
    setSearching(false);
    setDone(null);
  };

  const find = async (term: string) => {
    const code = term.trim();
    if (!code || !branch) return;
    const lookup = ++lookups.current;
    setSaleId(null);
    setDone(null);
    setMatches(null);
    setProblem(null);
    if (!isOnline()) {
      setProblem('Returns need the server: connect, then find the receipt again');
      return;
    }
    setSearching(true);
    try {
      const answer = await fetchTransactions({
        branchId: branch.id,
        receiptNumber: code,
        status: 'completed',
        page: 1,
        limit: MATCHES,
      });
      if (lookup !== lookups.current) return;
      const rows = answer.data;
      const exact = rows.find((r) => r.receiptNumber.toLowerCase() === code.toLowerCase());
      const only = exact ?? (rows.length === 1 ? rows[0] : undefined);
      if (only) setSaleId(only.id);
      else if (rows.length === 0) setProblem(`No completed sale with receipt ${code} at this branch`);
      else setMatches(rows);
    } catch (error) {
      if (lookup === lookups.current) setProblem(errorMessage(error, RETURNS_MSG.fetchTransactionsFailed));
    } finally {
      if (lookup === lookups.current) setSearching(false);
    }
  };

  // Each opening starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (isOpen) restart();
  }, [isOpen]);

  // A scan while the dialog is open: the receipt to look up (whatever had the focus).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each scan only
  useEffect(() => {
    if (!scanned) return;
    setReceipt(scanned.code);
    void find(scanned.code);
  }, [scanned]);

  const found = saleId && sale.data?.data.id === saleId ? sale.data.data : null;

  return (
    <Modal opened={isOpen} onClose={closeReturnDesk} title="Return" size="lg" centered>
      {/* data-scan-hold: the register's scanner acts in this dialog, and routes a scan to the lookup. */}
      <Stack gap="sm" data-scan-hold>
        {done ? (
          <>
            <Alert color="green" title={`Return ${done.returnNumber}`}>
              Refunded {formatMoney(done.refundAmount)} ({refundMethodLabel(done.refundMethod)}) for receipt{' '}
              {done.originalTransaction.receiptNumber}.
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={restart}>
                Another return
              </Button>
              <Button data-autofocus onClick={closeReturnDesk}>
                Done
              </Button>
            </Group>
          </>
        ) : found ? (
          <ReturnForm
            key={found.id}
            sale={found}
            branchId={branch?.id ?? ''}
            timeZone={branch?.timezone}
            registerId={register?.registerId ?? null}
            shift={shift}
            onBack={() => {
              setSaleId(null);
              receiptRef.current?.focus();
            }}
            onDone={setDone}
            onExchange={() => {
              notifySuccess(EXCHANGE_MSG.started);
              closeReturnDesk();
            }}
          />
        ) : (
          <>
            <TextInput
              ref={receiptRef}
              data-autofocus
              // The scanner types into it like a person; its own Enter looks the receipt up.
              data-scan-input
              label="Receipt number"
              description="Scan the receipt's barcode or type its number, then Enter"
              placeholder="e.g. RCP-000123"
              leftSection={<IconReceipt size={16} />}
              rightSection={<Kbd size="xs">↵</Kbd>}
              autoComplete="off"
              value={receipt}
              onChange={(e) => setReceipt(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                // A scan typed into the field: without the scanner's prefix and suffix, as at the Barcode field.
                void find(withoutAffixes(receipt, loadScannerSettings()));
              }}
            />
            {searching || (saleId && sale.isPending) ? <Loader size="sm" aria-label="Looking up the receipt" /> : null}
            {problem ? (
              <Text c="red.8" size="sm" role="alert">
                {problem}
              </Text>
            ) : null}
            {matches ? (
              <Stack gap={4} aria-label="Receipts found">
                <Text size="sm">Receipts starting with {receipt.trim()}:</Text>
                {matches.map((m) => (
                  <Paper key={m.id} withBorder radius="sm">
                    <UnstyledButton w="100%" px="sm" py={6} onClick={() => setSaleId(m.id)}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <div>
                          <Text size="sm" fw={600}>
                            {m.receiptNumber}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDateTime(m.transactionDate, branch?.timezone)}
                          </Text>
                        </div>
                        <Text size="sm">{formatMoney(m.total)}</Text>
                      </Group>
                    </UnstyledButton>
                  </Paper>
                ))}
              </Stack>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={closeReturnDesk}>
                Cancel
              </Button>
              <Button loading={searching} disabled={!receipt.trim()} onClick={() => void find(receipt)}>
                Find receipt
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
