import { Anchor, Badge, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { useCustomers } from '../../../lib/api/customers.api';
import { formatDate, formatDollars, showingRange } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useListControls } from '../../../lib/use-list-controls';

export function CustomersPage() {
  const { branch } = useCurrentSelection();
  const navigate = useNavigate();
  const controls = useListControls({ scope: branch?.id ?? null });
  const query = useCustomers({
    branchId: branch?.id ?? '',
    page: controls.page,
    limit: 10,
    search: controls.debouncedSearch || undefined,
  });
  useEffect(() => {
    if (query.error) notifyError('Failed to fetch customers', 'Error', 'fetch-customers');
  }, [query.error]);
  const rows = query.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Customers
        </Title>
        {branch && (
          <ExportButton
            path="/customers/export.csv"
            query={{ branchId: branch.id, search: controls.debouncedSearch || undefined }}
            entity="customers"
          />
        )}
      </Group>
      <TextInput
        placeholder="Search by name, phone or email"
        leftSection={<IconSearch size={16} />}
        value={controls.search}
        onChange={(e) => controls.setSearch(e.currentTarget.value)}
        maw={420}
        aria-label="Search customers"
      />
      <Paper withBorder radius="md" pos="relative">
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover striped aria-label="Customers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th ta="right">Transactions</Table.Th>
                <Table.Th ta="right">Total Spent</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Since</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <TableStateRow
                  colSpan={7}
                  loading={query.isFetching && !query.data}
                  emptyText={controls.isSearching ? 'No customers found matching your search' : 'No customers found'}
                />
              ) : (
                rows.map((c) => (
                  <Table.Tr
                    key={c.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(`/dashboard/customers/${c.id}`)}
                  >
                    <Table.Td fw={500}>
                      {/* The row opens on a click; the name is the link a keyboard (Tab, Enter) opens it by. */}
                      <Anchor component={Link} to={`/dashboard/customers/${c.id}`} fw={500} fz="inherit">
                        {c.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{c.phone}</Table.Td>
                    <Table.Td>{c.email ?? 'N/A'}</Table.Td>
                    <Table.Td ta="right">{c.transactionsCount}</Table.Td>
                    <Table.Td ta="right">{formatDollars(c.totalSpent)}</Table.Td>
                    <Table.Td>
                      <Badge color={c.isActive ? 'green' : 'gray'} variant="light">
                        {c.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(c.createdAt, branch?.timezone)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {query.data ? (
        <PagerFooter
          label={showingRange({ page: controls.page, limit: 10, total: query.data.meta.total, noun: 'customers' })}
          page={controls.page}
          totalPages={Math.max(1, query.data.meta.totalPages)}
          onPageChange={controls.setPage}
        />
      ) : null}
    </Stack>
  );
}
