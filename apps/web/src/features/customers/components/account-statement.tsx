import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { AccountEntry } from '@pos/shared';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { customerAccountEntriesQuery } from '../../../lib/api/customers.api';
import { formatDateTime, formatMoney, NOT_AVAILABLE, showingRange } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { accountEntryLabel, signedMoney } from '../utils/format';
import { HISTORY_PAGE_SIZE } from './history-tab';

type AccountStatementProps = {
  customerId: string;
  /** Its tab is open: the statement is fetched only then. */
  active: boolean;
  timeZone: string | undefined;
};

/**
 * The customer's account statement, newest first, 10 a page: when, what (a sale on account linking to it, a
 * payment and its method, a refund back to the account; its note; Offline when a register recorded it offline),
 * by whom, the manager who approved a sale past the credit limit, the amount signed (owed more +, paid -) and the
 * balance it left.
 */
export function AccountStatement({ customerId, active, timeZone }: AccountStatementProps) {
  const list = usePagedList({
    scope: customerId,
    pageSize: HISTORY_PAGE_SIZE,
    query: ({ page, limit }) => customerAccountEntriesQuery(customerId, { page, limit }, active),
    errorToast: { id: 'fetch-customer-account', message: 'Failed to fetch the account statement' },
  });
  return (
    <PagedTable
      list={list}
      label="Account statement"
      columns={[
        'Date',
        'What',
        { label: 'By', visibleFrom: 'sm' },
        { label: 'Approved by', visibleFrom: 'md' },
        { label: 'Amount', ta: 'right' },
        { label: 'Balance', ta: 'right', visibleFrom: 'sm' },
      ]}
      // No minimum width: on a phone 'By' and 'Approved by' go under 'What', the balance under the amount, and the
      // table fits.
      emptyText="No account entries yet"
      summary={(range) => showingRange({ ...range, noun: 'entries' })}
      row={(entry) => <StatementRow key={entry.id} entry={entry} timeZone={timeZone} />}
    />
  );
}

function StatementRow({ entry, timeZone }: { entry: AccountEntry; timeZone: string | undefined }) {
  const by = entry.userName ?? NOT_AVAILABLE;
  return (
    <Table.Tr data-testid="account-entry">
      <Table.Td>{formatDateTime(entry.createdAt, timeZone)}</Table.Td>
      <Table.Td>
        {entry.kind === 'sale' && entry.reference ? (
          <Anchor
            component={Link}
            fz="inherit"
            to={`/dashboard/transactions?id=${encodeURIComponent(entry.reference.id)}`}
          >
            <EntryLabel entry={entry} />
          </Anchor>
        ) : (
          <EntryLabel entry={entry} />
        )}
        {entry.offline ? (
          <Badge ml={6} size="sm" color="orange" variant="light" title="Recorded by a register while offline">
            Offline
          </Badge>
        ) : null}
        {entry.note ? (
          <Text size="xs" c="dimmed">
            {entry.note}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          By {by}
        </Text>
        {entry.approvedByName ? (
          <Text size="xs" c="dimmed" hiddenFrom="md">
            Approved by {entry.approvedByName}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td visibleFrom="sm">{by}</Table.Td>
      <Table.Td visibleFrom="md">{entry.approvedByName ?? ''}</Table.Td>
      <Table.Td ta="right" fw={600} c={entry.amount > 0 ? undefined : 'green.9'} style={{ whiteSpace: 'nowrap' }}>
        {signedMoney(entry.amount)}
        <Text size="xs" c="dimmed" fw={400} hiddenFrom="sm">
          Balance {formatMoney(entry.balance)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(entry.balance)}
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Sale RCP-000042': the number kept on one line (a phone's narrow column would break it at its hyphen). */
function EntryLabel({ entry }: { entry: AccountEntry }) {
  const label = accountEntryLabel(entry);
  const number = entry.reference?.number;
  if (!number || !label.endsWith(number)) return label;
  return (
    <>
      {label.slice(0, -number.length)}
      <span style={{ whiteSpace: 'nowrap' }}>{number}</span>
    </>
  );
}
