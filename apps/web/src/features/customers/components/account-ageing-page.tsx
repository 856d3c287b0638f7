import { Anchor, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { AGEING_BUCKETS, type AgeingRow, userCan } from '@pos/shared';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { formatDate, formatMoney, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { AGEING_EXPORT_PATH, ageingQuery } from '../api/accounts.api';

export const AGEING_TEXT = {
  title: 'Account Ageing',
  intro: 'Customers of this branch who owe on account, most owed first. Payments pay the oldest sales first.',
  empty: 'No customer owes on account',
  emptySearch: 'No customer owing on account matches your search',
  denied:
    "You don't have permission to access this page. Only managers and administrators can view the account ageing.",
} as const;

/** The page of a customer's Account tab. */
export const accountTabPath = (customerId: string) => `/dashboard/customers/${customerId}?tab=account`;

/**
 * The branch's customers who owe on account (Manager and Super Admin: view_sales, as the server checks): the
 * balance, the credit limit and the unpaid sales by age, searched and paged by the server, exported as CSV or
 * XLSX with the same search. A customer's name opens their Account tab.
 */
export function AccountAgeingPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_sales')) return <AccessDenied message={AGEING_TEXT.denied} />;
  return <AgeingList />;
}

function AgeingList() {
  const { branch } = useCurrentSelection();
  const list = usePagedList({
    scope: branch?.id ?? null,
    query: ({ page, limit, search }) =>
      ageingQuery({ branchId: branch?.id ?? '', page, limit, search: search || undefined }),
    errorToast: { id: 'fetch-ageing', message: 'Failed to fetch the account ageing' },
  });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {AGEING_TEXT.title}
        </Title>
        {branch ? (
          <ExportButton
            path={AGEING_EXPORT_PATH}
            query={{ branchId: branch.id, search: list.appliedSearch || undefined }}
            entity="account ageing"
          />
        ) : null}
      </Group>
      <Text c="dimmed" size="sm">
        {AGEING_TEXT.intro}
      </Text>
      <TextInput
        placeholder="Search by name or phone"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maw={420}
        aria-label="Search customers owing"
      />
      <Paper withBorder p="md" radius="md">
        <PagedTable
          list={list}
          label="Account ageing"
          loading={!branch}
          columns={[
            'Customer',
            { label: 'Balance', ta: 'right' },
            { label: 'Credit limit', ta: 'right' },
            ...AGEING_BUCKETS.map((bucket) => ({ label: bucket.label, ta: 'right' as const })),
            'Oldest unpaid',
          ]}
          row={(row) => <AgeingTableRow key={row.customerId} row={row} timeZone={branch?.timezone} />}
          minWidth={860}
          emptyText={list.isSearching ? AGEING_TEXT.emptySearch : AGEING_TEXT.empty}
          summary={(range) => showingRange({ ...range, noun: 'customers' })}
        />
      </Paper>
    </Stack>
  );
}

function AgeingTableRow({ row, timeZone }: { row: AgeingRow; timeZone: string | undefined }) {
  const over = row.balance > row.creditLimit;
  return (
    <Table.Tr data-testid="ageing-row">
      <Table.Td fw={500}>
        <Anchor component={Link} to={accountTabPath(row.customerId)} fw={500} fz="inherit">
          {row.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.phone}
        </Text>
      </Table.Td>
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.balance)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.creditLimit)}
        {over ? (
          <Text size="xs" c="red.9">
            Over the limit
          </Text>
        ) : null}
      </Table.Td>
      {AGEING_BUCKETS.map((bucket) => (
        <Table.Td
          key={bucket.key}
          ta="right"
          style={{ whiteSpace: 'nowrap' }}
          c={row[bucket.key] > 0 ? undefined : 'dimmed'}
        >
          {formatMoney(row[bucket.key])}
        </Table.Td>
      ))}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.oldestUnpaidAt, timeZone)}</Table.Td>
    </Table.Tr>
  );
}
