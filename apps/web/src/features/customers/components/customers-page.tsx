import { Anchor, Badge, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { customersQuery } from '../../../lib/api/customers.api';
import { formatDate, formatDollars, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePagedList } from '../../../lib/use-paged-list';

export function CustomersPage() {
  const { branch } = useCurrentSelection();
  const navigate = useNavigate();
  const controls = usePagedList({
    scope: branch?.id ?? null,
    pageSize: 10,
    query: ({ page, limit, search }) =>
      customersQuery({ branchId: branch?.id ?? '', page, limit, search: search || undefined }),
    errorToast: { id: 'fetch-customers', message: 'Failed to fetch customers' },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Customers
        </Title>
        {branch && (
          <ExportButton
            path="/customers/export.csv"
            query={{ branchId: branch.id, search: controls.appliedSearch || undefined }}
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
      <Paper withBorder p="md" radius="md">
        <PagedTable
          list={controls}
          label="Customers"
          columns={[
            'Name',
            'Phone',
            'Email',
            { label: 'Transactions', ta: 'right' },
            { label: 'Total Spent', ta: 'right' },
            { label: 'Owed on Account', ta: 'right' },
            'Status',
            'Since',
          ]}
          row={(c) => (
            <Table.Tr key={c.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/dashboard/customers/${c.id}`)}>
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
              <Table.Td ta="right">{formatDollars(c.accountBalance)}</Table.Td>
              <Table.Td>
                <Badge color={c.isActive ? 'green' : 'gray'} variant="light">
                  {c.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(c.createdAt, branch?.timezone)}</Table.Td>
            </Table.Tr>
          )}
          minWidth={840}
          emptyText={controls.isSearching ? 'No customers found matching your search' : 'No customers found'}
          summary={(range) => showingRange({ ...range, noun: 'customers' })}
        />
      </Paper>
    </Stack>
  );
}
