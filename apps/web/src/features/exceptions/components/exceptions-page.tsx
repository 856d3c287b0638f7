import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type SaleException, userCan } from '@pos/shared';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagedTable } from '../../../components/paged-table';
import { type ExceptionStatus, exceptionsQuery } from '../../../lib/api/exceptions.api';
import { formatDateTime, formatMoney, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { PAGE_SIZE_OPTIONS, usePagedList } from '../../../lib/use-paged-list';
import { ExceptionDetailsModal } from './exception-details-modal';
import { FlagBadges } from './flag-badges';
import { ResolveExceptionModal } from './resolve-exception-modal';

const STATUS_OPTIONS: { value: ExceptionStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

const EMPTY_TEXT: Record<ExceptionStatus, string> = {
  open: 'No open exceptions: every synced offline sale kept to the rules, or has been resolved.',
  resolved: 'No resolved exceptions yet.',
  all: 'No exceptions at this branch.',
};

/**
 * /dashboard/exceptions: the branch's synced offline sales that departed from its register rules, for a
 * Manager or Super Admin to review and resolve with a note (view_audit, as the server decides).
 */
export function ExceptionsPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_audit')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can review exceptions." />
    );
  }
  return <ExceptionsScreen />;
}

function ExceptionsScreen() {
  const { branch, isLoading: selecting } = useCurrentSelection();
  const branchId = branch?.id ?? '';
  const timeZone = branch?.timezone;
  // Resolving the last open row of the last page leaves that page empty: the list goes back to the one before.
  const list = usePagedList({
    scope: branchId,
    filters: { status: 'open' as ExceptionStatus },
    query: ({ page, limit, filters }) => exceptionsQuery({ branchId, status: filters.status, page, limit }),
  });
  const { status } = list.filters;
  const [details, setDetails] = useState<SaleException | null>(null);
  const [resolving, setResolving] = useState<SaleException | null>(null);

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Exceptions
        </Title>
        <Badge size="lg" variant="light" color="blue">
          {branch?.name ?? 'Branch'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Sales made offline at a register that departed from the branch's rules. They are recorded as sold; review each
        and resolve it with a note.
      </Text>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Show exceptions"
          value={status}
          onChange={(value) => list.setFilter('status', value as ExceptionStatus)}
          data={STATUS_OPTIONS}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Per page
          </Text>
          <Select
            aria-label="Exceptions per page"
            data={PAGE_SIZE_OPTIONS}
            value={String(list.pageSize)}
            onChange={list.setPageSize}
            allowDeselect={false}
            w={80}
          />
        </Group>
      </Group>
      <Paper withBorder p="md">
        <PagedTable
          list={list}
          label="Exceptions"
          columns={[
            'Receipt number',
            'Register',
            'Cashier',
            'Sold at',
            { label: 'Total', ta: 'right' },
            'What departed',
            'Resolution',
            'Details',
          ]}
          row={(e) => (
            <Table.Tr key={e.saleId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {e.receiptNumber}
                </Text>
              </Table.Td>
              <Table.Td>{e.registerCode ?? '—'}</Table.Td>
              <Table.Td>{e.cashier?.name ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.soldAt, timeZone)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(e.total)}
              </Table.Td>
              <Table.Td miw={180} maw={260}>
                <FlagBadges flags={e.flags} />
              </Table.Td>
              <Table.Td miw={160} maw={220}>
                {e.resolution ? (
                  <Stack gap={2}>
                    <Text size="sm">
                      {e.resolution.resolvedBy?.name ?? '—'}, {formatDateTime(e.resolution.resolvedAt, timeZone)}
                    </Text>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {e.resolution.note}
                    </Text>
                  </Stack>
                ) : (
                  <Button size="xs" onClick={() => setResolving(e)} aria-label={`Resolve ${e.receiptNumber}`}>
                    Resolve
                  </Button>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDetails(e)}
                  aria-label={`View details of ${e.receiptNumber}`}
                >
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
          minWidth={880}
          loading={selecting}
          errorText="The exceptions could not be loaded."
          emptyText={EMPTY_TEXT[status]}
          summary={(range) => showingRange({ ...range, noun: 'exceptions' })}
        />
      </Paper>
      <ExceptionDetailsModal exception={details} timeZone={timeZone} onClose={() => setDetails(null)} />
      <ResolveExceptionModal exception={resolving} branchId={branchId} onClose={() => setResolving(null)} />
    </Stack>
  );
}
