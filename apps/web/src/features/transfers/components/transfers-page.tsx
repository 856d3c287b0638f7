import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Tabs, Title } from '@mantine/core';
import { TRANSFER_STATUS_LABELS, TRANSFER_STATUSES, userCan } from '@pos/shared';
import { IconArrowsExchange, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { useTransfers } from '../../../lib/api/transfers.api';
import { formatDateTime, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { TRANSFERS_PAGE_SIZE, transferStatusColor, transferStatusLabel } from '../utils/transfers';

type Direction = 'incoming' | 'outgoing';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] })),
];

/** /dashboard/transfers: the branch's incoming and outgoing transfers, paged on the server. */
export function TransfersPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const user = useSessionUser();
  const canSend = user ? userCan(user, 'adjust_stock') : false;
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('incoming');
  const [status, setStatus] = useState('all');
  const filterKey = `${branchId}|${direction}|${status}`;
  const [paging, setPaging] = useState({ page: 1, key: filterKey });
  const page = paging.key === filterKey ? paging.page : 1;
  const filters = { direction, status: status === 'all' ? undefined : status };
  const list = useTransfers({ branchId, page, limit: TRANSFERS_PAGE_SIZE, ...filters });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const totalPages = Math.max(1, list.data?.meta.totalPages ?? 1);
  const isLoading = isSelecting || (Boolean(branchId) && list.isPending);

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
          <Tabs value={direction} onChange={(v) => setDirection(v === 'outgoing' ? 'outgoing' : 'incoming')}>
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
            value={status}
            onChange={(v) => setStatus(v ?? 'all')}
            allowDeselect={false}
            w={180}
          />
        </Group>

        {isLoading || rows.length === 0 ? (
          <ListState
            loading={isLoading}
            failed={list.isError}
            errorText="Failed to fetch transfers"
            emptyText={direction === 'incoming' ? 'No incoming transfers' : 'No outgoing transfers'}
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>{direction === 'incoming' ? 'From' : 'To'}</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Units sent</Table.Th>
                  <Table.Th ta="right">Received / damaged</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Sent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((t) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > 0 ? (
          <PagerFooter
            mt="md"
            label={showingRange({ page, limit: TRANSFERS_PAGE_SIZE, total, noun: 'transfers' })}
            page={page}
            totalPages={totalPages}
            onPageChange={(p) => setPaging({ page: p, key: filterKey })}
            labelledControls
          />
        ) : null}
      </Paper>
    </Stack>
  );
}
