import { Badge, Button, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { remainingQuantity, returnableStatus } from '../../../lib/returns';
import { useReturnLookup } from '../api/returns.api';

/** Spec 02 section 9: the receipt search waits 500 ms after the last keystroke. */
export const RETURN_SEARCH_DEBOUNCE_MS = 500;

/** 'Find Transaction': completed sales of the branch by receipt number, each with Process Return. */
export function FindTransaction({
  branchId,
  timeZone,
  onProcess,
}: {
  branchId: string;
  timeZone: string | null;
  onProcess: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), RETURN_SEARCH_DEBOUNCE_MS);
  const lookup = useReturnLookup(branchId, debounced);
  const rows = lookup.data?.data ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label="Receipt Number"
        placeholder="Search by receipt number (e.g. RCP-000123)"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {!debounced ? (
        <Text c="dimmed" size="sm">
          Enter a receipt number to find a completed transaction.
        </Text>
      ) : lookup.isPending ? (
        <Skeleton height={60} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {lookup.isError ? 'Failed to fetch transactions' : 'No completed transactions found'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th>Returnable Qty</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => {
                const state = returnableStatus(t.items);
                const remaining = (t.items ?? []).reduce((n, i) => n + remainingQuantity(i), 0);
                return (
                  <Table.Tr key={t.id} data-testid={`lookup-${t.receiptNumber}`}>
                    <Table.Td fw={600}>{t.receiptNumber}</Table.Td>
                    <Table.Td>{formatDateTime(t.transactionDate, timeZone)}</Table.Td>
                    <Table.Td>{t.customer?.name ?? 'Walk-in Customer'}</Table.Td>
                    <Table.Td>{t.totalQuantity}</Table.Td>
                    <Table.Td data-testid="returnable-quantity">{remaining}</Table.Td>
                    <Table.Td>{formatAmount(t.total)}</Table.Td>
                    <Table.Td>
                      <Badge color={state === 'Returnable' ? 'green' : 'gray'} variant="light">
                        {state}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={state === 'Fully Returned'}
                        onClick={() => onProcess(t.id)}
                      >
                        Process Return
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
