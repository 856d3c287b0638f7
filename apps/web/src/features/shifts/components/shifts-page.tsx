import { Alert, Badge, Button, Group, Loader, Modal, Paper, Select, Stack, Table, Title } from '@mantine/core';
import { type Shift, userCan } from '@pos/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagedTable } from '../../../components/paged-table';
import { ShiftReportView } from '../../../components/shift-report';
import { errorMessage } from '../../../lib/api';
import { fetchShiftReport, shiftKeys, shiftsQuery } from '../../../lib/api/shifts.api';
import { formatDateTime, formatMoney, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';

const LIMIT = 20;
type StatusFilter = 'all' | 'open' | 'closed';

/** /dashboard/shifts: the branch's open and closed shifts (Manager, Super Admin), each with its report. */
export function ShiftsPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_sales')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can view shifts." />
    );
  }
  return <ShiftsScreen />;
}

function ShiftsScreen() {
  const { branch, isLoading: selecting } = useCurrentSelection();
  const list = usePagedList({
    scope: branch?.id ?? null,
    filters: { status: 'all' as StatusFilter },
    pageSize: LIMIT,
    query: ({ page, limit, filters: { status } }) =>
      shiftsQuery({ branchId: branch?.id ?? '', page, limit, ...(status !== 'all' && { status }) }),
  });
  const [open, setOpen] = useState<Shift | null>(null);

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Shifts
        </Title>
        <Badge size="lg" variant="light" color="blue">
          {branch?.name ?? 'Branch'}
        </Badge>
      </Group>
      <Group>
        <Select
          label="Status"
          w={200}
          value={list.filters.status}
          allowDeselect={false}
          onChange={(v) => list.setFilter('status', (v as StatusFilter) ?? 'all')}
          data={[
            { value: 'all', label: 'All shifts' },
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
      </Group>
      <Paper withBorder p="md">
        <PagedTable
          list={list}
          label="Shifts"
          columns={['Opened', 'Register', 'Cashier', 'Status', 'Z #', { label: 'Over/short', ta: 'right' }, 'Report']}
          row={(s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{formatDateTime(s.openedAt, branch?.timezone)}</Table.Td>
              <Table.Td>{s.registerCode}</Table.Td>
              <Table.Td>{s.cashierName}</Table.Td>
              <Table.Td>
                <Badge color={s.status === 'open' ? 'teal' : 'gray'} variant="light">
                  {s.status === 'open' ? 'Open' : 'Closed'}
                </Badge>
              </Table.Td>
              <Table.Td>{s.zNumber ?? '—'}</Table.Td>
              <Table.Td ta="right">{s.overShort === null ? '—' : formatMoney(s.overShort)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setOpen(s)}
                  aria-label={`View report: register ${s.registerCode}, ${formatDateTime(s.openedAt, branch?.timezone)}`}
                >
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
          minWidth={760}
          loading={selecting}
          errorText="The shifts could not be loaded."
          emptyText="No shifts match these filters."
          summary={showingRange}
        />
      </Paper>
      <ShiftReportDialog shift={open} onClose={() => setOpen(null)} timeZone={branch?.timezone} />
    </Stack>
  );
}

function ShiftReportDialog({
  shift,
  onClose,
  timeZone,
}: {
  shift: Shift | null;
  onClose: () => void;
  timeZone?: string;
}) {
  const report = useQuery({
    queryKey: shiftKeys.report(shift?.id ?? ''),
    queryFn: ({ signal }) => fetchShiftReport(shift?.id ?? '', signal).then((a) => a.data),
    enabled: Boolean(shift),
  });
  return (
    <Modal opened={shift !== null} onClose={onClose} title="Shift report" centered>
      {report.isLoading && <Loader size="sm" aria-label="Loading the report" />}
      {report.isError && (
        <Alert color="red" title="The report could not be loaded">
          {errorMessage(report.error, 'Please try again.')}
        </Alert>
      )}
      {report.data && <ShiftReportView report={report.data} timeZone={timeZone} />}
    </Modal>
  );
}
