import type { ReceiptData, Sale } from '@pos/shared';
import { fetchTransaction } from '../../../lib/api/transactions.api';
import { branchSettings } from '../offline/catalogue-sync';
import { isOnline } from '../offline/connectivity';

/** How long a receipt waits for FBR's invoice number before it prints 'FBR number pending'. */
export const FBR_NUMBER_WAIT_MS = 1500;
const POLL_MS = 250;

/**
 * What a sale's receipt says of its FBR invoice (docs/architecture/fiscal.md): nothing when the branch does not
 * report (as last synced); else the number if the server's outbox got it within FBR_NUMBER_WAIT_MS (the sale read
 * back every 250 ms), or null ('FBR number pending'): offline, refused, or not in time. A reprint later shows it.
 */
export async function receiptFiscal(
  sale: Pick<Sale, 'id' | 'offline'>,
  branchId: string,
  waitMs = FBR_NUMBER_WAIT_MS,
): Promise<ReceiptData['fiscal']> {
  if (!(await branchSettings(branchId))?.fiscal) return null;
  if (sale.offline || !isOnline()) return { number: null };
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const { fiscal } = (await fetchTransaction(sale.id)).data;
      if (fiscal?.number) return { number: fiscal.number };
      if (!fiscal || fiscal.status === 'failed') return { number: null };
    } catch {
      return { number: null };
    }
    if (Date.now() + POLL_MS > deadline) return { number: null };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
