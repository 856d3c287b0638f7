import { randomUUID } from 'node:crypto';
import {
  type CopyProductsInput,
  type CopyResult,
  CUSTOMER_IMPORT_COLUMNS,
  customerImportRowSchema,
  fractionalQuantityKeys,
  IMPORT_LIST_MAX,
  IMPORT_MSG,
  type ImportColumn,
  type ImportKind,
  type ImportMapping,
  type ImportResult,
  inferBarcodeKind,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_MSG,
  parseNumberCell,
  productImportRowSchema,
  UNIT_LABELS,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { refreshListings } from '../../domain/catalog.repo';
import { recordInitialStocks, recordStockDeltas } from '../../domain/stock-ledger.repo';
import { type Actor, type BranchScope, resolveBranch } from '../../lib/access';
import { type CsvFile, readCsv } from '../../lib/csv-import';
import { badRequest } from '../../lib/errors';
import { headersKey, type MappingPlan, planMapping, readLine } from './import.mapping';
import * as repo from './import.repo';

/**
 * CSV import (docs/architecture/imports-exports.md). One pass over the uploaded file, batch by
 * batch (lib/csv-import.ts decodes and parses it): each line is prepared as its export's preset says
 * (import.presets.ts), read through the column mapping (import.mapping.ts), validated with the shared
 * row schemas (the spec's messages), matched against the branch (products by SKU, customers by phone;
 * one query per batch) and counted. A preview stops there. An apply runs the same pass inside one
 * transaction and writes each batch set-based (inserts and updates of a batch in one statement each;
 * new stock as `initial_stock`, changed stock as `adjustment` movements through the stock ledger); a
 * row error rolls everything back, so a file is imported whole or not at all, unless the apply asks to
 * leave the rows with errors out (`skipInvalid`): then the good rows are written and the others listed.
 * The rejects step runs the preview's pass and keeps the rows with errors, for their CSV file.
 */

type Scope = Pick<BranchScope, 'companyId' | 'branchId'>;
export type ImportStep = 'preview' | 'apply' | 'rejects';
export type ImportRequest = {
  kind: ImportKind;
  branchId: string;
  createMissing: boolean;
  step: ImportStep;
  /** Apply: write the good rows, leave the rows with errors out. */
  skipInvalid: boolean;
  /** The mapping to use instead of the remembered or detected one. */
  mapping?: ImportMapping;
  /** The request body: the file's stream (read only once access is settled). */
  body: unknown;
};
/** A row with errors as the rejects file gives it: the file's cells, its row number and the reasons. */
export type RejectedRow = { row: number; values: string[]; reason: string };

class Tally {
  readonly result: ImportResult;
  /** The rejects step: the rows with errors, kept whole. */
  readonly rejects: RejectedRow[] | undefined;
  /** The current batch's lines and their errors (rejects step only). */
  private lines = new Map<number, string[]>();
  private reasons = new Map<number, string[]>();

  constructor(kind: ImportKind, csv: CsvFile, plan: MappingPlan, keepRejects: boolean) {
    this.rejects = keepRejects ? [] : undefined;
    this.result = {
      kind,
      applied: false,
      header: csv.header,
      encoding: csv.encoding,
      preset: plan.preset,
      mapping: plan.mapping,
      detectedMapping: plan.detectedMapping,
      mappingSource: plan.mappingSource,
      unmapped: plan.unmapped,
      skipped: 0,
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
    if (this.rejects) this.reasons.set(row, [...(this.reasons.get(row) ?? []), `${column}: ${message}`]);
  }
  hasError(row: number) {
    return this.badRows.has(row);
  }
  created(row: number, key: string, name: string) {
    this.result.toCreate++;
    if (this.result.created.length < IMPORT_LIST_MAX) this.result.created.push({ row, key, name });
  }
  updated(row: number, key: string, name: string) {
    this.result.toUpdate++;
    if (this.result.updated.length < IMPORT_LIST_MAX) this.result.updated.push({ row, key, name });
  }
  /** A line read (rejects step: kept until its batch is done). */
  line(row: number, values: string[]) {
    this.result.rows++;
    if (this.rejects) this.lines.set(row, values);
  }
  /** The end of a batch: its rows with errors join the rejects. */
  batchDone() {
    if (!this.rejects) return;
    for (const [row, reasons] of [...this.reasons].sort(([a], [b]) => a - b)) {
      this.rejects.push({ row, values: this.lines.get(row) ?? [], reason: reasons.join('; ') });
    }
    this.lines.clear();
    this.reasons.clear();
  }
}

const headerOf = (columns: readonly ImportColumn[], key: unknown) =>
  columns.find((c) => c.key === key)?.header ?? String(key ?? '');

/** Validates a row's cells with `schema`; each issue is an error on its column. */
function validate<S extends z.ZodType>(
  schema: S,
  columns: readonly ImportColumn[],
  row: number,
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
    unit: text(cells.unit),
    barcodes: text(cells.barcodes),
    taxClass: text(cells.taxClass),
  };
}

/** An opened upload: its file, the mapping it is read with, and the key its mapping is remembered under. */
type Upload = { csv: CsvFile; plan: MappingPlan; key: string };

async function openUpload(db: Db, scope: Scope, req: ImportRequest): Promise<Upload> {
  const csv = await readCsv(req.body);
  const key = headersKey(req.kind, csv.header);
  const saved = req.mapping
    ? undefined
    : await repo.savedMapping(db, { companyId: scope.companyId, kind: req.kind, headersKey: key });
  const plan = planMapping(req.kind, csv.header, { requested: req.mapping, saved });
  // A required column of ours without a file column: a preview answers the header and the mapping so
  // that the user can choose one; an apply (or the rejects file) is refused before any row.
  const [first] = plan.unmapped;
  if (first !== undefined && req.step !== 'preview') throw badRequest(IMPORT_MSG.missingColumn(first));
  return { csv, plan, key };
}

/**
 * The upload's lines, batch by batch, as our cells: each line prepared (a preset's copy-down), read
 * through the mapping, and a cell that did not decode made an error of its row (then not validated).
 */
async function* linesOf({ csv, plan }: Upload, tally: Tally) {
  for await (const batch of csv.batches) {
    const lines: { row: number; cells: Record<string, string> }[] = [];
    for (const record of batch) {
      const values = plan.prepare ? plan.prepare([...record.values]) : record.values;
      if (!values) {
        tally.result.skipped++;
        continue;
      }
      tally.line(record.row, values);
      const { cells, undecodable } = readLine(plan, values);
      for (const column of undecodable) tally.error(record.row, column.header, IMPORT_MSG.undecodable(csv.encoding));
      if (undecodable.length === 0) lines.push({ row: record.row, cells });
    }
    yield lines;
    tally.batchDone();
  }
}

/**
 * After an apply: a mapping sent with it is remembered for the company's next file of these columns
 * (or, when it is the detected one again, the remembered one is forgotten); a change is audited.
 */
async function rememberMapping(tx: DbOrTx, actor: Actor, scope: Scope, req: ImportRequest, upload: Upload) {
  if (upload.plan.mappingSource !== 'request') return;
  const key = { companyId: scope.companyId, kind: req.kind, headersKey: upload.key };
  const before = (await repo.savedMapping(tx, key)) ?? null;
  const after = upload.plan.custom ? upload.plan.mapping : null;
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (after) await repo.saveMapping(tx, { ...key, mapping: after, userId: actor.userId });
  else await repo.deleteMapping(tx, key);
  await writeAudit(tx, {
    companyId: scope.companyId,
    branchId: scope.branchId,
    userId: actor.userId,
    action: 'import.mapping',
    entityType: req.kind,
    entityId: upload.key,
    before: before && { mapping: before },
    after: { mapping: after, header: upload.csv.header, preset: upload.plan.preset?.id ?? null },
  });
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
      leftOut: result.errorCount,
      preset: result.preset?.id ?? null,
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

type Pass = (q: DbOrTx, write: boolean) => Promise<void>;

function productsPass(
  actor: Actor,
  scope: Scope,
  tally: Tally,
  upload: Upload,
  req: ImportRequest,
  importId: string,
): Pass {
  const columns = PRODUCT_IMPORT_COLUMNS;
  return async (q, write) => {
    const cats = await repo.categoriesByName(q, scope);
    const brandIds = await repo.brandsByName(q, scope);
    const taxClassIds = await repo.taxClassesByName(q, scope);
    const newCategories = new Map<string, string>();
    const newBrands = new Map<string, string>();
    const skuRows = new Map<string, number>();
    const barcodeRows = new Map<string, number>();
    const header = (key: string) => columns.find((c) => c.key === key)?.header ?? key;

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

    for await (const batch of linesOf(upload, tally)) {
      const valid: { row: number; data: z.output<typeof productImportRowSchema> }[] = [];
      for (const line of batch) {
        const data = validate(
          productImportRowSchema,
          columns,
          line.row,
          productInput(line.cells, upload.csv.decimalComma),
          tally,
        );
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
        if (data.taxClass && !taxClassIds.has(data.taxClass.toLowerCase())) {
          tally.error(line.row, header('taxClass'), IMPORT_MSG.unknownTaxClass(data.taxClass));
          ok = false;
        }
        for (const code of data.barcodes ?? []) {
          const first = barcodeRows.get(code);
          if (first !== undefined) {
            tally.error(line.row, header('barcodes'), IMPORT_MSG.duplicateInFile(code, first));
            ok = false;
          } else barcodeRows.set(code, line.row);
        }
        if (ok) valid.push({ row: line.row, data });
      }

      const existing = await repo.productsBySku(
        q,
        scope,
        valid.flatMap((v) => (v.data.sku ? [v.data.sku.toLowerCase()] : [])),
      );
      const owners = await repo.barcodeOwners(
        q,
        scope,
        valid.flatMap((v) => v.data.barcodes ?? []),
      );
      const creates: { row: number; data: (typeof valid)[number]['data'] }[] = [];
      const updates: { row: number; id: string; variantId: string; data: (typeof valid)[number]['data'] }[] = [];
      for (const v of valid) {
        const match = v.data.sku ? existing.get(v.data.sku.toLowerCase()) : undefined;
        // The unit a row's quantities count: an existing product's own (a row may not change it), else the row's.
        const unit = match?.unit ?? v.data.unit;
        const problems: [string, string][] = [
          ...(match && v.data.unit && v.data.unit !== match.unit
            ? [[header('unit'), IMPORT_MSG.unitChanged(UNIT_LABELS[match.unit])] as [string, string]]
            : []),
          ...fractionalQuantityKeys(v.data, unit).map(
            (key) => [header(key), PRODUCT_MSG.wholeNumber] as [string, string],
          ),
          ...(v.data.barcodes ?? []).flatMap((code) => {
            const owner = owners.get(code);
            return owner && owner !== match?.variantId
              ? [[header('barcodes'), IMPORT_MSG.barcodeTaken(code)] as [string, string]]
              : [];
          }),
        ];
        for (const [column, message] of problems) tally.error(v.row, column, message);
        if (problems.length > 0) continue;
        if (match) {
          updates.push({ row: v.row, id: match.id, variantId: match.variantId, data: v.data });
          tally.updated(v.row, v.data.sku ?? '', v.data.name);
        } else if (v.data.cost === undefined) {
          // Managers and Super Admins give a cost above 0 for every new product (the catalogue rule).
          tally.error(v.row, 'Cost', IMPORT_MSG.costRequired);
        } else {
          creates.push(v);
          tally.created(v.row, v.data.sku ?? '', v.data.name);
        }
      }
      // All or nothing: once a row has an error nothing more is written (the apply throws at the end),
      // unless the rows with errors are left out: creates and updates hold the good rows only.
      if (!write || (tally.result.errorCount > 0 && !req.skipInvalid)) continue;
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
        unit: v.data.unit ?? null,
      });
      const inserted = await repo.insertProducts(q, scope, await inOrder(creates, toWrite));
      // The rows' tax classes and barcodes onto their items and variants (a new product's made by its insert).
      const written = [
        ...creates.map((c, i) => ({ data: c.data, id: inserted[i]?.id ?? '' })),
        ...updates.map((u) => ({ data: u.data, id: u.id })),
      ].filter((r) => r.data.taxClass || (r.data.barcodes?.length ?? 0) > 0);
      if (written.length > 0) {
        const variantOf = await repo.variantsOfProducts(
          q,
          scope,
          written.map((r) => r.id),
        );
        const rows = written.flatMap(({ data, id }) => {
          const variant = variantOf.get(id);
          if (!variant) return [];
          return [
            {
              ...variant,
              taxClassId: data.taxClass ? taxClassIds.get(data.taxClass.toLowerCase()) : undefined,
              barcodes: (data.barcodes ?? []).map((code) => ({ code, kind: inferBarcodeKind(code) })),
            },
          ];
        });
        await repo.writeItemColumns(q, scope, rows);
        await refreshListings(q, scope.companyId, [...new Set(rows.map((r) => r.itemId))]);
      }
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
}

// ---- customers ------------------------------------------------------------------------------------

function customersPass(scope: Scope, tally: Tally, upload: Upload, req: ImportRequest): Pass {
  const columns = CUSTOMER_IMPORT_COLUMNS;
  return async (q, write) => {
    const phoneRows = new Map<string, number>();
    for await (const batch of linesOf(upload, tally)) {
      const valid: { row: number; data: z.output<typeof customerImportRowSchema> }[] = [];
      for (const line of batch) {
        const c = line.cells;
        const input = {
          name: text(c.name),
          phone: text(c.phone),
          email: text(c.email),
          address: text(c.address),
          notes: text(c.notes),
        };
        const data = validate(customerImportRowSchema, columns, line.row, input, tally);
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
      if (!write || (tally.result.errorCount > 0 && !req.skipInvalid)) continue;
      await repo.insertCustomers(q, scope, creates);
      await repo.updateCustomers(q, scope, updates);
    }
    tally.result.errors.sort((a, b) => a.row - b.row);
  };
}

/** Opens the upload and runs the pass of its kind (access settled first: the body is read only then). */
async function run(db: Db, actor: Actor, req: ImportRequest): Promise<Tally> {
  const scope = await resolveBranch(db, { actor, branchId: req.branchId, permission: 'adjust_stock' });
  const upload = await openUpload(db, scope, req);
  const tally = new Tally(req.kind, upload.csv, upload.plan, req.step === 'rejects');
  const importId = randomUUID();
  const pass =
    req.kind === 'products'
      ? productsPass(actor, scope, tally, upload, req, importId)
      : customersPass(scope, tally, upload, req);
  // A required column without a file column: the preview answers the header and the mapping only.
  if (upload.plan.unmapped.length > 0) return tally;
  if (req.step !== 'apply') {
    await pass(db, false);
    return tally;
  }
  await db.transaction(async (tx) => {
    await repo.planForBatches(tx);
    await pass(tx, true);
    if (tally.result.errorCount > 0 && !req.skipInvalid) refuseWithErrors(tally.result);
    await auditImport(tx, actor, scope, importId, tally.result);
    await rememberMapping(tx, actor, scope, req, upload);
  });
  tally.result.applied = true;
  return tally;
}

/**
 * POST /import/{kind}/preview and /apply: Manager and Super Admin (adjust_stock: an import sets stock
 * levels), a branch within reach (404 otherwise).
 */
export async function runImport(db: Db, actor: Actor, req: ImportRequest): Promise<ImportResult> {
  return (await run(db, actor, req)).result;
}

/**
 * POST /import/{kind}/rejects: the preview's pass, answering the rows with errors as a CSV file: the
 * file's columns (a preset's copied-down cells filled in, so each row stands alone), then the row's
 * number in the uploaded file and its reasons.
 */
export async function rejectedRows(db: Db, actor: Actor, req: Omit<ImportRequest, 'step'>) {
  const tally = await run(db, actor, { ...req, step: 'rejects' });
  return { header: tally.result.header, rows: tally.rejects ?? [] };
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
