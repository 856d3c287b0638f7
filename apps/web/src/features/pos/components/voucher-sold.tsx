import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type GiftVoucher, VOUCHER_MSG } from '@pos/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatCalendarDay, formatMoney } from '../../../lib/format';
import { printVoucherSlip } from '../../../lib/printing';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useReceiptStore } from '../hooks/use-checkout';

export const VOUCHER_SOLD_TEXT = {
  sold: VOUCHER_MSG.sold,
  code: 'Voucher code',
  amount: 'Amount',
  validUntil: 'Valid until',
  noExpiry: 'No expiry',
  printing: 'Printing the voucher slip…',
  printed: 'The voucher slip is printed with this code and its barcode.',
  printFailed: 'The voucher slip could not be printed: write this code on a voucher for the customer.',
  printAgain: 'Print again',
  done: 'Done',
} as const;

type PrintState = 'printing' | 'printed' | 'failed';

/**
 * A voucher just sold: its code, large enough to copy by hand, its amount and last day; its slip printed on the
 * receipt printer at once (the code as text and as a Code 128 barcode; for cash the drawer opens in the same job),
 * and again on demand. Done (the focus's place) closes.
 */
export function VoucherSold({ voucher, cash, onClose }: { voucher: GiftVoucher; cash: boolean; onClose: () => void }) {
  const store = useReceiptStore();
  const { branch } = useCurrentSelection();
  const [state, setState] = useState<PrintState>('printing');
  const codeId = useId();
  const soldId = useId();
  const doneRef = useRef<HTMLButtonElement>(null);

  const print = async (openDrawer: boolean) => {
    setState('printing');
    try {
      await printVoucherSlip(
        { ...voucher, company: store, branchName: branch?.name ?? voucher.branchName },
        { openDrawer },
      );
      setState('printed');
    } catch {
      setState('failed');
    }
  };
  const printRef = useRef(print);
  printRef.current = print;
  const printedOnce = useRef(false);

  useEffect(() => {
    doneRef.current?.focus();
    // The slip prints once on its own (the drawer opens for cash); 'Print again' prints a copy, the drawer shut.
    if (printedOnce.current) return;
    printedOnce.current = true;
    void printRef.current(cash);
  }, [cash]);

  return (
    <Stack gap="md" data-testid="voucher-sold">
      <Paper withBorder radius="md" p="md" bg="teal.0" id={soldId}>
        <Text fw={700} c="teal.9" mb={4}>
          {VOUCHER_SOLD_TEXT.sold}
        </Text>
        <Text size="sm" c="dimmed" id={codeId}>
          {VOUCHER_SOLD_TEXT.code}
        </Text>
        <Text
          component="output"
          display="block"
          fz={26}
          fw={700}
          ff="monospace"
          aria-labelledby={codeId}
          data-testid="sold-voucher-code"
          style={{ letterSpacing: '0.06em', overflowWrap: 'anywhere' }}
        >
          {voucher.code}
        </Text>
        <Group gap="lg" mt="xs">
          <Text size="sm">
            {VOUCHER_SOLD_TEXT.amount}: <strong>{formatMoney(voucher.amount)}</strong>
          </Text>
          <Text size="sm">
            {VOUCHER_SOLD_TEXT.validUntil}:{' '}
            <strong>{voucher.expiresOn ? formatCalendarDay(voucher.expiresOn) : VOUCHER_SOLD_TEXT.noExpiry}</strong>
          </Text>
        </Group>
      </Paper>
      <div aria-live="polite">
        {state === 'failed' ? (
          <Alert color="orange" title="Not printed">
            {VOUCHER_SOLD_TEXT.printFailed}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {state === 'printing' ? VOUCHER_SOLD_TEXT.printing : VOUCHER_SOLD_TEXT.printed}
          </Text>
        )}
      </div>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => void print(false)}
          loading={state === 'printing'}
        >
          {VOUCHER_SOLD_TEXT.printAgain}
        </Button>
        {/* The focus lands here: the sold voucher's code and amount are read with it. */}
        <Button ref={doneRef} onClick={onClose} aria-describedby={soldId}>
          {VOUCHER_SOLD_TEXT.done}
        </Button>
      </Group>
    </Stack>
  );
}
