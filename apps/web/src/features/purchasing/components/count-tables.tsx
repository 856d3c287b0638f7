import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PagerFooter } from '../../../components/pager-footer';
import { ListState } from '../../../components/table-state';
import { useCountLines, useCountVariances } from '../../../lib/api/stock-counts.api';
import { formatDateTime, formatMoney } from '../../../lib/format';

const LIMIT = 50;

/** What has been counted, latest first: blind, no expected figures. */
export function CountLinesTable({ countId, timezone }: { countId: string; timezone?: string | null }) {
  const [page, setPage] = useState(1);
  const lines = useCountLines(countId, { page, limit: LIMIT });
  const rows = lines.data?.data ?? [];
  if (lines.isPending || rows.length === 0) {
    return (
      <ListState
        loading={lines.isPending}
        failed={lines.isError}
        errorText="Failed to fetch counted products"
        emptyText="Nothing counted yet"
      />
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs" aria-label="Counted products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Counted</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((l) => (
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
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagerFooter
        mt="md"
        label={`${lines.data?.meta?.total ?? 0} counted`}
        page={page}
        totalPages={lines.data?.meta?.totalPages ?? 1}
        onPageChange={setPage}
      />
    </>
  );
}

/** The review (Managers): expected at the moment of counting, variance, and its value at cost. */
export function VariancesTable({ countId }: { countId: string }) {
  const [page, setPage] = useState(1);
  const variances = useCountVariances(countId, { page, limit: LIMIT }, true);
  const rows = variances.data?.data ?? [];
  if (variances.isPending || rows.length === 0) {
    return (
      <ListState
        loading={variances.isPending}
        failed={variances.isError}
        errorText="Failed to fetch variances"
        emptyText="Nothing counted yet"
      />
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label="Variances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Expected</Table.Th>
              <Table.Th ta="right">Counted</Table.Th>
              <Table.Th ta="right">Variance</Table.Th>
              <Table.Th ta="right">Value at cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.productId}>
                <Table.Td>{v.name}</Table.Td>
                <Table.Td ta="right">{v.expectedQuantity}</Table.Td>
                <Table.Td ta="right">{v.countedQuantity}</Table.Td>
                <Table.Td ta="right" c={v.variance < 0 ? 'red.8' : v.variance > 0 ? 'green.8' : undefined}>
                  {v.variance > 0 ? `+${v.variance}` : v.variance}
                </Table.Td>
                <Table.Td ta="right">{v.varianceValue === undefined ? '—' : formatMoney(v.varianceValue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagerFooter
        mt="md"
        label={`${variances.data?.meta?.total ?? 0} counted`}
        page={page}
        totalPages={variances.data?.meta?.totalPages ?? 1}
        onPageChange={setPage}
      />
    </>
  );
}
