import { ActionIcon, Badge, Button, Table, Text } from '@mantine/core';
import type { DashboardTransaction } from '@pos/shared';
import { IconEye } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format';
import { formatDollars, statusColor } from '../utils/format';
import { Panel, Restricted } from './dashboard-panel';

type RecentTransactionsPanelProps = {
  transactions: DashboardTransaction[] | undefined;
  denied: boolean;
  /** The branch's time zone, for the dates. */
  timezone: string | undefined;
};

/** The branch's latest sales, each with a link to its details on the transactions screen. */
export function RecentTransactionsPanel({ transactions, denied, timezone }: RecentTransactionsPanelProps) {
  const navigate = useNavigate();
  return (
    <Panel title="Recent Transactions">
      {denied ? (
        <Restricted message="You don't have permission to view transactions" />
      ) : transactions && transactions.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No recent transactions
        </Text>
      ) : (
        // On a phone the date sits under the number and the status under the amount, so all of a row
        // (Status and Action included) fits the screen without scrolling sideways.
        <Table.ScrollContainer minWidth={320}>
          <Table striped highlightOnHover horizontalSpacing="xs" aria-label="Recent Transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Transaction #</Table.Th>
                <Table.Th visibleFrom="sm">Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th visibleFrom="sm">Status</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(transactions ?? []).map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    {t.transaction_number}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {formatDate(t.created_at, timezone)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDate(t.created_at, timezone)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatDollars(t.total_amount)}
                    <Badge
                      hiddenFrom="sm"
                      display="block"
                      ml="auto"
                      mt={4}
                      size="xs"
                      color={statusColor(t.status)}
                      variant="light"
                      style={{ overflow: 'visible' }}
                      data-testid="recent-status"
                    >
                      {t.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Badge color={statusColor(t.status)} variant="light" style={{ overflow: 'visible' }}>
                      {t.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconEye size={14} />}
                      aria-label={`View ${t.transaction_number}`}
                      onClick={() => navigate(`/dashboard/transactions?id=${encodeURIComponent(t.id)}`)}
                      visibleFrom="sm"
                    >
                      View
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`View ${t.transaction_number}`}
                      onClick={() => navigate(`/dashboard/transactions?id=${encodeURIComponent(t.id)}`)}
                      hiddenFrom="sm"
                    >
                      <IconEye size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
