import { randomUUID } from 'node:crypto';
import {
  type CopyProductsInput,
  type CopyResult,
  CUSTOMER_IMPORT_COLUMNS,
  customerImportRowSchema,
  IMPORT_LIST_MAX,
  IMPORT_MSG,
  type ImportColumn,
  type ImportKind,
  type ImportResult,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_MSG,
  parseNumberCell,
  productImportRowSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { type Actor, type BranchScope, resolveBranch } from '../../lib/access';
import { writeAudit } from '../../lib/audit.repo';
import { type CsvRow, readCsv } from '../../lib/csv-import';
import { badRequest } from '../../lib/errors';
import { recordInitialStocks, recordStockDeltas } from '../../lib/stock-ledger.repo';
import * as repo from './import.repo';

/**
 * CSV import (docs/ARCHITECTURE.md, 'CSV in and out'). One pass over the uploaded file, batch by
 * batch (lib/csv-import.ts): each batch is validated with the shared row schemas (the spec's
 * messages), matched against the branch (products by SKU, customers by phone; one query per batch)
 * and counted. A preview stops there. An apply runs the same pass inside one transaction and writes
 * each batch set-based (inserts and updates of a batch in one statement each; new stock as
 * `initial_stock`, changed stock as `adjustment` movements through the stock ledger); any row error
 * rolls everything back, so a file is imported whole or not at all.
 */

type Scope = Pick<BranchScope, 'companyId' | 'branchId'>;
export type ImportRequest = {
  kind: ImportKind;
  branchId: string;
  createMissing: boolean;
  apply: boolean;
  /** The request body: the file's stream (read only once access is settled). */
  body: unknown;
};

class Tally {
  readonly result: ImportResult;
  constructor(kind: ImportKind) {
    this.result = {
      kind,
      applied: false,
      rows: 0,
      toCreate: 0,
      toUpdate: 0,
      errorCount: 0,
      errors: [],
      created: [],
      updated: [],
      newCategories: [],
      newBrands: [],
    };
  }
  /** Rows with at least one error (a row with two bad cells counts once; each cell is listed). */
  private badRows = new Set<number>();
  error(row: number, column: string, message: string) {
    if (!this.badRows.has(row)) {
      this.badRows.add(row);
      this.result.errorCount++;
    }
    if (this.result.errors.length < IMPORT_LIST_MAX) this.result.errors.push({ row, column, message });
  }
  created(row: number, key: string, name: string) {
    this.result.toCreate++;
    if (this.result.created.length < IMPORT_LIST_MAX) this.result.created.push({ row, key, name });
  }
  updated(row: number, key: string, name: string) {
    this.result.toUpdate++;
    if (this.result.updated.length < IMPORT_LIST_MAX) this.result.updated.push({ row, key, name });
  }
}

const headerOf = (columns: readonly ImportColumn[], key: unknown) =>
  columns.find((c) => c.key === key)?.header ?? String(key ?? '');

/** Validates a row's cells with `schema`; each issue is an error on its column. */
function validate<S extends z.ZodType>(
  schema: S,
  columns: readonly ImportColumn[],
  { row }: CsvRow,
  input: Record<string, unknown>,
  tally: Tally,
): z.output<S> | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const column = headerOf(columns, issue.path[0]);
    if (seen.has(column)) continue;
    seen.add(column);
    tally.error(row, column, issue.message);
  }
  return undefined;
}

/** Maps one after the other: a new category or brand is created by the first row naming it, then reused. */
async function inOrder<T, R>(items: T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await map(item));
  return out;
}

const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

/** The cells of a product row as the row schema reads them (numbers parsed, empty cells absent). */
function productInput(cells: Record<string, string>, decimalComma: boolean): Record<string, unknown> {
  const num = (v: string | undefined) => (v === undefined ? undefined : parseNumberCell(v, { decimalComma }));
  return {
    name: text(cells.name),
    sku: text(cells.sku),
    category: text(cells.category),
    brand: text(cells.brand),
    price: num(cells.price),
    cost: num(cells.cost),
    stock: num(cells.stock),
    lowStockThreshold: num(cells.lowStockThreshold),
    maxStock: num(cells.maxStock),
    description: text(cells.description),
  };
}

/** Writes an apply's audit row (counts, not rows: a 50,000-row file is one action). */
async function auditImport(tx: DbOrTx, actor: Actor, scope: Scope, id: string, result: ImportResult) {
  await writeAudit(tx, {
    companyId: scope.companyId,
    branchId: scope.branchId,
    userId: actor.userId,
    action: 'import.apply',
    entityType: result.kind,
    entityId: id,
    after: {
      rows: result.rows,
      created: result.toCreate,
      updated: result.toUpdate,
      newCategories: result.newCategories,
      newBrands: result.newBrands,
    },
  });
}

function refuseWithErrors(result: ImportResult): never {
  const errors = Object.fromEntries(
    result.errors.slice(0, 20).map((e) => [`Row ${e.row}, ${e.column}`, e.message] as const),
  );
  throw badRequest(IMPORT_MSG.hasErrors(result.errorCount), errors);
}

// ---- products -------------------------------------------------------------------------------------

async function importProducts(db: Db, actor: Actor, scope: Scope, req: ImportRequest): Promise<ImportResult> {
  const columns = PRODUCT_IMPORT_COLUMNS;
  const csv = await readCsv(req.body, columns);
  const tally = new Tally('products');
  const importId = randomUUID();

  const pass = async (q: DbOrTx, write: boolean) => {
    const cats = await repo.categoriesByName(q, scope);
    const brandIds = await repo.brandsByName(q, scope);
    const newCategories = new Map<string, string>();
    const newBrands = new Map<string, string>();
    const skuRows = new Map<string, number>();

    // The id of a category/brand by name (created on first use when writing), undefined when unknown.
    const categoryId = async (name: string) => {
      const key = name.toLowerCase();
      const known = cats.get(key);
      if (known && !known.attached && write) {
        await repo.attachCategory(q, { ...scope, categoryId: known.id });
        known.attached = true;
      }
      if (known || !write) return known?.id;
      const id = await repo.insertCategory(q, { ...scope, name });
      cats.set(key, { id, attached: true });
      return id;
    };
    const brandId = async (name: string) => {
      const key = name.toLowerCase();
      const known = brandIds.get(key);
      if (known || !write) return known;
      const id = await repo.insertBrand(q, { ...scope, name });
      brandIds.set(key, id);
      return id;
    };

    for await (const batch of csv.batches) {
      const valid: { row: number; data: z.output<typeof productImportRowSchema> }[] = [];
      for (const line of batch) {
        tally.result.rows++;
        const data = validate(productImportRowSchema, columns, line, productInput(line.cells, csv.decimalComma), tally);
        if (!data) continue;
        let ok = true;
        if (data.sku) {
          const key = data.sku.toLowerCase();
          const first = skuRows.get(key);
          if (first !== undefined) {
            tally.error(line.row, 'SKU', IMPORT_MSG.duplicateInFile(data.sku, first));
            ok = false;
          } else skuRows.set(key, line.row);
        }
        if (data.category && !cats.has(data.category.toLowerCase())) {
          if (req.createMissing) newCategories.set(data.category.toLowerCase(), data.category);
          else {
            tally.error(line.row, 'Category', IMPORT_MSG.newCategory(data.category));
            ok = false;
          }
        }
        if (data.brand && !brandIds.has(data.brand.toLowerCase())) {
          if (req.createMissing) newBrands.set(data.brand.toLowerCase(), data.brand);
          else {
            tally.error(line.row, 'Brand', IMPORT_MSG.newBrand(data.brand));
            ok = false;
          }
        }
        if (ok) valid.push({ row: line.row, data });
      }

      const existing = await repo.productsBySku(
        q,
        scope,
        valid.flatMap((v) => (v.data.sku ? [v.data.sku.toLowerCase()] : [])),
      );
      const creates: { row: number; data: (typeof valid)[number]['data'] }[] = [];
      const updates: { row: number; id: string; data: (typeof valid)[number]['data'] }[] = [];
      for (const v of valid) {
        const match = v.data.sku ? existing.get(v.data.sku.toLowerCase()) : undefined;
        if (match) {
          updates.push({ row: v.row, id: match.id, data: v.data });
          tally.updated(v.row, v.data.sku ?? '', v.data.name);
        } else if (v.data.cost === undefined) {
          // Managers and Super Admins give a cost above 0 for every new product (the catalogue rule).
          tally.error(v.row, 'Cost', PRODUCT_MSG.costGtZero);
        } else {
          creates.push(v);
          tally.created(v.row, v.data.sku ?? '', v.data.name);
        }
      }
      if (!write || tally.result.errorCount > 0) continue;

      const toWrite = async (v: { id?: string; data: (typeof valid)[number]['data'] }): Promise<repo.ProductWrite> => ({
        id: v.id,
        name: v.data.name,
        sku: v.data.sku ?? null,
        category_id: v.data.category ? ((await categoryId(v.data.category)) ?? null) : null,
        brand_id: v.data.brand ? ((await brandId(v.data.brand)) ?? null) : null,
        price: v.data.price.toFixed(2),
        cost: v.data.cost === undefined ? null : v.data.cost.toFixed(2),
        stock: v.data.stock ?? null,
        low_stock_threshold: v.data.lowStockThreshold ?? null,
        max_stock: v.data.maxStock ?? null,
        description: v.data.description ?? null,
      });
      const inserted = await repo.insertProducts(q, scope, await inOrder(creates, toWrite));
      await recordInitialStocks(
        q,
        { ...scope, userId: actor.userId },
        inserted.map((p) => ({ productId: p.id, quantity: Number(p.stock) })),
      );
      if (updates.length > 0) {
        await repo.lockProducts(
          q,
          scope,
          updates.map((u) => u.id),
        );
        await repo.updateProducts(q, scope, await inOrder(updates, toWrite));
        const targets = updates.flatMap((u) => (u.data.stock === undefined ? [] : [{ id: u.id, stock: u.data.stock }]));
        if (targets.length > 0) {
          await recordStockDeltas(
            q,
            {
              ...scope,
              userId: actor.userId,
              movementType: 'adjustment',
              referenceType: 'import',
              referenceId: importId,
              reason: 'CSV import',
            },
            repo.deltasToTargets(scope, targets),
          );
        }
      }
    }
    tally.result.errors.sort((a, b) => a.row - b.row);
    tally.result.newCategories = [...newCategories.values()];
    tally.result.newBrands = [...newBrands.values()];
  };

  if (!req.apply) {
    await pass(db, false);
    return tally.result;
  }
  await db.transaction(async (tx) => {
    await repo.planForBatches(tx);
    await pass(tx, true);
    if (tally.result.errorCount > 0) refuseWithErrors(tally.result);
    await auditImport(tx, actor, scope, importId, tally.result);
  });
  return { ...tally.result, applied: true };
}

// ---- customers ------------------------------------------------------------------------------------

async function importCustomers(db: Db, actor: Actor, scope: Scope, req: ImportRequest): Promise<ImportResult> {
  const columns = CUSTOMER_IMPORT_COLUMNS;
  const csv = await readCsv(req.body, columns);
  const tally = new Tally('customers');
  const importId = randomUUID();

  const pass = async (q: DbOrTx, write: boolean) => {
    const phoneRows = new Map<string, number>();
    for await (const batch of csv.batches) {
      const valid: { row: number; data: z.output<typeof customerImportRowSchema> }[] = [];
      for (const line of batch) {
        tally.result.rows++;
        const c = line.cells;
        const input = {
          name: text(c.name),
          phone: text(c.phone),
          email: text(c.email),
          address: text(c.address),
          notes: text(c.notes),
        };
        const data = validate(customerImportRowSchema, columns, line, input, tally);
        if (!data) continue;
        const first = phoneRows.get(data.phone);
        if (first !== undefined) {
          tally.error(line.row, 'Phone', IMPORT_MSG.duplicateInFile(data.phone, first));
          continue;
        }
        phoneRows.set(data.phone, line.row);
        valid.push({ row: line.row, data });
      }
      const existing = await repo.customersByPhone(
        q,
        scope,
        valid.map((v) => v.data.phone),
      );
      const creates: repo.CustomerWrite[] = [];
      const updates: repo.CustomerWrite[] = [];
      for (const { row, data } of valid) {
        const match = existing.get(data.phone);
        const w = {
          id: match?.id,
          name: data.name,
          phone: data.phone,
          email: data.email ?? null,
          address: data.address ?? null,
          notes: data.notes ?? null,
        };
        if (match) {
          updates.push(w);
          tally.updated(row, data.phone, data.name);
        } else {
          creates.push(w);
          tally.created(row, data.phone, data.name);
        }
      }
      if (!write || tally.result.errorCount > 0) continue;
      await repo.insertCustomers(q, scope, creates);
      await repo.updateCustomers(q, scope, updates);
    }
  };

  if (!req.apply) {
    await pass(db, false);
    return tally.result;
  }
  await db.transaction(async (tx) => {
    await repo.planForBatches(tx);
    await pass(tx, true);
    if (tally.result.errorCount > 0) refuseWithErrors(tally.result);
    await auditImport(tx, actor, scope, importId, tally.result);
  });
  return { ...tally.result, applied: true };
}

/**
 * POST /import/{kind}/preview and /apply: Manager and Super Admin (adjust_stock: an import sets stock
 * levels), a branch within reach (404 otherwise).
 */
export async function runImport(db: Db, actor: Actor, req: ImportRequest): Promise<ImportResult> {
  const scope = await resolveBranch(db, { actor, branchId: req.branchId, permission: 'adjust_stock' });
  return req.kind === 'products' ? importProducts(db, actor, scope, req) : importCustomers(db, actor, scope, req);
}

/** POST /import/products/copy: both branches within reach and of one company; one transaction. */
export async function copyProducts(db: Db, actor: Actor, input: CopyProductsInput): Promise<CopyResult> {
  const from = await resolveBranch(db, { actor, branchId: input.fromBranchId, permission: 'adjust_stock' });
  const to = await resolveBranch(db, { actor, branchId: input.toBranchId, permission: 'adjust_stock' });
  if (from.branchId === to.branchId || from.companyId !== to.companyId) throw badRequest(IMPORT_MSG.sameBranch);
  return db.transaction(async (tx) => {
    const copied = await repo.copyProducts(tx, {
      companyId: to.companyId,
      fromBranchId: from.branchId,
      toBranchId: to.branchId,
      createBrands: input.createMissing ?? true,
    });
    const result = { created: copied.created, updated: copied.updated, newCategories: [], newBrands: copied.newBrands };
    await writeAudit(tx, {
      companyId: to.companyId,
      branchId: to.branchId,
      userId: actor.userId,
      action: 'import.copy',
      entityType: 'products',
      entityId: null,
      after: { fromBranchId: from.branchId, ...result },
    });
    return result;
  });
}
