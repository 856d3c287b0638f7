import type { Db } from '../../src/db/client';
import { purchaseOrderLines, purchaseOrders, stockCountLines, stockCounts, suppliers } from '../../src/db/schema';
import { nextPurchaseOrderNumber } from '../../src/domain/document-numbers.repo';
import { createProduct } from './factories';

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;

type BranchKey = { companyId: string; branchId: string };

/** A supplier of the company. */
export async function createSupplier(db: Db, { companyId }: { companyId: string }) {
  const [row] = await db
    .insert(suppliers)
    .values({ companyId, name: unique('Supplier ') })
    .returning();
  if (!row) throw new Error('supplier');
  return row;
}

/** A purchase order of the branch (draft or ordered) with one line of 5 units of a new product. */
export async function createPurchaseOrder(
  db: Db,
  { companyId, branchId, status = 'draft' }: BranchKey & { status?: 'draft' | 'ordered' },
) {
  const supplier = await createSupplier(db, { companyId });
  const product = await createProduct(db, { companyId, branchId, stockQuantity: 2 });
  const id = await db.transaction(async (tx) => {
    const { seq, number } = await nextPurchaseOrderNumber(tx, { companyId, branchId });
    const [po] = await tx
      .insert(purchaseOrders)
      .values({
        companyId,
        branchId,
        seq,
        number,
        supplierId: supplier.id,
        status,
        orderedAt: status === 'ordered' ? new Date() : null,
      })
      .returning({ id: purchaseOrders.id });
    if (!po) throw new Error('purchase order');
    await tx.insert(purchaseOrderLines).values({
      companyId,
      purchaseOrderId: po.id,
      productId: product.id,
      position: 0,
      quantityOrdered: 5,
      unitCost: '12.00',
    });
    return po.id;
  });
  return { id, productId: product.id, supplierId: supplier.id };
}

/** An open count of the branch with one counted product (counted 4, expected its stock). */
export async function createStockCount(db: Db, { companyId, branchId }: BranchKey) {
  const product = await createProduct(db, { companyId, branchId, stockQuantity: 6 });
  const [count] = await db
    .insert(stockCounts)
    .values({ companyId, branchId, scope: 'all' })
    .returning({ id: stockCounts.id });
  if (!count) throw new Error('stock count');
  await db.insert(stockCountLines).values({
    companyId,
    stockCountId: count.id,
    productId: product.id,
    countedQuantity: 4,
    expectedQuantity: product.stockQuantity,
  });
  return { id: count.id, productId: product.id };
}
