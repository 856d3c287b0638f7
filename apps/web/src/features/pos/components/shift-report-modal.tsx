import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ShiftReportView } from '../../../components/shift-report';
import { errorMessage } from '../../../lib/api';
import { fetchShiftReport, shiftKeys } from '../../../lib/api/shifts.api';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useShiftPrint } from '../hooks/use-shift-print';

/** The X report of the open shift, at any time, printable. */
export function ShiftReportModal({
  opened,
  onClose,
  shiftId,
}: {
  opened: boolean;
  onClose: () => void;
  shiftId: string;
}) {
  const { branch } = useCurrentSelection();
  const print = useShiftPrint();
  const report = useQuery({
    queryKey: shiftKeys.report(shiftId),
    queryFn: ({ signal }) => fetchShiftReport(shiftId, signal).then((a) => a.data),
    enabled: opened,
    staleTime: 0,
  });
  return (
    <Modal opened={opened} onClose={onClose} title="X report" centered size="md">
      <Stack gap="sm">
        {report.isLoading && <Loader size="sm" aria-label="Loading the report" />}
        {report.isError && (
          <Alert color="red" title="The report could not be loaded">
            {errorMessage(report.error, 'Please try again.')}
          </Alert>
        )}
        {report.data && <ShiftReportView report={report.data} timeZone={branch?.timezone} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button disabled={!report.data} onClick={() => report.data && void print(report.data)}>
            Print X report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
