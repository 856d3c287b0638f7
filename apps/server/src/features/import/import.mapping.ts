import { createHash } from 'node:crypto';
import {
  combineCells,
  IMPORT_COLUMNS,
  type IMPORT_MAPPING_SOURCES,
  IMPORT_MSG,
  type ImportColumn,
  type ImportKind,
  type ImportMapping,
  type ImportPreset,
  normalizeHeader,
} from '@pos/shared';
import { UNDECODABLE } from '../../lib/csv-import';
import { badRequest } from '../../lib/errors';
import {
  detectPreset,
  Header,
  type LinePrep,
  type ProductLineReader,
  presetMapping,
  productLines,
} from './import.presets';

/**
 * Which of a file's columns feed ours (docs/architecture/imports-exports.md): the mapping
 * sent with the request, else the one the company used last for a file with the same columns, else a
 * recognised export's preset (import.presets.ts), else our columns found by their names and aliases.
 */

/** The columns the bad rows' file adds to the file's own (they do not count as the file's columns). */
export const REJECT_COLUMNS = ['Row', 'Reason'] as const;

/**
 * The key the company's remembered mapping is kept under: the kind and the set of the file's column
 * names (normalized, sorted; the bad rows' added columns left out), hashed.
 */
export function headersKey(kind: ImportKind, header: readonly string[]): string {
  const added = new Set<string>(REJECT_COLUMNS.map(normalizeHeader));
  const names = [...new Set(header.map(normalizeHeader))].filter((n) => n !== '' && !added.has(n)).sort();
  return createHash('sha256')
    .update(`${kind}\n${names.join('\n')}`)
    .digest('hex');
}

/**
 * Our columns found by name: each column's header, key and aliases (case, spaces, `_` and `-` ignored),
 * in that order. Two file columns of the same name for one of ours are refused (which would be meant?).
 */
export function headerMapping(columns: readonly ImportColumn[], header: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const c of columns) {
    const names = [c.header, c.key, ...(c.aliases ?? [])].map(normalizeHeader);
    const found: string[] = [];
    for (const name of names) {
      const matches = header.filter((h) => normalizeHeader(h) === name);
      if (matches.length > 1) throw badRequest(IMPORT_MSG.duplicateColumn(c.header));
      if (matches[0] !== undefined && !found.includes(matches[0])) found.push(matches[0]);
    }
    if (found.length > 0) mapping[c.key] = found;
  }
  return mapping;
}

const sameMapping = (a: ImportMapping, b: ImportMapping) => {
  const keys = (m: ImportMapping) => Object.keys(m).filter((k) => (m[k] ?? []).length > 0);
  const ka = keys(a);
  return ka.length === keys(b).length && ka.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k] ?? []));
};

export type MappingPlan = {
  kind: ImportKind;
  header: Header;
  preset: ImportPreset | null;
  mapping: ImportMapping;
  detectedMapping: ImportMapping;
  mappingSource: (typeof IMPORT_MAPPING_SOURCES)[number];
  /** Our required columns' headers with nothing mapped. */
  unmapped: string[];
  /** The mapping in use differs from the detected one (worth remembering). */
  custom: boolean;
  /** Per file: the preset's line preparation (stateful: copies cells down from a product's first line). */
  prepare: LinePrep | undefined;
  /**
   * The preset's variant lines (Shopify, Square, Loyverse): each prepared line's product key and options,
   * and the option values that make a product's only line no variant ('Regular').
   */
  variants: { read: ProductLineReader; plain: readonly string[] } | undefined;
  /** Our columns with the indexes of the file columns that feed them. */
  sources: { column: ImportColumn; indexes: number[] }[];
};

/** The mapping of this file: `requested` (validated against the file), else `saved`, else the detected one. */
export function planMapping(
  kind: ImportKind,
  names: readonly string[],
  { requested, saved }: { requested?: ImportMapping; saved?: ImportMapping },
): MappingPlan {
  const columns = IMPORT_COLUMNS[kind];
  const header = new Header(names);
  const preset = detectPreset(kind, header);
  const detectedMapping = preset ? presetMapping(preset, header) : headerMapping(columns, names);
  const source = requested ? 'request' : saved ? 'saved' : preset ? 'preset' : 'headers';
  const mapping = requested ?? saved ?? detectedMapping;
  const sources: MappingPlan['sources'] = [];
  for (const [key, headers] of Object.entries(mapping)) {
    const column = columns.find((c) => c.key === key);
    if (!column) throw badRequest(IMPORT_MSG.unknownMappingColumn(key));
    const indexes = headers.map((h) => {
      const exact = names.indexOf(h);
      const i = exact >= 0 ? exact : header.index(h);
      if (i < 0) throw badRequest(IMPORT_MSG.missingColumn(h));
      return i;
    });
    if (indexes.length > 0) sources.push({ column, indexes });
  }
  const mapped = new Set(sources.map((s) => s.column.key));
  return {
    kind,
    header,
    preset: preset ? { id: preset.id, label: preset.label, note: preset.note } : null,
    mapping,
    detectedMapping,
    mappingSource: source,
    unmapped: columns.filter((c) => c.required && !mapped.has(c.key)).map((c) => c.header),
    custom: !sameMapping(mapping, detectedMapping),
    prepare: preset?.prepare?.(header),
    variants: preset?.variants && {
      read: productLines(preset.variants, header),
      plain: preset.variants.plain ?? [],
    },
    sources,
  };
}

/**
 * One line read through the plan: our cells (combined from their file columns) and our columns whose
 * cells hold text that did not decode (each a row error, never a stored U+FFFD).
 */
export function readLine(plan: MappingPlan, values: readonly string[]) {
  const cells: Record<string, string> = {};
  const undecodable: ImportColumn[] = [];
  for (const { column, indexes } of plan.sources) {
    const parts = indexes.map((i) => values[i] ?? '');
    if (parts.some((p) => p.includes(UNDECODABLE))) undecodable.push(column);
    cells[column.key] = combineCells(column, parts);
  }
  return { cells, undecodable };
}
