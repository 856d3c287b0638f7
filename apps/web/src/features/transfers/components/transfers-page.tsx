import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Tabs, Title } from '@mantine/core';
import { TRANSFER_STATUS_LABELS, TRANSFER_STATUSES, userCan } from '@pos/shared';
import { IconArrowsExchange, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { transfersQuery } from '../api/transfers.api';
import { TRANSFERS_PAGE_SIZE, transferStatusColor, transferStatusLabel } from '../utils/transfers';

type Direction = 'incoming' | 'outgoing';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] })),
];

const toQuery = ({ direction, status }: { direction: Direction; status: string }) => ({
  direction,
  status: status === 'all' ? undefined : status,
});

/** /dashboard/transfers: the branch's incoming and outgoing transfers, paged on the server. */
export function TransfersPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const user = useSessionUser();
  const canSend = user ? userCan(user, 'adjust_stock') : false;
  const navigate = useNavigate();
  const list = usePagedList({
    scope: branchId,
    filters: { direction: 'incoming' as Direction, status: 'all' },
    pageSize: TRANSFERS_PAGE_SIZE,
    query: ({ page, limit, filters }) => transfersQuery({ branchId, page, limit, ...toQuery(filters) }),
    errorToast: { id: 'fetch-transfers', message: (error) => errorMessage(error, 'Failed to fetch transfers') },
  });
  const { direction } = list.filters;
  const filters = toQuery(list.filters);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            Transfers
          </Title>
          {branch ? (
            <Badge size="lg" variant="light" color="blue">
              {branch.name}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm">
          {branchId ? (
            <ExportButton path="/transfers/export.csv" query={{ branchId, ...filters }} entity="transfers" />
          ) : null}
          {canSend ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => navigate('/dashboard/transfers/new')}
              disabled={!branchId}
            >
              New Transfer
            </Button>
          ) : null}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" mb="md">
          <Tabs
            value={direction}
            onChange={(v) => list.setFilter('direction', v === 'outgoing' ? 'outgoing' : 'incoming')}
          >
            <Tabs.List>
              <Tabs.Tab value="incoming" leftSection={<IconArrowsExchange size={16} aria-hidden />}>
                Incoming
              </Tabs.Tab>
              <Tabs.Tab value="outgoing" leftSection={<IconArrowsExchange size={16} aria-hidden />}>
                Outgoing
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v ?? 'all')}
            allowDeselect={false}
            w={180}
          />
        </Group>

        <PagedTable
          list={list}
          label="Transfers"
          columns={[
            'Number',
            direction === 'incoming' ? 'From' : 'To',
            'Status',
            { label: 'Units sent', ta: 'right' },
            { label: 'Received / damaged', ta: 'right' },
            'Created',
            'Sent',
          ]}
          row={(t) => (
            <Table.Tr key={t.id} data-testid="transfer-row">
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/transfers/${t.id}`} fw={600}>
                  {t.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{direction === 'incoming' ? t.fromBranch.name : t.toBranch.name}</Table.Td>
              <Table.Td>
                <Badge color={transferStatusColor(t.status)} variant="light">
                  {transferStatusLabel(t.status)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{t.quantitySent}</Table.Td>
              <Table.Td ta="right">
                {t.quantityReceived} / {t.quantityDamaged}
              </Table.Td>
              <Table.Td>{formatDateTime(t.createdAt, branch?.timezone)}</Table.Td>
              <Table.Td>{t.sentAt ? formatDateTime(t.sentAt, branch?.timezone) : 'Not sent'}</Table.Td>
            </Table.Tr>
          )}
          minWidth={720}
          loading={isSelecting}
          errorText="Failed to fetch transfers"
          emptyText={direction === 'incoming' ? 'No incoming transfers' : 'No outgoing transfers'}
          summary={(range) => showingRange({ ...range, noun: 'transfers' })}
        />
      </Paper>
    </Stack>
  );
}
