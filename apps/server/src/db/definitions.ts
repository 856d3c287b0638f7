import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from './client';

/**
 * The database's own code, one definition each: every function in `functions/<name>.sql` (one CREATE OR
 * REPLACE FUNCTION statement) and every table's triggers in `triggers/<table>.sql` (its CREATE TRIGGER
 * statements), beside this module. Migrations apply them (`npm run db:definitions` writes the migration
 * from the files that changed); `findDrift` tells where a migrated database and the files disagree
 * (docs/architecture/database.md, 'Database functions and triggers').
 */
export const definitionsFolder = path.dirname(fileURLToPath(import.meta.url));

export type FunctionFile = { name: string; file: string; statement: string };
export type TriggerStatement = { table: string; name: string; file: string; statement: string };
export type DefinitionFiles = { functions: FunctionFile[]; triggers: TriggerStatement[] };

const sqlFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];

/** The text without its `--` comment lines (the files' header comments). */
const withoutCommentLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*--/.test(line))
    .join('\n');

/** Reads and checks the files: each function file defines the function it is named after, each trigger file its table's triggers. */
export function readDefinitionFiles(folder = definitionsFolder): DefinitionFiles {
  const functions = sqlFiles(path.join(folder, 'functions')).map((file): FunctionFile => {
    const name = file.slice(0, -'.sql'.length);
    const relative = `functions/${file}`;
    const statement = fs.readFileSync(path.join(folder, relative), 'utf8').trim();
    const head = /^create\s+or\s+replace\s+function\s+(?:public\.)?(\w+)\s*\(/i.exec(
      withoutCommentLines(statement).trim(),
    );
    if (head?.[1] !== name) {
      throw new Error(`${relative}: must hold one CREATE OR REPLACE FUNCTION statement of ${name}`);
    }
    if (!/\$\w*\$\s*;$/.test(statement)) {
      throw new Error(`${relative}: must end with the function's body quoted in $...$ and a semicolon`);
    }
    return { name, file: relative, statement };
  });
  const triggers = sqlFiles(path.join(folder, 'triggers')).flatMap((file) => {
    const table = file.slice(0, -'.sql'.length);
    const relative = `triggers/${file}`;
    const statements = withoutCommentLines(fs.readFileSync(path.join(folder, relative), 'utf8'))
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    return statements.map((statement): TriggerStatement => {
      const parts = /^create\s+trigger\s+(\w+)\s[\s\S]*?\son\s+(?:public\.)?(\w+)\s/i.exec(statement);
      if (!parts?.[1] || parts[2] !== table) {
        throw new Error(`${relative}: every statement must be a CREATE TRIGGER on ${table}: ${statement.slice(0, 80)}`);
      }
      return { table, name: parts[1], file: relative, statement: `${statement};` };
    });
  });
  return { functions, triggers };
}

/** A function as the database holds it: the signature to drop it by, and pg_get_functiondef. */
type DbFunction = { name: string; signature: string; header: string; definition: string };
/** A trigger as the database holds it: pg_get_triggerdef, and whether it is disabled. */
type DbTrigger = { table: string; name: string; definition: string };
type DbDefinitions = { functions: Map<string, DbFunction>; triggers: Map<string, DbTrigger> };

const triggerKey = (table: string, name: string) => `${table}.${name}`;

/**
 * The project's functions and triggers in schema `public`: every function but an extension's (pg_trgm's),
 * every trigger but PostgreSQL's own (foreign keys).
 */
async function readDatabase(db: DbOrTx): Promise<DbDefinitions> {
  const functions = await queryRows<DbFunction>(
    db,
    sql`select p.proname as name, p.oid::regprocedure::text as signature,
               pg_get_function_arguments(p.oid) || ' -> ' || pg_get_function_result(p.oid) as header,
               pg_get_functiondef(p.oid) as definition
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by p.proname, p.oid`,
  );
  const triggers = await queryRows<DbTrigger>(
    db,
    sql`select c.relname as table, t.tgname as name,
               pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' (enabled: ' || t.tgenabled::text || ')' end
                 as definition
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal
        order by c.relname, t.tgname`,
  );
  const byName = new Map<string, DbFunction>();
  for (const f of functions) {
    if (byName.has(f.name)) throw new Error(`function ${f.name} is overloaded: one function per name, one file each`);
    byName.set(f.name, f);
  }
  return { functions: byName, triggers: new Map(triggers.map((t) => [triggerKey(t.table, t.name), t])) };
}

/** An identifier as SQL text: bare when it is a plain lowercase name, else double-quoted. */
const quoted = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`);

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

/** Runs `work` in a transaction (a savepoint inside one) that is always rolled back, and answers its result. */
export async function rolledBack<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await work(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

export type Drift = {
  kind: 'function' | 'trigger';
  /** The function's name, or the trigger's table.name. */
  name: string;
  problem: 'only in the database' | 'only in the files' | 'differs';
  /** What the database runs (pg_get_functiondef / pg_get_triggerdef), when it has it. */
  database?: string;
  /** What the files make of it, normalised by the same server, when they define it. */
  files?: string;
  /** A function of the database: what DROP FUNCTION needs to name it (its regprocedure). */
  signature?: string;
  /** A function whose arguments or result type changed: CREATE OR REPLACE cannot change that, so drop it first. */
  dropFirst?: boolean;
};

/**
 * Where the database and the files disagree: every function and trigger of the database is read, then,
 * inside a transaction that is rolled back, all of them are dropped and the files' statements run, and
 * the result read the same way. Both sides are normalised by the same server (pg_get_functiondef and
 * pg_get_triggerdef), so PostgreSQL and PGlite compare alike and a file may be written in any layout;
 * a function's body is compared as written (PostgreSQL keeps it verbatim), its header comments not.
 */
export async function findDrift(db: DbOrTx, files: DefinitionFiles = readDefinitionFiles()): Promise<Drift[]> {
  const { before, after } = await rolledBack(db, async (tx) => {
    const before = await readDatabase(tx);
    for (const t of before.triggers.values()) {
      await tx.execute(sql.raw(`DROP TRIGGER ${quoted(t.name)} ON public.${quoted(t.table)}`));
    }
    for (const f of before.functions.values()) await tx.execute(sql.raw(`DROP FUNCTION ${f.signature} CASCADE`));
    for (const f of files.functions) await tx.execute(sql.raw(f.statement));
    for (const t of files.triggers) await tx.execute(sql.raw(t.statement));
    return { before, after: await readDatabase(tx) };
  });
  const drift: Drift[] = [];
  const compare = <T extends { definition: string }>(
    kind: Drift['kind'],
    was: Map<string, T>,
    now: Map<string, T>,
    extra: (was: T, now?: T) => Partial<Drift> = () => ({}),
  ) => {
    for (const key of [...new Set([...was.keys(), ...now.keys()])].sort()) {
      const a = was.get(key);
      const b = now.get(key);
      if (a && !b)
        drift.push({ kind, name: key, problem: 'only in the database', database: a.definition, ...extra(a) });
      else if (b && !a) drift.push({ kind, name: key, problem: 'only in the files', files: b.definition });
      else if (a && b && a.definition !== b.definition) {
        drift.push({
          kind,
          name: key,
          problem: 'differs',
          database: a.definition,
          files: b.definition,
          ...extra(a, b),
        });
      }
    }
  };
  compare('function', before.functions, after.functions, (a, b) => ({
    signature: a.signature,
    ...(b && a.header !== b.header && { dropFirst: true }),
  }));
  compare('trigger', before.triggers, after.triggers);
  return drift;
}

/** One line per drift, with the first line where the two definitions part. */
export function describeDrift(drift: Drift[]): string {
  return drift
    .map((d) => {
      const head = `${d.kind} ${d.name}: ${d.problem}`;
      if (d.problem !== 'differs' || d.database === undefined || d.files === undefined) return head;
      const a = d.database.split('\n');
      const b = d.files.split('\n');
      const i = a.findIndex((line, n) => line !== b[n]);
      const at = i === -1 ? a.length : i;
      return `${head} (line ${at + 1}: database ${JSON.stringify(a[at] ?? '')}, files ${JSON.stringify(b[at] ?? '')})`;
    })
    .join('\n');
}

/**
 * The statements that bring a database with `drift` to the files (`all`: every function and trigger of
 * the files, whatever the drift): the dropped triggers first, then the functions (dropped first when
 * their arguments or result changed), then the triggers (DROP TRIGGER IF EXISTS and CREATE TRIGGER),
 * then the dropped functions.
 */
export function migrationStatements(files: DefinitionFiles, drift: Drift[], { all = false } = {}): string[] {
  const changed = (kind: Drift['kind'], name: string) =>
    all || drift.some((d) => d.kind === kind && d.name === name && d.problem !== 'only in the database');
  const gone = drift.filter((d) => d.problem === 'only in the database');
  const statements: string[] = [];
  for (const d of gone.filter((g) => g.kind === 'trigger')) {
    const [table, name] = d.name.split('.') as [string, string];
    statements.push(`DROP TRIGGER IF EXISTS ${quoted(name)} ON public.${quoted(table)};`);
  }
  for (const f of files.functions.filter((f) => changed('function', f.name))) {
    const d = drift.find((d) => d.kind === 'function' && d.name === f.name);
    if (d?.dropFirst) statements.push(`DROP FUNCTION IF EXISTS ${d.signature};`);
    statements.push(`-- ${f.file}\n${f.statement}`);
  }
  for (const t of files.triggers.filter((t) => changed('trigger', triggerKey(t.table, t.name)))) {
    statements.push(`DROP TRIGGER IF EXISTS ${quoted(t.name)} ON public.${quoted(t.table)};`, t.statement);
  }
  for (const d of gone.filter((g) => g.kind === 'function')) statements.push(`DROP FUNCTION IF EXISTS ${d.signature};`);
  return statements;
}
