import { Center, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

type StateProps = {
  /** Loading with nothing to show yet: a loader instead of the text. */
  loading: boolean;
  /** The list failed to load: the error text instead of the empty text. */
  failed?: boolean;
  errorText?: ReactNode;
  emptyText: ReactNode;
};

function StateContent({ loading, failed = false, errorText, emptyText, py }: StateProps & { py: 'lg' | 'xl' }) {
  if (loading) {
    return (
      <Center py={py} role="status">
        <Loader aria-hidden />
        <VisuallyHidden>Loading…</VisuallyHidden>
      </Center>
    );
  }
  return (
    <Text c="dimmed" ta="center" py={py}>
      {failed && errorText ? errorText : emptyText}
    </Text>
  );
}

/**
 * The one row a table body shows instead of its rows: a loader while the first page loads, else the
 * error or the empty text, across all the columns.
 */
export function TableStateRow({ colSpan, ...state }: StateProps & { colSpan: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <StateContent {...state} py="lg" />
      </Table.Td>
    </Table.Tr>
  );
}

/** What a list or table shows in its place while it has no rows: a loader, the error or the empty text. */
export function ListState(state: StateProps) {
  return <StateContent {...state} py="xl" />;
}
