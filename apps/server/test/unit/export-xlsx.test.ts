import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../src/lib/export-columns';
import { xlsxBody } from '../../src/lib/export-xlsx';

type Row = { name: string; phone: string; at: Date; total: number };
const columns: ExportColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'At', type: 'date', value: (r) => r.at },
  { header: 'Total', type: 'money', value: (r) => r.total },
];
const batchOf = (start: number, size: number): Row[] =>
  Array.from({ length: size }, (_, i) => ({
    name: `Row ${start + i}`,
    phone: `0315${String(start + i).padStart(7, '0')}`,
    at: new Date(Date.UTC(2026, 10, 26, 11, 54, (start + i) % 60)),
    total: 10.5 + i,
  }));

/** The XLSX writer (lib/export-xlsx.ts) alone: what it writes, and that a dropped download stops it. */
describe('XLSX export body', () => {
  it('writes every batch as typed cells; a text longer than a cell holds is cut to 32,767 characters', async () => {
    async function* rest() {
      yield batchOf(3, 2);
      yield [{ name: 'x'.repeat(40_000), phone: '=cmd', at: new Date(Date.UTC(2026, 0, 1)), total: -5 }];
    }
    const body = xlsxBody({
      sheetName: 'sales',
      columns,
      timeZone: 'Asia/Karachi',
      first: { rows: batchOf(1, 2) },
      rest: rest(),
      onError: (error) => {
        throw error;
      },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('sales');
    if (!sheet) throw new Error('the sheet is named after the export');
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Phone', 'At', 'Total']);
    expect(sheet.getRow(2).getCell(2).value).toBe('03150000001');
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 26, 16, 54, 1)));
    expect(sheet.getRow(2).getCell(4).value).toBe(10.5);
    const last = sheet.getRow(6);
    expect(String(last.getCell(1).value)).toHaveLength(32_767);
    expect(last.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(last.getCell(2).value).toBe('=cmd');
    expect(last.getCell(4).value).toBe(-5);
  });

  it('a dropped download stops the writer and closes the rows (the cursor), mid-export', async () => {
    let pulls = 0;
    let closed!: () => void;
    const rowsClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    let body: ReturnType<typeof xlsxBody> | undefined;
    // Endless rows: only a stop ends them.
    async function* rest() {
      try {
        for (;;) {
          pulls++;
          if (pulls === 3) body?.destroy();
          yield batchOf(pulls * 500, 500);
        }
      } finally {
        closed();
      }
    }
    const errors: unknown[] = [];
    body = xlsxBody({
      sheetName: 'sales',
      columns,
      timeZone: 'UTC',
      first: { rows: batchOf(0, 500) },
      rest: rest(),
      onError: (error) => errors.push(error),
    });
    body.resume();
    await rowsClosed;
    expect(pulls).toBeLessThanOrEqual(4);
    // Stopped by the client, not failed: nothing to report.
    expect(errors).toEqual([]);
  });
});
