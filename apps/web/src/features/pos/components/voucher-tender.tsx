import { Group, Kbd, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import type { Ref } from 'react';
import { formatCalendarDay, formatMoney } from '../../../lib/format';
import { type FoundVoucher, type useVoucherTender, VOUCHER_TENDER_TEXT } from '../hooks/use-voucher-tender';

/** What the dialog says of a voucher it found: its balance, until when, and why it cannot pay when it cannot. */
export const VOUCHER_FOUND_TEXT = {
  balance: (balance: number) => `Balance ${formatMoney(balance)}`,
  validUntil: (day: string) => `Valid until ${formatCalendarDay(day)}`,
  noExpiry: 'No expiry',
  expired: (day: string | null) =>
    day ? `Expired on ${formatCalendarDay(day)}: it cannot pay` : 'Expired: it cannot pay',
  used: 'Nothing is left on this gift voucher',
  /** Offline: where the balance comes from (the register's last sync, less its own sales not yet synced). */
  offline: (synced: number, queued: number) =>
    queued > 0
      ? `Offline: ${formatMoney(synced)} at the last sync, less ${formatMoney(queued)} spent on this register since`
      : `Offline: the balance at the last sync`,
} as const;

type VoucherCodeFieldProps = {
  /** The code as typed, the voucher found or what is wrong, and the look-up (useVoucherTender). */
  tender: ReturnType<typeof useVoucherTender>;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The gift voucher tender's code: scanned (a keyboard-wedge scanner types it and Enter here, as into the register's
 * Barcode field: `data-scan-input`) or typed, Enter looks it up; under it the voucher found (code, balance, expiry),
 * announced as it comes.
 */
export function VoucherCodeField({ tender, inputRef }: VoucherCodeFieldProps) {
  const { code, setCode, lookup, problem, checking, voucher } = tender;
  return (
    <Stack gap="xs">
      <TextInput
        ref={inputRef}
        data-scan-input
        label={VOUCHER_TENDER_TEXT.code}
        placeholder={VOUCHER_TENDER_TEXT.placeholder}
        leftSection={<IconBarcode size={16} aria-hidden />}
        rightSection={checking ? <Loader size="xs" aria-label="Checking the voucher" /> : <Kbd size="xs">↵</Kbd>}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        size="md"
        value={code}
        error={problem}
        onChange={(event) => setCode(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // The code's Enter looks it up; it never completes the payment.
          event.preventDefault();
          lookup(code);
        }}
      />
      <div aria-live="polite">{voucher ? <VoucherFound voucher={voucher} /> : null}</div>
    </Stack>
  );
}

function VoucherFound({ voucher }: { voucher: FoundVoucher }) {
  const refusal =
    voucher.status === 'expired'
      ? VOUCHER_FOUND_TEXT.expired(voucher.expiresOn)
      : voucher.status === 'used' || voucher.balance <= 0
        ? VOUCHER_FOUND_TEXT.used
        : null;
  return (
    <Paper withBorder radius="sm" px="sm" py={6} bg="gray.0" data-testid="voucher-found">
      <Group justify="space-between" gap={4} wrap="wrap">
        <Text size="sm" fw={600} ff="monospace">
          {voucher.code}
        </Text>
        <Text size="sm" fw={700} data-testid="voucher-balance">
          {VOUCHER_FOUND_TEXT.balance(voucher.balance)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {voucher.expiresOn ? VOUCHER_FOUND_TEXT.validUntil(voucher.expiresOn) : VOUCHER_FOUND_TEXT.noExpiry}
      </Text>
      {voucher.offline ? (
        <Text size="xs" c="dimmed" data-testid="voucher-offline">
          {VOUCHER_FOUND_TEXT.offline(voucher.offline.syncedBalance, voucher.offline.queued)}
        </Text>
      ) : null}
      {refusal ? (
        <Text size="sm" c="red.8" fw={500}>
          {refusal}
        </Text>
      ) : null}
    </Paper>
  );
}
