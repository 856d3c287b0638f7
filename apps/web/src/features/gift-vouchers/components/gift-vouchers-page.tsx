import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { type GiftVoucher, userCan, VOUCHER_STATUSES, type VoucherStatus } from '@pos/shared';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagedTable } from '../../../components/paged-table';
import { vouchersQuery } from '../../../lib/api/gift-vouchers.api';
import { formatCalendarDay, formatDateTime, formatMoney, NOT_AVAILABLE, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { CheckBalance, type ShownVoucher } from './check-balance';
import { VoucherLiability } from './voucher-liability';
import { VOUCHER_STATUS_LABELS, VoucherStatusBadge } from './voucher-status-badge';

type StatusFilter = VoucherStatus | 'all';

export const VOUCHERS_TEXT = {
  title: 'Gift Vouchers',
  intro:
    'Vouchers sold at this branch, newest first. What an active voucher has left is owed to its holder until spent.',
  status: 'Status',
  all: 'All',
  empty: 'No gift vouchers sold at this branch yet',
  emptyStatus: (status: VoucherStatus) => `No ${VOUCHER_STATUS_LABELS[status].toLowerCase()} gift vouchers`,
  failed: 'The gift vouchers could not be loaded.',
  noExpiry: 'No expiry',
  denied: "You don't have permission to access this page. Only managers and administrators can view the gift vouchers.",
} as const;

/**
 * /dashboard/gift-vouchers (Manager and Super Admin: view_sales, as the server checks): what the branch's vouchers
 * still owe, a balance check by code, and the branch's vouchers by status, paged by the server.
 */
export function GiftVouchersPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_sales')) return <AccessDenied message={VOUCHERS_TEXT.denied} />;
  return <GiftVouchers />;
}

function GiftVouchers() {
  const { branch, isLoading: selecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const list = usePagedList({
    scope: branchId,
    filters: { status: 'all' as StatusFilter },
    query: ({ page, limit, filters: { status } }) => vouchersQuery({ branchId: branchId ?? '', page, limit, status }),
    errorToast: { id: 'fetch-gift-vouchers', message: 'Failed to fetch the gift vouchers' },
  });
  const { status } = list.filters;
  // A code picked in the list shows in Check balance.
  const [shown, setShown] = useState<ShownVoucher | null>(null);
  const show = (voucher: GiftVoucher) => setShown((last) => ({ voucher, seq: (last?.seq ?? 0) + 1 }));
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {VOUCHERS_TEXT.title}
        </Title>
        {branch ? (
          <Badge size="lg" variant="light" color="blue">
            {branch.name}
          </Badge>
        ) : null}
      </Group>
      <Text c="dimmed" size="sm">
        {VOUCHERS_TEXT.intro}
      </Text>
      <VoucherLiability branchId={branchId} />
      <CheckBalance branchId={branchId} timeZone={branch?.timezone} shown={shown} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="voucher-status-filter">
              {VOUCHERS_TEXT.status}
            </Text>
            <SegmentedControl
              aria-labelledby="voucher-status-filter"
              value={status}
              onChange={(value) => list.setFilter('status', value as StatusFilter)}
              data={[
                { value: 'all', label: VOUCHERS_TEXT.all },
                ...VOUCHER_STATUSES.map((s) => ({ value: s, label: VOUCHER_STATUS_LABELS[s] })),
              ]}
              style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            />
          </Stack>
          <PagedTable
            list={list}
            label="Gift vouchers"
            columns={[
              'Code',
              { label: 'Amount', ta: 'right' },
              { label: 'Balance', ta: 'right' },
              'Status',
              'Valid until',
              'Sold at',
              'Sold by',
              'Date',
            ]}
            row={(voucher) => (
              <VoucherRow key={voucher.id} voucher={voucher} timeZone={branch?.timezone} onShow={show} />
            )}
            minWidth={880}
            loading={selecting || !branch}
            errorText={VOUCHERS_TEXT.failed}
            emptyText={status === 'all' ? VOUCHERS_TEXT.empty : VOUCHERS_TEXT.emptyStatus(status)}
            summary={(range) => showingRange({ ...range, noun: 'vouchers' })}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

function VoucherRow({
  voucher,
  timeZone,
  onShow,
}: {
  voucher: GiftVoucher;
  timeZone: string | undefined;
  onShow: (voucher: GiftVoucher) => void;
}) {
  return (
    <Table.Tr data-testid="voucher-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {/* Its details in Check balance above. */}
        <Anchor component="button" type="button" ff="monospace" fw={600} fz="sm" onClick={() => onShow(voucher)}>
          {voucher.code}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(voucher.amount)}
      </Table.Td>
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(voucher.balance)}
      </Table.Td>
      <Table.Td>
        <VoucherStatusBadge status={voucher.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {voucher.expiresOn ? formatCalendarDay(voucher.expiresOn) : VOUCHERS_TEXT.noExpiry}
      </Table.Td>
      <Table.Td>{voucher.branchName}</Table.Td>
      <Table.Td>{voucher.soldByName ?? NOT_AVAILABLE}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(voucher.createdAt, timeZone)}</Table.Td>
    </Table.Tr>
  );
}
