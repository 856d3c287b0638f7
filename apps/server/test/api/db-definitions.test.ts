import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/client';
import {
  type DefinitionFiles,
  describeDrift,
  findDrift,
  migrationStatements,
  readDefinitionFiles,
  rolledBack,
} from '../../src/db/definitions';
import { createTestContext, type TestContext } from '../helpers/context';

// The database's functions and triggers are defined once, in apps/server/src/db/functions/<name>.sql and
// apps/server/src/db/triggers/<table>.sql; migrations apply them. A database migrated from scratch (this
// engine's: PGlite, or PostgreSQL under scripts/with-engine.mjs postgresql) must run exactly what the
// files say: no function or trigger missing, none extra, none different.
let ctx: TestContext;
let files: DefinitionFiles;

beforeAll(async () => {
  ctx = await createTestContext();
  files = readDefinitionFiles();
});
afterAll(() => ctx.close());

const run = (db: DbOrTx, statement: string) => db.execute(sql.raw(statement));
const summary = (drift: Awaited<ReturnType<typeof findDrift>>) => drift.map((d) => `${d.kind} ${d.name}: ${d.problem}`);
const shiftIsOpen = () => {
  const file = files.functions.find((f) => f.name === 'pos_shift_is_open');
  if (!file) throw new Error('functions/pos_shift_is_open.sql not found');
  return file;
};
/** pos_shift_is_open as someone might hand-edit it: a shift counts as open unless closed. */
const editedShiftIsOpen = () => shiftIsOpen().statement.replace("status = 'open'", "status <> 'closed'");

describe('database functions and triggers', () => {
  it('a migrated database runs exactly the files: every function and trigger, none missing, none extra', async () => {
    // The files are the project's: every function of schema public but pg_trgm's, every trigger but the
    // foreign keys' (findDrift reads both sides the same way).
    expect(files.functions.length).toBeGreaterThanOrEqual(57);
    expect(files.triggers.length).toBeGreaterThanOrEqual(35);
    expect(files.triggers.map((t) => t.table)).toEqual(
      expect.arrayContaining(['sales', 'sale_items', 'returns', 'return_items', 'stock_movements', 'shifts']),
    );
    const drift = await findDrift(ctx.database.db, files);
    expect(describeDrift(drift)).toBe('');
  });

  it('reports a hand-edited function, a dropped trigger, a disabled one and a function no file defines', async () => {
    expect(editedShiftIsOpen()).not.toBe(shiftIsOpen().statement);
    const drift = await rolledBack(ctx.database.db, async (tx) => {
      await run(tx, editedShiftIsOpen());
      await run(tx, 'DROP TRIGGER sales_shift ON public.sales');
      await run(tx, 'ALTER TABLE public.shifts DISABLE TRIGGER shifts_closed_guard');
      await run(tx, 'CREATE FUNCTION public.pos_probe() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$');
      return findDrift(tx, files);
    });
    expect(summary(drift)).toEqual([
      'function pos_probe: only in the database',
      'function pos_shift_is_open: differs',
      'trigger sales.sales_shift: only in the files',
      'trigger shifts.shifts_closed_guard: differs',
    ]);
    const edited = drift.find((d) => d.name === 'pos_shift_is_open');
    expect(edited?.database).toContain("status <> 'closed'");
    expect(edited?.files).toContain("status = 'open'");
    expect(describeDrift(drift)).toContain(
      `database "  PERFORM 1 FROM shifts WHERE company_id = p_company AND id = p_shift AND status <> 'closed' FOR SHARE;"`,
    );
    // Rolled back: the database is as migrated again.
    expect(await findDrift(ctx.database.db, files)).toEqual([]);
  });

  it('reports a file edited and not migrated, and a trigger a file no longer defines', async () => {
    const edited: DefinitionFiles = {
      functions: files.functions.map((f) =>
        f.name === 'pos_shift_is_open' ? { ...f, statement: editedShiftIsOpen() } : f,
      ),
      triggers: files.triggers.filter((t) => t.name !== 'stock_movements_daily_update'),
    };
    expect(summary(await findDrift(ctx.database.db, edited))).toEqual([
      'function pos_shift_is_open: differs',
      'trigger stock_movements.stock_movements_daily_update: only in the database',
    ]);
  });

  it('the statements db:definitions writes bring a drifted database to the files', async () => {
    const left = await rolledBack(ctx.database.db, async (tx) => {
      await run(tx, editedShiftIsOpen());
      await run(tx, 'DROP TRIGGER sales_shift ON public.sales');
      await run(tx, 'CREATE FUNCTION public.pos_probe() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$');
      // A function whose arguments changed cannot be replaced: it is dropped first.
      await run(tx, 'DROP FUNCTION public.pos_shift_of(uuid, uuid, uuid, uuid)');
      await run(
        tx,
        'CREATE FUNCTION public.pos_shift_of(p_company uuid) RETURNS uuid LANGUAGE sql AS $$ SELECT NULL::uuid $$',
      );
      const drift = await findDrift(tx, files);
      expect(drift.find((d) => d.name === 'pos_shift_of')).toMatchObject({ problem: 'differs', dropFirst: true });
      const statements = migrationStatements(files, drift);
      expect(statements).toContain('DROP FUNCTION IF EXISTS pos_probe();');
      for (const statement of statements) await run(tx, statement);
      return findDrift(tx, files);
    });
    expect(describeDrift(left)).toBe('');
  });
});

describe('the definition files', () => {
  it('the TypeScript schema points every table with triggers to its triggers file', () => {
    const schemaFolder = path.join(import.meta.dirname, '../../src/db/schema');
    const schema = fs
      .readdirSync(schemaFolder)
      .map((f) => fs.readFileSync(path.join(schemaFolder, f), 'utf8'))
      .join('\n');
    const tables = [...new Set(files.triggers.map((t) => t.table))];
    expect(tables.length).toBeGreaterThanOrEqual(12);
    expect(tables.filter((table) => !schema.includes(`db/triggers/${table}.sql`))).toEqual([]);
  });

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-definitions-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  };
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('holds one function per file, named after it, and a table its own triggers', () => {
    write(
      'functions/pos_a.sql',
      '-- A.\nCREATE OR REPLACE FUNCTION public.pos_a()\n RETURNS integer\nAS $f$ SELECT 1 $f$;\n',
    );
    write(
      'triggers/t.sql',
      '-- T.\nCREATE TRIGGER t_x\n  AFTER INSERT ON public.t\n  FOR EACH ROW EXECUTE FUNCTION pos_a();\n',
    );
    expect(readDefinitionFiles(folder)).toMatchObject({
      functions: [{ name: 'pos_a', file: 'functions/pos_a.sql' }],
      triggers: [{ table: 't', name: 't_x', file: 'triggers/t.sql' }],
    });
    write('functions/pos_b.sql', 'CREATE OR REPLACE FUNCTION public.pos_a() RETURNS integer AS $f$ SELECT 1 $f$;\n');
    expect(() => readDefinitionFiles(folder)).toThrow(/functions\/pos_b.sql: must hold one CREATE OR REPLACE FUNCTION/);
    fs.rmSync(path.join(folder, 'functions/pos_b.sql'));
    write('triggers/u.sql', 'CREATE TRIGGER u_x AFTER INSERT ON public.t FOR EACH ROW EXECUTE FUNCTION pos_a();\n');
    expect(() => readDefinitionFiles(folder)).toThrow(/triggers\/u.sql: every statement must be a CREATE TRIGGER on u/);
  });
});
