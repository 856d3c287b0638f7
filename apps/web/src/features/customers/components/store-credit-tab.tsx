import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAdjustmentsDollar } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { customerCreditQuery } from '../../../lib/api/customers.api';
import { formatDateTime, formatMoney, NOT_AVAILABLE, showingRange } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { creditEntryLabel, signedMoney } from '../utils/format';
import { HISTORY_PAGE_SIZE } from './history-tab';

type StoreCreditTabProps = {
  customerId: string;
  /** The customer's balance (the sum of the ledger). */
  balance: number | undefined;
  /** Its tab is open: the ledger is fetched only then. */
  active: boolean;
  timeZone: string | undefined;
  /** Opens the Adjust dialog; absent for a user who may not adjust (not a Manager or Super Admin). */
  onAdjust?: () => void;
};

/**
 * The customer's store credit: the balance, the Adjust button for those who may, and the ledger newest first,
 * 10 a page: when, what it came from (a return, a sale paid with it, an adjustment and its reason), by whom, and
 * the amount signed (given +, spent -).
 */
export function StoreCreditTab({ customerId, balance, active, timeZone, onAdjust }: StoreCreditTabProps) {
  const list = usePagedList({
    scope: customerId,
    pageSize: HISTORY_PAGE_SIZE,
    query: ({ page, limit }) => customerCreditQuery(customerId, { page, limit }, active),
    errorToast: { id: 'fetch-customer-credit', message: 'Failed to fetch store credit' },
  });
  const balanceId = useId();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text size="sm" c="dimmed" id={balanceId}>
            Store credit balance
          </Text>
          <Text component="output" display="block" fz={22} fw={700} aria-labelledby={balanceId}>
            {formatMoney(balance ?? 0)}
          </Text>
        </div>
        {onAdjust ? (
          <Button variant="light" leftSection={<IconAdjustmentsDollar size={16} aria-hidden />} onClick={onAdjust}>
            Adjust store credit
          </Button>
        ) : null}
      </Group>
      <PagedTable
        list={list}
        label="Store credit"
        columns={['Date', 'What', { label: 'By', visibleFrom: 'sm' }, { label: 'Amount', ta: 'right' }]}
        // No minimum width: on a phone 'By' goes under 'What' and the table fits (a table scrolled sideways with
        // nothing to focus in it cannot be scrolled from the keyboard).
        emptyText="No store credit yet"
        summary={(range) => showingRange({ ...range, noun: 'entries' })}
        row={(entry) => (
          <Table.Tr key={entry.id} data-testid="credit-entry">
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
              {entry.note ? (
                <Text size="xs" c="dimmed">
                  {entry.note}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                By {entry.userName ?? NOT_AVAILABLE}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">{entry.userName ?? NOT_AVAILABLE}</Table.Td>
            <Table.Td ta="right" fw={600} c={entry.amount > 0 ? 'green.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }}>
              {signedMoney(entry.amount)}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

/** 'Return RET-000001': the number kept on one line (a phone's narrow column would break it at its hyphen). */
function EntryLabel({ entry }: { entry: { kind: string; reference: { number: string } | null } }) {
  const label = creditEntryLabel(entry);
  const number = entry.reference?.number;
  if (!number || !label.endsWith(number)) return label;
  return (
    <>
      {label.slice(0, -number.length)}
      <span style={{ whiteSpace: 'nowrap' }}>{number}</span>
    </>
  );
}
