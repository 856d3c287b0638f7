import type { Sale } from '@pos/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { printReceipt, receiptStore, saleReceiptData } from '../../../lib/printing';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';

/**
 * 'Reprint Receipt': the sale's receipt with the selected company's name, address and phone,
 * through the register's printer chain; a green 'Receipt printed successfully' or the failure.
 */
export function useReprintReceipt() {
  const { company, branch } = useCurrentSelection();
  const user = useSessionUser();
  const [isPrinting, setIsPrinting] = useState(false);

  const reprint = async (sale: Sale) => {
    setIsPrinting(true);
    try {
      // Marked as a copy: the customer's original receipt was printed at the sale.
      await printReceipt(
        saleReceiptData(sale, receiptStore(company, user?.company, branch?.timezone), { reprint: true }),
      );
      notifySuccess('Receipt printed successfully');
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to print receipt'));
    } finally {
      setIsPrinting(false);
    }
  };

  return { reprint, isPrinting };
}
