import type { Db } from '../../src/db/client';
import { transferLines, transfers } from '../../src/db/schema';
import { nextTransferNumber } from '../../src/domain/document-numbers.repo';
import { recordTransferOut } from '../../src/domain/stock-ledger.repo';
import { createProduct } from './factories';

/**
 * A transfer of one line (2 units of a new product with 20 in stock) from one branch to another of
 * the company: a draft, or sent (in transit, its transfer_out written through the ledger writer).
 */
export async function createTransfer(
  db: Db,
  {
    companyId,
    fromBranchId,
    toBranchId,
    status = 'draft',
  }: { companyId: string; fromBranchId: string; toBranchId: string; status?: 'draft' | 'in_transit' },
) {
  const product = await createProduct(db, { companyId, branchId: fromBranchId, stockQuantity: 20 });
  return db.transaction(async (tx) => {
    const { seq, number } = await nextTransferNumber(tx, { companyId });
    const [transfer] = await tx
      .insert(transfers)
      .values({
        companyId,
        seq,
        number,
        fromBranchId,
        toBranchId,
        status,
        ...(status === 'in_transit' && { sentAt: new Date() }),
      })
      .returning();
    if (!transfer) throw new Error('transfer');
    const [line] = await tx
      .insert(transferLines)
      .values({
        companyId,
        transferId: transfer.id,
        position: 0,
        productId: product.id,
        sku: product.sku,
        name: product.name,
        quantity: 2,
      })
      .returning();
    if (!line) throw new Error('transfer line');
    if (status === 'in_transit') {
      await recordTransferOut(tx, {
        companyId,
        branchId: fromBranchId,
        userId: null,
        transferId: transfer.id,
        number,
        lines: [{ productId: product.id, stock: product.stockQuantity, quantity: 2 }],
      });
    }
    return { id: transfer.id, lineId: line.id, productId: product.id, toBranchId };
  });
}
