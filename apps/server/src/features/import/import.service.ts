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
  ITEM_MSG,
  ITEM_OPTION_TEXT_MAX,
  ITEM_VARIANTS_MAX,
  inferBarcodeKind,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_MSG,
  type ProductImportRow,
  parseNumberCell,
  productImportRowSchema,
  UNIT_LABELS,
  type Unit,
  variantName,
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
import type { LineOption, ProductLine } from './import.presets';
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
  /**
   * The end of a batch: its rows with errors join the rejects. Rows from `waiting` on are kept: lines that
   * wait for the next batch (the lines of a product that goes on there).
   */
  batchDone(waiting = Number.POSITIVE_INFINITY) {
    if (!this.rejects) return;
    const done = (row: number) => row < waiting;
    for (const [row, reasons] of [...this.reasons].filter(([r]) => done(r)).sort(([a], [b]) => a - b)) {
      this.rejects.push({ row, values: this.lines.get(row) ?? [], reason: reasons.join('; ') });
    }
    for (const row of [...this.lines.keys()]) if (done(row)) this.lines.delete(row);
    for (const row of [...this.reasons.keys()]) if (done(row)) this.reasons.delete(row);
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

/** A line read as our cells; in an export that writes a product's variants as lines, its place in its product. */
type Line = { row: number; cells: Record<string, string>; product?: ProductLine };

/**
 * Where the lines of the last product of `lines` begin: they wait for the next batch, so that a product's
 * lines are read together (unless they are all there is: a product longer than a batch goes on in the next).
 */
function lastProductStart(lines: readonly Line[]): number {
  const key = lines.at(-1)?.product?.key;
  if (key === undefined) return lines.length;
  let start = lines.length;
  while (start > 0 && lines[start - 1]?.product?.key === key) start--;
  return start === 0 ? lines.length : start;
}

/**
 * The upload's lines, batch by batch, as our cells: each line prepared (a preset's copy-down), read
 * through the mapping, and a cell that did not decode made an error of its row (then not validated). In
 * an export that writes variants as lines, a product's lines are in one batch.
 */
async function* linesOf({ csv, plan }: Upload, tally: Tally) {
  let waiting: Line[] = [];
  for await (const batch of csv.batches) {
    const lines = waiting;
    for (const record of batch) {
      const values = plan.prepare ? plan.prepare([...record.values]) : record.values;
      if (!values) {
        tally.result.skipped++;
        continue;
      }
      tally.line(record.row, values);
      const { cells, undecodable } = readLine(plan, values);
      for (const column of undecodable) tally.error(record.row, column.header, IMPORT_MSG.undecodable(csv.encoding));
      if (undecodable.length === 0) lines.push({ row: record.row, cells, product: plan.variants?.read(values) });
    }
    const cut = plan.variants ? lastProductStart(lines) : lines.length;
    waiting = lines.slice(cut);
    yield lines.slice(0, cut);
    tally.batchDone(waiting[0]?.row);
  }
  if (waiting.length > 0) {
    yield waiting;
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

/**
 * The lines of one product in an export that writes a line per variant (Shopify, Square, Loyverse):
 * consecutive lines of one key. Several lines, or a line with options, are the variants of one item.
 */
type Run = {
  key: string;
  /** Its lines read so far. */
  size: number;
  /** Its lines are variants of one item with options (else its only line is a product as any other). */
  grouped: boolean;
  /** The item's option names, as the first of its lines with options names them. */
  optionNames: string[];
  /** Its variants' option values (lower-cased, one per line) and the row of each. */
  seen: Map<string, number>;
  /**
   * The item its new variants join: its other lines' item when that item has these options, else the
   * company's one item of its name and options when none of its lines is a variant yet, else a new one.
   */
  item?: { id: string; unit: Unit };
  /** A new item's unit: its first new line's. */
  newUnit?: Unit;
};
/**
 * A line's product, its options (none for a product's only line of a 'Regular' variation) and the file's
 * column they are reported on.
 */
type RunLine = { run: Run; options: LineOption[]; column: string };
/** Option values as variants are told apart by them (case ignored). */
const optionsKey = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join('\n');

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name.toLowerCase() === b[i]?.toLowerCase());

function productsPass(
  actor: Actor,
  scope: Scope,
  tally: Tally,
  upload: Upload,
  req: ImportRequest,
  importId: string,
): Pass {
  const columns = PRODUCT_IMPORT_COLUMNS;
  const plain = upload.plan.variants?.plain ?? [];
  return async (q, write) => {
    const cats = await repo.categoriesByName(q, scope);
    const brandIds = await repo.brandsByName(q, scope);
    const taxClassIds = await repo.taxClassesByName(q, scope);
    const newCategories = new Map<string, string>();
    const newBrands = new Map<string, string>();
    const skuRows = new Map<string, number>();
    const barcodeRows = new Map<string, number>();
    const header = (key: string) => columns.find((c) => c.key === key)?.header ?? key;
    // The product the last line read belongs to (a product longer than a batch goes on in the next).
    let current: Run | undefined;
    // The items this import made: another product of the same name is another item.
    const madeHere = new Set<string>();

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

    /** The batch's lines by product: consecutive lines of one key (the first continuing the last batch's). */
    const runsOf = (batch: Line[]) => {
      const runs = new Map<number, RunLine>();
      for (const line of batch) {
        const product = line.product;
        if (!product) {
          current = undefined;
          continue;
        }
        if (current?.key !== product.key)
          current = { key: product.key, size: 0, grouped: false, optionNames: [], seen: new Map() };
        current.size++;
        runs.set(line.row, { run: current, options: product.options, column: product.column });
      }
      for (const place of runs.values()) {
        const { run } = place;
        // Square names a product's only variation 'Regular': no option of an item.
        if (run.size === 1 && place.options.every((o) => plain.includes(o.value.toLowerCase()))) place.options = [];
        if (run.optionNames.length === 0 && place.options.length > 0)
          run.optionNames = place.options.map((o) => o.name);
        run.grouped ||= run.size > 1 || place.options.length > 0;
      }
      return runs;
    };

    /** A variant line's options against its product's: the same names, values of no other line, within the limits. */
    const variantProblem = (row: number, { run, options }: RunLine): string | undefined => {
      const names = options.map((o) => o.name);
      if (!sameNames(names, run.optionNames)) return IMPORT_MSG.variantOptions(run.optionNames.join(' / '));
      if (options.some((o) => o.name.length > ITEM_OPTION_TEXT_MAX || o.value.length > ITEM_OPTION_TEXT_MAX))
        return IMPORT_MSG.optionTooLong;
      const key = optionsKey(options.map((o) => o.value));
      const first = run.seen.get(key);
      if (first !== undefined) return IMPORT_MSG.sameVariant(first);
      if (run.seen.size >= ITEM_VARIANTS_MAX) return ITEM_MSG.variantsMax;
      run.seen.set(key, row);
      return undefined;
    };

    for await (const batch of linesOf(upload, tally)) {
      const runs = runsOf(batch);
      const valid: { row: number; data: ProductImportRow; place?: RunLine }[] = [];
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
        const place = runs.get(line.row);
        if (ok && place?.run.grouped) {
          const problem = variantProblem(line.row, place);
          if (problem) {
            tally.error(line.row, place.column, problem);
            ok = false;
          }
        }
        if (ok) valid.push({ row: line.row, data, place: place?.run.grouped ? place : undefined });
      }

      const skus = valid.flatMap((v) => (v.data.sku ? [v.data.sku.toLowerCase()] : []));
      const existing = await repo.productsBySku(q, scope, skus);
      const catalogue = await repo.variantsBySku(q, scope, skus);
      const owners = await repo.barcodeOwners(
        q,
        scope,
        valid.flatMap((v) => v.data.barcodes ?? []),
      );
      const known = (v: { data: ProductImportRow }) =>
        v.data.sku ? catalogue.get(v.data.sku.toLowerCase()) : undefined;
      // A product's new variants join the item its other lines' variants are in, when that item has its
      // options; else, when none of its lines is a variant yet, the company's one item of its name and options.
      for (const v of valid) {
        const run = v.place?.run;
        const variant = known(v);
        if (run && !run.item && variant && sameNames(variant.optionNames, run.optionNames))
          run.item = { id: variant.itemId, unit: variant.unit };
      }
      const newLines = valid.filter((v) => v.place && !known(v));
      const unplaced = new Map(
        newLines.flatMap((v) => (v.place && !v.place.run.item ? [[v.place.run, v.data.name]] : [])),
      );
      if (unplaced.size > 0) {
        const named = await repo.itemsNamed(
          q,
          scope,
          [...unplaced.values()].map((n) => n.toLowerCase()),
        );
        for (const [run, name] of unplaced) {
          const fits = (named.get(name.toLowerCase()) ?? []).filter(
            (i) => !madeHere.has(i.id) && sameNames(i.optionNames, run.optionNames),
          );
          const [only] = fits;
          if (only && fits.length === 1 && !valid.some((v) => v.place?.run === run && known(v)))
            run.item = { id: only.id, unit: only.unit };
        }
      }
      // The variants of the items new lines join, by their option values: a line may not add one twice.
      const joined = [...new Set(newLines.flatMap((v) => (v.place?.run.item ? [v.place.run.item.id] : [])))];
      const taken = new Map<string, Map<string, string | null>>();
      for (const [itemId, list] of await repo.variantOptionsOf(q, scope, joined)) {
        taken.set(itemId, new Map(list.map((x) => [optionsKey(x.optionValues), x.sku])));
      }
      type Valid = (typeof valid)[number];
      const creates: (Valid & { name: string; run?: Run })[] = [];
      const updates: (Valid & { name: string; id: string; variantId: string })[] = [];
      for (const v of valid) {
        const match = v.data.sku ? existing.get(v.data.sku.toLowerCase()) : undefined;
        const variant = known(v);
        // A line of a product with variants that is no variant of the company yet: a new variant of its item.
        const joins = v.place && !variant ? v.place.run : undefined;
        // The unit a row's quantities count: its variant's item's or the item it joins (a row may not change
        // it), else the row's own.
        const fixed = match?.unit ?? variant?.unit ?? joins?.item?.unit ?? joins?.newUnit;
        const unit = fixed ?? v.data.unit;
        const own = match?.variantId ?? variant?.variantId;
        const values = v.place?.options.map((o) => o.value) ?? [];
        const twin = joins?.item ? taken.get(joins.item.id)?.get(optionsKey(values)) : undefined;
        const problems: [string, string][] = [
          ...(twin !== undefined && v.place
            ? [[v.place.column, IMPORT_MSG.variantExists(values.join(' / '), twin)] as [string, string]]
            : []),
          ...(fixed && v.data.unit && v.data.unit !== fixed
            ? [[header('unit'), IMPORT_MSG.unitChanged(UNIT_LABELS[fixed])] as [string, string]]
            : []),
          ...fractionalQuantityKeys(v.data, unit).map(
            (key) => [header(key), PRODUCT_MSG.wholeNumber] as [string, string],
          ),
          ...(v.data.barcodes ?? []).flatMap((code) =>
            (owners.get(code) ?? []).some((owner) => owner !== own)
              ? [[header('barcodes'), IMPORT_MSG.barcodeTaken(code)] as [string, string]]
              : [],
          ),
        ];
        for (const [column, message] of problems) tally.error(v.row, column, message);
        if (problems.length > 0) continue;
        // A variant is named after its item and its option values ('Lawn Kurta / S / Blue').
        const name = v.place ? variantName(v.data.name, values) : v.data.name;
        if (match) {
          updates.push({ ...v, name, id: match.id, variantId: match.variantId });
          tally.updated(v.row, v.data.sku ?? '', name);
        } else if (v.data.cost === undefined) {
          // Managers and Super Admins give a cost above 0 for every new product (the catalogue rule).
          tally.error(v.row, 'Cost', IMPORT_MSG.costRequired);
        } else {
          if (joins && !joins.item) joins.newUnit ??= v.data.unit ?? 'piece';
          creates.push({ ...v, name, run: joins });
          tally.created(v.row, v.data.sku ?? '', name);
        }
      }
      // All or nothing: once a row has an error nothing more is written (the apply throws at the end),
      // unless the rows with errors are left out: creates and updates hold the good rows only.
      if (!write || (tally.result.errorCount > 0 && !req.skipInvalid)) continue;
      // The products' items and variants: a new item for a product whose lines join none, then each new line's variant.
      const newItems: repo.ItemWrite[] = [];
      const newVariants: repo.VariantWrite[] = [];
      const variantIds = new Map<number, string>();
      for (const c of creates) {
        const run = c.run;
        if (!run) continue;
        if (!run.item) {
          run.item = { id: randomUUID(), unit: run.newUnit ?? 'piece' };
          madeHere.add(run.item.id);
          newItems.push({
            id: run.item.id,
            name: c.data.name,
            description: c.data.description ?? null,
            category_id: c.data.category ? ((await categoryId(c.data.category)) ?? null) : null,
            unit: run.item.unit,
            option_names: run.optionNames,
          });
        }
        const id = randomUUID();
        variantIds.set(c.row, id);
        newVariants.push({
          id,
          item_id: run.item.id,
          name: c.name,
          sku: c.data.sku ?? null,
          option_values: c.place?.options.map((o) => o.value) ?? [],
          price: c.data.price.toFixed(2),
          cost: (c.data.cost ?? 0).toFixed(2),
          ord: newVariants.length,
        });
      }
      await repo.insertItems(q, scope, newItems);
      await repo.insertVariants(q, scope, newVariants);
      const toWrite = async (v: {
        id?: string;
        row: number;
        name: string;
        data: ProductImportRow;
      }): Promise<repo.ProductWrite> => ({
        id: v.id,
        name: v.name,
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
        variant_id: v.id ? undefined : (variantIds.get(v.row) ?? null),
      });
      const inserted = await repo.insertProducts(q, scope, await inOrder(creates, toWrite));
      // The rows' tax classes and barcodes onto their items and variants (a new product's made by its insert),
      // then every listing of those items and of the new variants' items shows them.
      const refresh = new Set(newVariants.map((v) => v.item_id));
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
        for (const row of rows) refresh.add(row.itemId);
      }
      await refreshListings(q, scope.companyId, [...refresh]);
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
