import { Table, Text } from '@mantine/core';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { countLinesQuery, countVariancesQuery } from '../api/stock-counts.api';

const LIMIT = 50;
const counted = ({ total }: { total: number }) => `${total} counted`;

/** What has been counted, latest first: blind, no expected figures. */
export function CountLinesTable({ countId, timezone }: { countId: string; timezone?: string | null }) {
  const lines = usePagedList({
    scope: countId,
    pageSize: LIMIT,
    query: ({ page, limit }) => countLinesQuery(countId, { page, limit }),
  });
  return (
    <PagedTable
      list={lines}
      label="Counted products"
      columns={['Product', { label: 'Counted', ta: 'right' }, 'When', 'By']}
      row={(l) => (
        <Table.Tr key={l.productId}>
          <Table.Td>
            {l.name}
            {l.sku ? (
              <Text size="xs" c="dimmed">
                {l.sku}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td ta="right">{l.countedQuantity}</Table.Td>
          <Table.Td>{formatDateTime(l.countedAt, timezone)}</Table.Td>
          <Table.Td>{l.countedBy ?? '—'}</Table.Td>
        </Table.Tr>
      )}
      minWidth={480}
      errorText="Failed to fetch counted products"
      emptyText="Nothing counted yet"
      summary={counted}
    />
  );
}

/** The review (Managers): expected at the moment of counting, variance, and its value at cost. */
export function VariancesTable({ countId }: { countId: string }) {
  const variances = usePagedList({
    scope: countId,
    pageSize: LIMIT,
    query: ({ page, limit }) => countVariancesQuery(countId, { page, limit }),
  });
  return (
    <PagedTable
      list={variances}
      label="Variances"
      columns={[
        'Product',
        { label: 'Expected', ta: 'right' },
        { label: 'Counted', ta: 'right' },
        { label: 'Variance', ta: 'right' },
        { label: 'Value at cost', ta: 'right' },
      ]}
      row={(v) => (
        <Table.Tr key={v.productId}>
          <Table.Td>{v.name}</Table.Td>
          <Table.Td ta="right">{v.expectedQuantity}</Table.Td>
          <Table.Td ta="right">{v.countedQuantity}</Table.Td>
          <Table.Td ta="right" c={v.variance < 0 ? 'red.8' : v.variance > 0 ? 'green.8' : undefined}>
            {v.variance > 0 ? `+${v.variance}` : v.variance}
          </Table.Td>
          <Table.Td ta="right">{v.varianceValue === undefined ? '—' : formatMoney(v.varianceValue)}</Table.Td>
        </Table.Tr>
      )}
      minWidth={560}
      errorText="Failed to fetch variances"
      emptyText="Nothing counted yet"
      summary={counted}
    />
  );
}
