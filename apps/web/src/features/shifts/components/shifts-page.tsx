import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Title,
} from '@mantine/core';
import { type Shift, userCan } from '@pos/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { PagerFooter } from '../../../components/pager-footer';
import { ShiftReportView } from '../../../components/shift-report';
import { TableStateRow } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { fetchShiftReport, fetchShifts, type ShiftListParams, shiftKeys } from '../../../lib/api/shifts.api';
import { formatDateTime, formatMoney, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';

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
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Shift | null>(null);
  const params: ShiftListParams = {
    branchId: branch?.id ?? '',
    page,
    limit: LIMIT,
    ...(status !== 'all' && { status }),
  };
  const list = useQuery({
    queryKey: shiftKeys.list(params),
    queryFn: ({ signal }) => fetchShifts(params, signal),
    enabled: Boolean(branch),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

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
          value={status}
          allowDeselect={false}
          onChange={(v) => {
            setStatus((v as StatusFilter) ?? 'all');
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All shifts' },
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
      </Group>
      <Paper withBorder p="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={760} aria-label="Shifts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Opened</Table.Th>
                <Table.Th>Register</Table.Th>
                <Table.Th>Cashier</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Z #</Table.Th>
                <Table.Th ta="right">Over/short</Table.Th>
                <Table.Th>Report</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <TableStateRow
                  colSpan={7}
                  loading={selecting || list.isPending}
                  failed={list.isError}
                  errorText="The shifts could not be loaded."
                  emptyText="No shifts match these filters."
                />
              ) : (
                rows.map((s) => (
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
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {meta ? (
          <PagerFooter
            mt="md"
            label={showingRange({ page: meta.page, limit: meta.limit, total: meta.total })}
            page={page}
            totalPages={meta.totalPages}
            onPageChange={setPage}
            labelledControls
          />
        ) : null}
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
