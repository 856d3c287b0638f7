import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { GiftVoucher } from '@pos/shared';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DetailField } from '../../../components/detail-field';
import { errorMessage } from '../../../lib/api';
import { fetchVoucherByCode } from '../../../lib/api/gift-vouchers.api';
import { formatCalendarDay, formatDateTime, formatMoney, NOT_AVAILABLE } from '../../../lib/format';
import { VoucherStatusBadge } from './voucher-status-badge';

export const CHECK_TEXT = {
  title: 'Check balance',
  code: 'Voucher code',
  placeholder: 'GV and 10 letters or digits',
  submit: 'Check balance',
  empty: "Enter the voucher's code",
  failed: 'The voucher could not be checked',
  noExpiry: 'No expiry',
} as const;

/** A voucher picked in the list (`seq` tells a second pick of the same one apart). */
export type ShownVoucher = { voucher: GiftVoucher; seq: number };

/**
 * A voucher by its code (typed, or scanned into the field): its balance, amount, status, last day and where, when
 * and by whom it was sold. A code that finds none says so under the field, keeping what was typed. A voucher picked
 * in the list (`shown`) shows here too, the focus on its details.
 */
export function CheckBalance({
  branchId,
  timeZone,
  shown,
}: {
  branchId: string | null;
  timeZone?: string;
  shown: ShownVoucher | null;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [voucher, setVoucher] = useState<GiftVoucher | null>(null);
  const [checking, setChecking] = useState(false);
  const detailsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!shown) return;
    setVoucher(shown.voucher);
    setCode(shown.voucher.code);
    setProblem(null);
  }, [shown]);
  // After the details of a picked voucher render: the focus on them (and them in view).
  const shownSeq = shown?.seq;
  useEffect(() => {
    if (shownSeq) detailsRef.current?.focus();
  }, [shownSeq]);

  const check = async () => {
    const wanted = code.trim().toUpperCase();
    if (!wanted) {
      setProblem(CHECK_TEXT.empty);
      return;
    }
    if (!branchId) return;
    setChecking(true);
    try {
      setVoucher(await fetchVoucherByCode(branchId, wanted));
      setProblem(null);
    } catch (error) {
      setVoucher(null);
      setProblem(errorMessage(error, CHECK_TEXT.failed));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="check-balance-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="check-balance-title">
          {CHECK_TEXT.title}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={CHECK_TEXT.code}
              placeholder={CHECK_TEXT.placeholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={problem}
              style={{ flex: '1 1 220px', maxWidth: 360 }}
            />
            <Button type="submit" loading={checking} mt={{ base: 0, xs: 25 }}>
              {CHECK_TEXT.submit}
            </Button>
          </Group>
        </form>
        <div aria-live="polite" ref={detailsRef} tabIndex={-1} style={{ outline: 'none' }}>
          {voucher ? <VoucherDetails voucher={voucher} timeZone={timeZone} /> : null}
        </div>
      </Stack>
    </Paper>
  );
}

function VoucherDetails({ voucher, timeZone }: { voucher: GiftVoucher; timeZone?: string }) {
  return (
    <Stack gap="xs" data-testid="checked-voucher">
      <Group gap="sm">
        <Text fw={700} ff="monospace">
          {voucher.code}
        </Text>
        <VoucherStatusBadge status={voucher.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <DetailField label="Balance">
          <strong>{formatMoney(voucher.balance)}</strong>
        </DetailField>
        <DetailField label="Amount">{formatMoney(voucher.amount)}</DetailField>
        <DetailField label="Valid until">
          {voucher.expiresOn ? formatCalendarDay(voucher.expiresOn) : CHECK_TEXT.noExpiry}
        </DetailField>
        <DetailField label="Sold at">{voucher.branchName}</DetailField>
        <DetailField label="Sold by">{voucher.soldByName ?? NOT_AVAILABLE}</DetailField>
        <DetailField label="Sold on">{formatDateTime(voucher.createdAt, timeZone)}</DetailField>
      </SimpleGrid>
    </Stack>
  );
}
