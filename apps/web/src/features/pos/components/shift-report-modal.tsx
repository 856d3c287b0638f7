import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { provisionalShiftReport } from '@pos/shared';
import { useEffect, useMemo } from 'react';
import { ShiftReportView } from '../../../components/shift-report';
import { errorMessage } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useShiftReport } from '../hooks/use-shift';
import { useShiftPrint } from '../hooks/use-shift-print';
import { usePendingShift } from '../offline/shift-cache';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The provisional report's note: what it adds to the server's figures, and from when those are. */
export function provisionalNote({
  sales,
  movements,
  savedAt,
  timeZone,
}: {
  sales: number;
  movements: number;
  savedAt: number | null;
  timeZone?: string | null;
}): string {
  const since = savedAt === null ? '' : ` The server's figures are from ${formatTime(savedAt, timeZone)}.`;
  return `Not yet synced: ${count(sales, 'sale', 'sales')}, ${count(movements, 'cash movement', 'cash movements')}.${since}`;
}

/**
 * The X report of the open shift, at any time, printable. Offline, or while this register has sales or
 * cash movements of the shift waiting to sync, it is provisional: the server's last figures plus those
 * (provisionalShiftReport, the shared money module), labelled so, with what is not yet synced.
 */
export function ShiftReportModal({
  opened,
  onClose,
  onExited,
  shiftId,
}: {
  opened: boolean;
  onClose: () => void;
  /** After the close transition (the register puts the focus back in the Barcode field). */
  onExited?: () => void;
  shiftId: string;
}) {
  const { branch } = useCurrentSelection();
  const print = useShiftPrint();
  const report = useShiftReport(opened ? shiftId : null);
  const pending = usePendingShift(branch?.id ?? null, shiftId, opened);
  // The server's figures as they are now, every time it opens (offline: as kept).
  const { refetch } = report;
  useEffect(() => {
    if (opened) void refetch();
  }, [opened, refetch]);
  const savedAt = report.data?.savedAt ?? null;
  const unsynced = pending.sales.length + pending.movements.length;
  const provisional = savedAt !== null || unsynced > 0;
  const shown = useMemo(
    () => (report.data ? provisionalShiftReport(report.data.value, pending) : null),
    [report.data, pending],
  );
  const note = provisional
    ? provisionalNote({
        sales: pending.sales.length,
        movements: pending.movements.length,
        savedAt,
        timeZone: branch?.timezone,
      })
    : null;
  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onExited} title="X report" centered size="md">
      <Stack gap="sm">
        {report.isLoading && <Loader size="sm" aria-label="Loading the report" />}
        {report.isError && (
          <Alert color="red" title="The report could not be loaded">
            {errorMessage(report.error, 'Please try again.')}
          </Alert>
        )}
        {note && (
          <Alert
            color="yellow"
            title={savedAt === null ? 'Provisional' : 'Provisional (offline)'}
            data-testid="x-provisional"
          >
            {note}
          </Alert>
        )}
        {shown && (
          <ShiftReportView
            report={shown}
            timeZone={branch?.timezone}
            pendingIds={new Set(pending.movements.map((m) => m.id))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button disabled={!shown} onClick={() => shown && void print(shown, false, note)}>
            Print X report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
