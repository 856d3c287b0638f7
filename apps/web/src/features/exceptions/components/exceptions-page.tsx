import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type SaleException, userCan } from '@pos/shared';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { type ExceptionStatus, useExceptions } from '../../../lib/api/exceptions.api';
import { formatDateTime, formatMoney, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { PAGE_SIZE_OPTIONS, useKeepPageInRange, useListControls } from '../../../lib/use-list-controls';
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
  const [status, setStatus] = useState<ExceptionStatus>('open');
  const list = useListControls({ scope: `${branchId}|${status}` });
  const exceptions = useExceptions({ branchId, status, page: list.page, limit: list.pageSize });
  // Resolving the last open row of the last page leaves that page empty: go back to the one before.
  useKeepPageInRange(list.page, list.setPage, exceptions);
  const [details, setDetails] = useState<SaleException | null>(null);
  const [resolving, setResolving] = useState<SaleException | null>(null);
  const rows = exceptions.data?.data ?? [];
  const meta = exceptions.data?.meta;

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
          onChange={(value) => setStatus(value as ExceptionStatus)}
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
        <ScrollArea type="auto" offsetScrollbars="x">
          <Table striped highlightOnHover miw={880} aria-label="Exceptions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt number</Table.Th>
                <Table.Th>Register</Table.Th>
                <Table.Th>Cashier</Table.Th>
                <Table.Th>Sold at</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>What departed</Table.Th>
                <Table.Th>Resolution</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <TableStateRow
                  colSpan={8}
                  loading={selecting || (Boolean(branchId) && exceptions.isPending)}
                  failed={exceptions.isError}
                  errorText="The exceptions could not be loaded."
                  emptyText={EMPTY_TEXT[status]}
                />
              ) : (
                rows.map((e) => (
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
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {meta ? (
          <PagerFooter
            mt="md"
            label={showingRange({ page: meta.page, limit: meta.limit, total: meta.total, noun: 'exceptions' })}
            page={list.page}
            totalPages={Math.max(1, meta.totalPages)}
            onPageChange={list.setPage}
            labelledControls
          />
        ) : null}
      </Paper>
      <ExceptionDetailsModal exception={details} timeZone={timeZone} onClose={() => setDetails(null)} />
      <ResolveExceptionModal exception={resolving} branchId={branchId} onClose={() => setResolving(null)} />
    </Stack>
  );
}
