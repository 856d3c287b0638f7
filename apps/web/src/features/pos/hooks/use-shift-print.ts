import type { ShiftReport } from '@pos/shared';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { printShiftReport } from '../../../lib/printing';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useReceiptStore } from './use-checkout';

/** Prints an X / Z report like a receipt (ESC/POS, else the popup) with the store's header. */
export function useShiftPrint() {
  const store = useReceiptStore();
  const { branch } = useCurrentSelection();
  return (report: ShiftReport, reprint = false, note: string | null = null) =>
    printShiftReport({
      report,
      company: store ? { name: store.name } : null,
      branchName: branch?.name ?? null,
      currency: store?.currency ?? null,
      timeZone: store?.timeZone ?? null,
      reprint,
      note,
    }).catch((error: unknown) => {
      notifyError(errorMessage(error, 'The report could not be printed'));
      return null;
    });
}
