import { Table, UnstyledButton } from '@mantine/core';
import type { Report, ReportKind, ReportSort } from '@pos/shared';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { TableStateRow } from '../../../components/table-state';
import { formatCount, formatMoney } from '../../../lib/format';
import { keyHeading, type ReportColumn, reportColumns } from '../utils/reports';

type ReportTableProps = {
  kind: ReportKind;
  report: Report | undefined;
  loading: boolean;
  failed: boolean;
  sort: ReportSort;
  order: 'asc' | 'desc';
  onSort: (sort: ReportSort) => void;
};

const cell = (column: ReportColumn, value: number | null | undefined) => {
  if (value === null || value === undefined) return '—';
  if (column.money) return formatMoney(value);
  if (column.key === 'marginPercent') return `${value.toFixed(1)}%`;
  return formatCount(value);
};

function SortHeader(props: {
  label: string;
  column: ReportSort;
  sort: ReportSort;
  order: 'asc' | 'desc';
  onSort: (s: ReportSort) => void;
}) {
  const active = props.sort === props.column;
  const Arrow = props.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (props.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => props.onSort(props.column)} fw={700} fz="sm">
        {props.label} {active ? <Arrow size={14} aria-hidden /> : null}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The report's rows (sortable by any column) and its totals over every row. */
export function ReportTable({ kind, report, loading, failed, sort, order, onSort }: ReportTableProps) {
  const columns = reportColumns(report, kind);
  const rows = report?.rows ?? [];
  const sortable = (c: ReportColumn): c is ReportColumn & { key: ReportSort } => c.key !== 'marginPercent';
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label="Report rows">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={keyHeading(kind)} column="label" sort={sort} order={order} onSort={onSort} />
            {columns.map((c) =>
              sortable(c) ? (
                <SortHeader key={c.key} label={c.label} column={c.key} sort={sort} order={order} onSort={onSort} />
              ) : (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <TableStateRow
              colSpan={columns.length + 1}
              loading={loading}
              failed={failed}
              errorText="The report could not be loaded"
              emptyText="No sales in this period"
            />
          ) : (
            rows.map((r) => (
              <Table.Tr key={r.key || r.label}>
                <Table.Td>{r.label}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{cell(c, r[c.key])}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {report && rows.length > 0 ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.key === 'marginPercent' ? '' : cell(c, report.totals[c.key])}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
