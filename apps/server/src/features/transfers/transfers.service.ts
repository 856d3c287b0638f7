import {
  addQuantities,
  type closeTransferSchema,
  type createTransferSchema,
  type PageMeta,
  pageMeta,
  quantityProblem,
  type receiveTransferSchema,
  TRANSFER_MSG,
  TRANSFER_STATUS_LABELS,
  type TransferDetail,
  type TransferSummary,
  transferLineOpen,
  type transferListQuerySchema,
  type updateTransferSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { listVariant } from '../../domain/catalog.repo';
import { nextTransferNumber } from '../../domain/document-numbers.repo';
import { recordTransferIn, recordTransferOut } from '../../domain/stock-ledger.repo';
import { type Actor, can, isCashier, loadInScope, resolveBranch } from '../../lib/access';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { selectInBatches } from '../../lib/export.repo';
import type { ExportColumn, ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './transfers.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(r: repo.TransferRow): TransferSummary {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    fromBranch: { id: r.fromBranchId, name: r.fromBranchName },
    toBranch: { id: r.toBranchId, name: r.toBranchName },
    note: r.note,
    lineCount: Number(r.lineCount),
    quantitySent: Number(r.quantitySent),
    quantityReceived: Number(r.quantityReceived),
    quantityDamaged: Number(r.quantityDamaged),
    createdByName: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    receivedAt: iso(r.receivedAt),
    closedAt: iso(r.closedAt),
  };
}

/** GET /transfers (view_inventory): a branch's incoming and/or outgoing transfers, newest first. */
export async function listTransfers(
  db: Db,
  actor: Actor,
  query: z.output<typeof transferListQuerySchema>,
): Promise<{ items: TransferSummary[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_inventory' });
  const { rows, total } = await repo.listTransfers(
    db,
    scope,
    { direction: query.direction, status: query.status },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { items: rows.map(toSummary), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

const CSV_COLUMNS: ExportColumn<repo.TransferRow>[] = [
  { header: 'Number', value: (r) => r.number },
  { header: 'Status', value: (r) => TRANSFER_STATUS_LABELS[r.status] },
  { header: 'From', value: (r) => r.fromBranchName },
  { header: 'To', value: (r) => r.toBranchName },
  { header: 'Lines', type: 'number', value: (r) => Number(r.lineCount) },
  { header: 'Sent', type: 'number', value: (r) => Number(r.quantitySent) },
  { header: 'Received', type: 'number', value: (r) => Number(r.quantityReceived) },
  { header: 'Damaged', type: 'number', value: (r) => Number(r.quantityDamaged) },
  { header: 'Created at', type: 'date', value: (r) => r.createdAt },
  { header: 'Created by', value: (r) => r.createdByName },
  { header: 'Sent at', type: 'date', value: (r) => r.sentAt },
  { header: 'Received at', type: 'date', value: (r) => r.receivedAt },
  { header: 'Closed at', type: 'date', value: (r) => r.closedAt },
  { header: 'Note', value: (r) => r.note },
];

/** GET /transfers/export.csv: the list's filters, every row, streamed. No cost in any column. */
export async function exportTransfers(
  db: Db,
  actor: Actor,
  query: z.output<typeof transferListQuerySchema>,
): Promise<ListExport<repo.TransferRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_inventory' });
  return {
    filename: 'transfers',
    columns: CSV_COLUMNS,
    timeZone: scope.timezone,
    batches: selectInBatches(db, repo.transfersQuery(db, scope, { direction: query.direction, status: query.status })),
  };
}

/** A transfer within the actor's reach (either of its branches), after the permission. */
function loadTransfer(db: DbOrTx, actor: Actor, id: string, permission: 'view_inventory' | 'adjust_stock') {
  return loadInScope(actor, {
    what: 'Transfer',
    by: 'branches',
    permission,
    load: (companyIds) => repo.findTransferPlace(db, { id, companyIds }),
  });
}

async function detail(db: DbOrTx, { companyId, id }: { companyId: string; id: string }): Promise<TransferDetail> {
  const row = await repo.findTransferRow(db, { companyId, id });
  if (!row) throw notFound('Transfer');
  const lines = await repo.findLines(db, { companyId, transferId: id });
  return {
    ...toSummary(row),
    sentByName: row.sentByName,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      sku: l.sku,
      name: l.name,
      unit: l.unit,
      quantity: l.quantity,
      received: l.received,
      damaged: l.damaged,
      missing: transferLineOpen(l),
      destinationProductId: l.destinationProductId,
    })),
  };
}

/** GET /transfers/{id} (view_inventory). */
export async function getTransfer(db: Db, actor: Actor, id: string): Promise<TransferDetail> {
  const place = await loadTransfer(db, actor, id, 'view_inventory');
  return detail(db, place);
}

type LineInput = { productId: string; quantity: number };

/**
 * The lines' products must be live products of the sending branch (404 otherwise, like any id out of
 * place); each quantity must fit its product's unit (a fraction of a piece: 400 on the line's quantity).
 */
async function draftLines(tx: DbOrTx, scope: { companyId: string; branchId: string }, lines: LineInput[]) {
  const found = await repo.findBranchProducts(tx, { ...scope, ids: lines.map((l) => l.productId) });
  const byId = new Map(found.map((p) => [p.id, p]));
  return lines.map((l, i) => {
    const p = byId.get(l.productId);
    if (!p) throw notFound('Product');
    const problem = quantityProblem(l.quantity, p);
    if (problem) throw badRequest(problem, { [`lines.${i}.quantity`]: problem });
    return { productId: p.id, sku: p.sku, name: p.name, quantity: l.quantity };
  });
}

/** The destination: a branch within reach, of the sending branch's company (404 otherwise). */
async function destination(db: Db, actor: Actor, { toBranchId, companyId }: { toBranchId: string; companyId: string }) {
  const to = await resolveBranch(db, { actor, branchId: toBranchId });
  if (to.companyId !== companyId) throw notFound('Branch');
  return to;
}

/** POST /transfers (adjust_stock: Manager, Super Admin): a draft from a branch to another branch of its company. */
export async function createTransfer(
  db: Db,
  actor: Actor,
  input: z.output<typeof createTransferSchema>,
): Promise<TransferDetail> {
  const from = await resolveBranch(db, { actor, branchId: input.fromBranchId, permission: 'adjust_stock' });
  await destination(db, actor, { toBranchId: input.toBranchId, companyId: from.companyId });
  const id = await db.transaction(async (tx) => {
    const lines = await draftLines(tx, from, input.lines);
    const { seq, number } = await nextTransferNumber(tx, { companyId: from.companyId });
    const { id } = await repo.insertTransfer(tx, {
      companyId: from.companyId,
      seq,
      number,
      fromBranchId: from.branchId,
      toBranchId: input.toBranchId,
      note: input.note || null,
      createdById: actor.userId,
    });
    await repo.replaceLines(tx, { companyId: from.companyId, transferId: id, lines });
    await writeAudit(tx, {
      companyId: from.companyId,
      branchId: from.branchId,
      userId: actor.userId,
      action: 'transfer.create',
      entityType: 'transfer',
      entityId: id,
      after: { number, toBranchId: input.toBranchId, lines: input.lines },
    });
    return id;
  });
  return detail(db, { companyId: from.companyId, id });
}

/** Locks a transfer loaded in scope and checks its status (409 otherwise). */
async function lockInStatus(tx: DbOrTx, place: { companyId: string; id: string }, status: 'draft' | 'in_transit') {
  const row = await repo.lockTransfer(tx, place);
  if (!row) throw notFound('Transfer');
  if (row.status !== status) throw conflict(status === 'draft' ? TRANSFER_MSG.notDraft : TRANSFER_MSG.notInTransit);
  return row;
}

/** PUT /transfers/{id} (adjust_stock): a draft's destination, note and lines. */
export async function updateTransfer(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateTransferSchema>,
): Promise<TransferDetail> {
  const place = await loadTransfer(db, actor, id, 'adjust_stock');
  const from = { companyId: place.companyId, branchId: place.fromBranchId };
  if (input.toBranchId === place.fromBranchId) {
    throw badRequest(TRANSFER_MSG.sameBranch, { toBranchId: TRANSFER_MSG.sameBranch });
  }
  await destination(db, actor, { toBranchId: input.toBranchId, companyId: place.companyId });
  await db.transaction(async (tx) => {
    const before = await lockInStatus(tx, place, 'draft');
    const lines = await draftLines(tx, from, input.lines);
    await repo.updateTransfer(tx, place, { toBranchId: input.toBranchId, note: input.note || null });
    await repo.replaceLines(tx, { companyId: place.companyId, transferId: id, lines });
    await writeAudit(tx, {
      companyId: place.companyId,
      branchId: place.fromBranchId,
      userId: actor.userId,
      action: 'transfer.create',
      entityType: 'transfer',
      entityId: id,
      before: { toBranchId: before.toBranchId, note: before.note },
      after: { toBranchId: input.toBranchId, note: input.note ?? null, lines: input.lines },
    });
  });
  return detail(db, place);
}

/** POST /transfers/{id}/cancel (adjust_stock): a draft is cancelled (nothing has moved). */
export async function cancelTransfer(db: Db, actor: Actor, id: string): Promise<TransferDetail> {
  const place = await loadTransfer(db, actor, id, 'adjust_stock');
  await db.transaction(async (tx) => {
    await lockInStatus(tx, place, 'draft');
    await repo.updateTransfer(tx, place, { status: 'cancelled', closedAt: new Date(), closedById: actor.userId });
    await writeAudit(tx, {
      companyId: place.companyId,
      branchId: place.fromBranchId,
      userId: actor.userId,
      action: 'transfer.cancel',
      entityType: 'transfer',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'cancelled' },
    });
  });
  return detail(db, place);
}

/**
 * POST /transfers/{id}/send (adjust_stock): in one transaction the transfer row, then the source
 * products (FOR UPDATE, id order) are locked; every line must be covered by stock (409 'Insufficient
 * stock for X: 3 available', nothing moves otherwise); one transfer_out per product; in transit.
 */
export async function sendTransfer(db: Db, actor: Actor, id: string): Promise<TransferDetail> {
  const place = await loadTransfer(db, actor, id, 'adjust_stock');
  const from = { companyId: place.companyId, branchId: place.fromBranchId };
  await db.transaction(async (tx) => {
    const transfer = await lockInStatus(tx, place, 'draft');
    const lines = await repo.findLines(tx, { companyId: place.companyId, transferId: id });
    const locked = await repo.lockBranchProducts(tx, { ...from, ids: lines.map((l) => l.productId) });
    const byId = new Map(locked.map((p) => [p.id, p]));
    const moves = lines.map((l) => {
      const p = byId.get(l.productId);
      if (!p) throw conflict(`${l.name} is no longer available`);
      // The item's unit may have changed since the draft (kg -> piece): its fraction no longer fits.
      const problem = quantityProblem(l.quantity, p);
      if (problem) throw conflict(problem);
      if (p.stockQuantity < l.quantity)
        throw conflict(`Insufficient stock for ${p.name}: ${p.stockQuantity} available`);
      return { line: l, product: p };
    });
    for (const { line, product } of moves) {
      await repo.snapshotLine(
        tx,
        { companyId: place.companyId, id: line.id },
        { name: product.name, sku: product.sku },
      );
    }
    await recordTransferOut(tx, {
      ...from,
      userId: actor.userId,
      transferId: id,
      number: transfer.number,
      lines: moves.map(({ line, product }) => ({
        productId: product.id,
        stock: product.stockQuantity,
        quantity: line.quantity,
      })),
    });
    await repo.updateTransfer(tx, place, { status: 'in_transit', sentAt: new Date(), sentById: actor.userId });
    await writeAudit(tx, {
      companyId: place.companyId,
      branchId: place.fromBranchId,
      userId: actor.userId,
      action: 'transfer.send',
      entityType: 'transfer',
      entityId: id,
      before: { status: 'draft' },
      after: {
        status: 'in_transit',
        number: transfer.number,
        lines: moves.map(({ line }) => ({ productId: line.productId, quantity: line.quantity })),
      },
    });
  });
  return detail(db, place);
}

/**
 * Who may receive: Managers and Super Admins (adjust_stock); a cashier only when their branch allows
 * it (`cashier_may_receive_transfers`), and only transfers to their branch (any other: 404). The
 * cashier's branch setting is read before the id (403 whatever the id when it is off).
 */
async function loadForReceipt(db: Db, actor: Actor, id: string) {
  if (can(actor, 'adjust_stock')) return loadTransfer(db, actor, id, 'adjust_stock');
  if (!isCashier(actor) || !actor.workBranchId) throw forbidden();
  if (!(await repo.cashierMayReceiveTransfers(db, actor.workBranchId))) throw forbidden();
  const place = await loadTransfer(db, actor, id, 'view_inventory');
  // A transfer the cashier's branch sends is not one they may receive: 404, as an id out of reach.
  if (place.toBranchId !== actor.workBranchId) throw notFound('Transfer');
  return place;
}

/**
 * The destination product of a line: the one fixed by an earlier receipt, else the destination branch's
 * listing of the source product's variant, else a new listing of it there (listVariant: stock 0, the
 * catalogue's name, SKU, barcodes and category; the source's price when it is the source branch's own,
 * its cost, thresholds and the destination's brand of the same name). Never a match by SKU or name.
 */
async function destinationProductOf(
  tx: DbOrTx,
  to: { companyId: string; branchId: string },
  line: { productId: string; destinationProductId: string | null },
) {
  if (line.destinationProductId) return line.destinationProductId;
  const source = await repo.findSourceProduct(tx, { companyId: to.companyId, id: line.productId });
  if (!source) throw new AppError(500, 'INTERNAL', 'Source product missing');
  const found = await repo.findListing(tx, { ...to, variantId: source.variantId });
  if (found) return found;
  const brandId = source.brandName ? await repo.brandAt(tx, { ...to, name: source.brandName }) : null;
  const listed = await listVariant(tx, {
    ...to,
    variantId: source.variantId,
    price: source.price === null ? null : toMoney(source.price),
    cost: toMoney(source.cost),
    lowStockThreshold: source.lowStockThreshold,
    maxStock: source.maxStock,
    brandId,
  });
  if (!listed) throw conflict(TRANSFER_MSG.itemRemoved);
  return listed.productId;
}

/**
 * POST /transfers/{id}/receive: one receipt (several may follow until every unit is counted). In one
 * transaction: the transfer row is locked FOR UPDATE (racing receipts of the same transfer serialize
 * here and each sees the previous one's counts), each line's received + damaged must stay within what
 * was sent (409), the destination products are found or created, then locked FOR UPDATE in id order
 * (a sale of them waits or goes first: stock = ledger either way); transfer_in of received + damaged,
 * damage of damaged. When nothing is left open the transfer is received.
 */
export async function receiveTransfer(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof receiveTransferSchema>,
): Promise<TransferDetail> {
  const place = await loadForReceipt(db, actor, id);
  const to = { companyId: place.companyId, branchId: place.toBranchId };
  await db.transaction(async (tx) => {
    const transfer = await lockInStatus(tx, place, 'in_transit');
    const lines = await repo.findLines(tx, { companyId: place.companyId, transferId: id });
    const byId = new Map(lines.map((l) => [l.id, l]));
    const counted = input.lines
      .map((c, i) => ({ c, i, total: addQuantities(c.received, c.damaged) }))
      .filter(({ total }) => total > 0)
      .map(({ c, i, total }) => {
        const line = byId.get(c.lineId);
        if (!line) throw notFound('Transfer line');
        // A fraction of a product sold by the piece: 400 on the count, before what is still open.
        for (const field of ['received', 'damaged'] as const) {
          const problem = quantityProblem(c[field], line);
          if (problem) throw badRequest(problem, { [`lines.${i}.${field}`]: problem });
        }
        const open = transferLineOpen(line);
        if (total > open) throw conflict(`${TRANSFER_MSG.tooManyUnits}: ${line.name} has ${open} open`);
        return { line, received: c.received, damaged: c.damaged };
      });
    const targets: string[] = [];
    for (const c of counted) targets.push(await destinationProductOf(tx, to, c.line));
    const locked = await repo.lockBranchProducts(tx, { ...to, ids: [...new Set(targets)] });
    const stockOf = new Map(locked.map((p) => [p.id, p.stockQuantity]));
    await recordTransferIn(tx, {
      ...to,
      userId: actor.userId,
      transferId: id,
      number: transfer.number,
      lines: counted.map((c, i) => {
        const productId = targets[i] as string;
        const stock = stockOf.get(productId);
        if (stock === undefined) throw conflict(`${c.line.name} is no longer available at the receiving branch`);
        return { productId, stock, received: c.received, damaged: c.damaged };
      }),
    });
    let open = 0;
    const updated = new Map(counted.map((c, i) => [c.line.id, { c, productId: targets[i] as string }]));
    for (const line of lines) {
      const u = updated.get(line.id);
      const received = addQuantities(line.received, u?.c.received ?? 0);
      const damaged = addQuantities(line.damaged, u?.c.damaged ?? 0);
      open = addQuantities(open, transferLineOpen({ quantity: line.quantity, received, damaged }));
      if (u) {
        await repo.updateLine(
          tx,
          { companyId: place.companyId, id: line.id },
          { received, damaged, destinationProductId: u.productId },
        );
      }
    }
    if (open === 0) await repo.updateTransfer(tx, place, { status: 'received', receivedAt: new Date() });
    await writeAudit(tx, {
      companyId: place.companyId,
      branchId: place.toBranchId,
      userId: actor.userId,
      action: 'transfer.receive',
      entityType: 'transfer',
      entityId: id,
      before: { status: 'in_transit' },
      after: {
        status: open === 0 ? 'received' : 'in_transit',
        number: transfer.number,
        lines: counted.map((c, i) => ({
          lineId: c.line.id,
          productId: targets[i],
          received: c.received,
          damaged: c.damaged,
        })),
      },
    });
  });
  return detail(db, place);
}

/**
 * POST /transfers/{id}/close (adjust_stock): a transfer in transit is closed with what was not
 * received nor damaged written off as missing. Those units left the source with transfer_out and never
 * entered the destination, so no stock holds them and no movement is written: the line keeps them as
 * its discrepancy (missing = sent - received - damaged) and the audit row lists them.
 */
export async function closeTransfer(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof closeTransferSchema>,
): Promise<TransferDetail> {
  const place = await loadTransfer(db, actor, id, 'adjust_stock');
  await db.transaction(async (tx) => {
    const transfer = await lockInStatus(tx, place, 'in_transit');
    const lines = await repo.findLines(tx, { companyId: place.companyId, transferId: id });
    await repo.updateTransfer(tx, place, {
      status: 'closed',
      closedAt: new Date(),
      closedById: actor.userId,
      note: input.note ? [transfer.note, `Closed: ${input.note}`].filter(Boolean).join('\n') : transfer.note,
    });
    await writeAudit(tx, {
      companyId: place.companyId,
      branchId: place.toBranchId,
      userId: actor.userId,
      action: 'transfer.close',
      entityType: 'transfer',
      entityId: id,
      before: { status: 'in_transit' },
      after: {
        status: 'closed',
        number: transfer.number,
        note: input.note ?? null,
        missing: lines
          .filter((l) => transferLineOpen(l) > 0)
          .map((l) => ({ lineId: l.id, productId: l.productId, missing: transferLineOpen(l) })),
      },
    });
  });
  return detail(db, place);
}
