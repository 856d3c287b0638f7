import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_POOL_MAX } from '../env';
import { grantAppRole } from './app-role';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repos accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Engine = 'pglite' | 'postgresql';

export type Database = {
  db: Db;
  engine: Engine;
  /** The streaming replica reports and analytics read from (DATABASE_READ_URL, PostgreSQL only); absent: they read `db`. */
  replica?: Replica;
  close: () => Promise<void>;
};

/** A read-only pool on a streaming replica of the primary (docs/architecture/database.md, 'Reads from a replica'). */
export type Replica = {
  db: Db;
  /**
   * How many seconds the replica's data is behind the primary's: 0 when it has replayed all the WAL it
   * received, else the age of the last transaction it replayed; null when the database is not in recovery
   * (DATABASE_READ_URL names a primary). Throws when the replica does not answer.
   */
  lagSeconds: () => Promise<number | null>;
};

/**
 * The replica's lag. `pg_last_xact_replay_timestamp()` alone would call an idle, caught-up replica as
 * old as the primary's last commit, so a replica that has replayed everything it received is 0 behind.
 * Its clock is compared with the primary's commit times: keep the hosts' clocks synchronised (NTP).
 */
const REPLICA_LAG_SQL = `select case
  when not pg_is_in_recovery() then null
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else greatest(0, coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0))
end::float8 as lag`;

/** A replica that does not answer within this fails the read (which then goes to the primary), not hangs it. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/** The committed drizzle-kit migrations, found from the source tree and from the bundled dist alike. */
export function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (apps/server/drizzle) not found');
}

/**
 * Run first on each direct connection of the pool, before it is handed to anyone (pg-pool's `onConnect`, awaited),
 * and on the embedded database: a statement prepared by name (runFixed, find_live_session) is planned once, its
 * generic plan, never re-planned per run. Left to PostgreSQL, that is a cost comparison, and it re-planned the plain
 * sale statement at every sale (docs/architecture/database.md, 'Engines and migrations'). Sent from the pool's
 * 'connect' event instead, it ran beside the first query of whoever took the connection, which node-postgres
 * deprecates (and logged at every start). A `set`, not a startup parameter: PgBouncer refuses those it does not
 * know. Not through a transaction-mode pooler, where nothing is prepared by name and a session setting would
 * reach other clients.
 */
const PLAN_ONCE = 'set plan_cache_mode = force_generic_plan';

export async function openDatabase(options: {
  databaseUrl?: string;
  /**
   * PostgreSQL: the owner of the tables, who migrates (default: databaseUrl). When it is another role,
   * databaseUrl's role is granted the app's rights after migrating (app-role.ts).
   */
  migrationUrl?: string;
  dataDir?: string;
  /** PostgreSQL: a streaming replica of databaseUrl for reports and analytics (ignored without databaseUrl). */
  readUrl?: string;
  /** PostgreSQL connections in the pool (default DEFAULT_POOL_MAX), and in the replica's. */
  poolMax?: number;
  /**
   * PostgreSQL: databaseUrl reaches the database through a transaction-mode pooler (PgBouncer): no statement
   * is prepared by name, since the next transaction may run on another server connection.
   */
  transactionPooler?: boolean;
  /** An idle pooled connection failed (database restart, connection killed): log it, never crash. */
  onIdleError?: (error: Error) => void;
  /** PGlite only: start the in-memory database from this dump (`dumpDataDir`; tests: a migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? DEFAULT_POOL_MAX,
      ...(!options.transactionPooler && { onConnect: (client: pg.ClientBase) => client.query(PLAN_ONCE) }),
    });
    const onError =
      options.onIdleError ?? ((error: Error) => console.error(`PostgreSQL connection error: ${error.message}`));
    pool.on('error', onError);
    if (options.transactionPooler) transactionPooled.add(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migrateAsOwner(pool, options.migrationUrl, migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const replica = options.readUrl ? openReplica(options.readUrl, options) : undefined;
    return {
      db,
      engine: 'postgresql',
      replica: replica?.replica,
      close: async () => {
        await Promise.all([pool.end(), replica?.close()]);
      },
    };
  }
  // No dataDir means an in-memory database (tests).
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  await client.exec(PLAN_ONCE);
  return { db: pgliteDb as unknown as Db, engine: 'pglite', close: () => client.close() };
}

/** The replica's pool: nothing is migrated there (it replays the primary's WAL), it is only read. */
function openReplica(
  readUrl: string,
  options: { poolMax?: number; onIdleError?: (error: Error) => void },
): { replica: Replica; close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: readUrl,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
  });
  pool.on(
    'error',
    options.onIdleError ?? ((error) => console.error(`PostgreSQL replica connection error: ${error.message}`)),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lagSeconds = async () => {
    const { rows } = await pool.query<{ lag: number | null }>(REPLICA_LAG_SQL);
    return rows[0]?.lag ?? null;
  };
  return { replica: { db, lagSeconds }, close: () => pool.end() };
}

/**
 * Migrates on the owner's connection (migrationUrl, else one of the app's pool) and, when the app
 * connects as another role, grants that role its rights. Several server processes may start at once:
 * one migrates, the others wait on the lock.
 */
async function migrateAsOwner(pool: pg.Pool, migrationUrl: string | undefined, migrationsFolder: string) {
  const appClient = await pool.connect();
  let owner: pg.PoolClient | pg.Client = appClient;
  try {
    if (migrationUrl) {
      owner = new pg.Client({ connectionString: migrationUrl });
      await owner.connect();
    }
    const appRole = await currentRole(appClient);
    const ownerRole = owner === appClient ? appRole : await currentRole(owner);
    await owner.query('select pg_advisory_lock(727274)');
    try {
      await migratePg(drizzlePg(owner, { schema }), { migrationsFolder });
      if (appRole !== ownerRole) await grantAppRole(owner, appRole);
    } finally {
      await owner.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    }
  } finally {
    appClient.release();
    if (owner !== appClient) await (owner as pg.Client).end().catch(() => undefined);
  }
}

async function currentRole(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ role: string }>('select current_user as role');
  if (!rows[0]) throw new Error('current_user answered no row');
  return rows[0].role;
}

/**
 * Runs a raw statement (`sql\`...\``) and answers its rows, typed by the caller: the one place that
 * reads the drivers' result shape (node-postgres and PGlite both answer `{ rows }`; Drizzle types it
 * per driver). Numerics and bigints come back as text.
 */
export async function queryRows<Row>(db: DbOrTx, query: SQLWrapper): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** `select 1`, refused after `timeoutMs` (the health check's answer must come quickly even when the database does not). */
export async function pingDatabase(db: Db, timeoutMs = 2_000): Promise<void> {
  await withTimeout(db.execute(sql`select 1`), timeoutMs);
}

/** The promise, or a rejection after `timeoutMs` if it has not settled by then (it is left to settle on its own). */
export function withTimeout<T>(promise: PromiseLike<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The pools opened through a transaction-mode pooler (openDatabase's transactionPooler). */
const transactionPooled = new WeakSet<object>();

/**
 * The name to prepare a statement under on this handle: `name` on a direct connection (parsed and planned
 * once per connection), '' (unnamed: parsed with each run) through a transaction-mode pooler, where a
 * statement prepared on one server connection is unknown to the next (docs/architecture/database.md,
 * 'Pooling'). A transaction handle runs on its pool's connection: its statements are unnamed too.
 */
export function statementName(db: DbOrTx, name: string): string {
  const client = (db as unknown as { $client?: object }).$client;
  return client && transactionPooled.has(client) ? '' : name;
}

/** A fixed statement's text with its values in place of $1, $2 ... as parameters of one query. */
function withValues(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
    sql.raw(''),
  );
}

/** A statement of fixed text: on PostgreSQL prepared by name, parsed and planned once per connection. */
export type FixedStatement = { name: string; text: string };

/** A fixed statement whose parameters have names: `names` fixes their order ($1 is the first name). */
export type NamedStatement<K extends string> = FixedStatement & { names: readonly K[] };

/**
 * Builds a NamedStatement: `build` writes the SQL with `p.someName` where the parameter goes (it is
 * `$n`), so the text reads by name and the values are passed by name (runNamed), never by position.
 * A name the text does not use is left out of `names` (a variant of a statement may leave parts out, and
 * PostgreSQL cannot prepare a parameter nothing in the text gives a type); the others keep their order.
 */
export function namedStatement<const K extends string>(
  name: string,
  names: readonly K[],
  build: (p: Record<K, string>) => string,
): NamedStatement<K> {
  const mark = (n: string) => `\u0000${n}\u0000`;
  const marked = build(Object.fromEntries(names.map((n) => [n, mark(n)])) as Record<K, string>);
  const used = names.filter((n) => marked.includes(mark(n)));
  const text = used.reduce((t, n, i) => t.replaceAll(mark(n), `$${i + 1}`), marked);
  return { name, names: used, text };
}

/** Runs a NamedStatement with its values by name (see runFixed). */
export function runNamed<Row, K extends string>(
  db: DbOrTx,
  statement: NamedStatement<K>,
  values: Record<K, unknown>,
): Promise<Row[]> {
  return runFixed<Row>(
    db,
    statement,
    statement.names.map((n) => values[n]),
  );
}

/**
 * Runs a fixed statement with positional parameters outside any transaction (one statement is its own
 * transaction), straight on the driver: for the few hot paths where building the query per request
 * cost more than running it (docs/architecture/sales.md). Both engines answer the
 * same JavaScript types for what these statements return (text, integers, booleans, timestamps as
 * Date, json); numerics should be returned as text.
 */
export async function runFixed<Row>(db: DbOrTx, statement: FixedStatement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  // In a transaction (an exchange writes its sale in the return's): the same text through the transaction.
  if (!client) return queryRows<Row>(db, withValues(statement.text, values));
  if (client instanceof PGlite) return runPreparedPglite<Row>(client, statement, values);
  const name = statementName(db, statement.name) || undefined;
  return (await client.query<Row & pg.QueryResultRow>({ name, text: statement.text, values })).rows;
}

/** Per embedded database: each fixed statement's parameter types, once it is prepared there (by name). */
const pglitePrepared = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * A fixed statement on PGlite, prepared by name like on a direct PostgreSQL connection (PGlite's `query` parses
 * and plans every run): Parse and Describe once, then Bind, Execute and Sync per run, through PGlite's own
 * protocol, serializers and result parser.
 */
async function runPreparedPglite<Row>(client: PGlite, statement: FixedStatement, values: unknown[]): Promise<Row[]> {
  let prepared = pglitePrepared.get(client);
  if (!prepared) {
    prepared = new Map();
    pglitePrepared.set(client, prepared);
  }
  const exchange = async (...messages: Uint8Array[]) => {
    const answers: Awaited<ReturnType<PGlite['execProtocol']>>['messages'] = [];
    try {
      for (const message of messages)
        answers.push(...(await client.execProtocol(message, { syncToFs: false })).messages);
    } finally {
      answers.push(...(await client.execProtocol(protocol.serialize.sync(), { syncToFs: false })).messages);
    }
    return answers;
  };
  // As PGlite's own query() does: no transaction of another request open meanwhile, no other query between.
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let oids = prepared.get(statement.name);
      if (!oids) {
        const { name, text } = statement;
        const described = await exchange(
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
        );
        oids = parse.parseDescribeStatementResults(described);
        prepared.set(name, oids);
      }
      const serialized = values.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serialize = client.serializers[oids[i] as number];
        return serialize ? serialize(v) : String(v);
      });
      const answers = await exchange(
        protocol.serialize.bind({ statement: statement.name, values: serialized }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
      );
      await client.syncToFs();
      return (parse.parseResults(answers, client.parsers)[0]?.rows ?? []) as Row[];
    }),
  );
}
