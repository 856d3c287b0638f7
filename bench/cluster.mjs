#!/usr/bin/env node
// The cluster drill: sales through a load balancer over three server hosts, a PostgreSQL primary and a
// streaming replica, while a server process is killed, a server host loses its link and the primary is
// replaced by the promoted replica. Linux only, as root.
//
//   node bench/cluster.mjs [--seconds 240] [--registers 32] [--stop fast|immediate] [--synchronous]
//                          [--no-build] [--keep]
//
// Hosts are network namespaces it creates (posdrill-lb, -app1..3, -db1, -db2), each joined by a veth pair
// to a bridge it creates (posdrill-br0, 10.231.0.0/24, the root side 10.231.0.1): HAProxy in lb with the
// deployment guide's deploy/haproxy.cfg (round robin, no stickiness, health checks on /api/health, a refused
// connection retried on another server, a dropped one only for reads and requests with an Idempotency-Key;
// its server lines, admin socket and process settings replaced); in each app host one built server
// (apps/server/dist/main.js) and a PgBouncer in transaction mode in front of the primary
// (DATABASE_URL, with DATABASE_TRANSACTION_POOLER=true); db1 a fresh primary (initdb, WAL archived to a directory), db2 its hot standby
// (pg_basebackup -R). Two database roles as the README says: pos_owner migrates (DATABASE_MIGRATION_URL,
// always direct), pos_app runs the server; DATABASE_READ_URL is the replica. The database hosts' names
// (pos-primary, pos-replica) are in each app host's /etc/hosts (/etc/netns/<host>/hosts).
// Through the load balancer: the first admin, a company, a branch, 200 products, one cashier per register.
// Then --registers registers (HTTP clients in the root namespace) sell in a closed loop for --seconds; a sale
// that fails (network error, no answer in 10 s, a 5xx) is sent again, the same body with the same
// Idempotency-Key, after 0.5-1 s, until it is answered (201, a replay also 201) or refused (4xx).
// Faults, at 1/6, 3/8 and 5/8 of --seconds (40 s, 90 s and 150 s of 240): SIGKILL app1's server and start it
// again 10 s later (as systemd's Restart= would); cut app2's link for 30 s; stop the primary (fast shutdown),
// promote the replica, point the database name at it (/etc/hosts, PgBouncer's [databases], reloaded).
// Afterwards: a pg_dump -Fc of the new primary restored into a new database, and the base backup taken
// before the load recovered from the WAL archive (both timelines) on a fresh instance; both compared with
// the live database (sales, their total, a digest of every sale's id and total).
// Reported (bench/results/cluster.json): sales sent (distinct keys), answered, refused, in the database;
// lost (answered, not in the database) and duplicated (a key on more than one sale); products whose stock
// is off their ledger or their sale lines; attempts and errors the registers saw by kind, and per fault:
// when the errors started and ended, when every register sold again, when HAProxy marked the server down
// and up; the replica's lag each second (pg_stat_replication); sales/s per 10 s. --stop immediate: the
// primary dies as in a crash; --synchronous: synchronous_standby_names on the primary. Traffic goes only to
// the addresses it gives its namespaces; everything is removed on exit (and what an aborted run left, at
// start; --keep keeps the logs and data in /tmp/posdrill). Method and figures: bench/README.md, 'The cluster
// drill'.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  addCashier,
  buildServer,
  loadAverage,
  option,
  root,
  salePayload,
  saleSender,
  setUpTenant,
  sleep,
  writeResult,
} from './lib.mjs';

const args = process.argv.slice(2);
const SECONDS = option('seconds', 240);
const REGISTERS = option('registers', 32);
// --stop immediate: the primary dies without a shutdown checkpoint (its walsender sends nothing more), as in a
// crash; fast (default) is an orderly stop that sends the replica all the WAL first.
const STOP_MODE = option('stop', 'fast');
// --synchronous: the primary waits for the replica to have flushed each commit (synchronous_standby_names).
const SYNCHRONOUS = args.includes('--synchronous');
// --haproxy deploy: the load balancer runs deploy/haproxy.cfg as the deployment guide ships it (only its
// server lines, socket and the daemon's process settings replaced) instead of the drill's own configuration.
const PRODUCTS = 200;
const PREFIX = 'posdrill-';
const BRIDGE = 'posdrill-br0';
const NET = '10.231.0';
const HOSTS = { lb: 10, app1: 11, app2: 12, app3: 13, db1: 21, db2: 22 };
const APPS = ['app1', 'app2', 'app3'];
const WORK = '/tmp/posdrill';
const PG_BIN = '/usr/lib/postgresql/15/bin';
const HAPROXY = '/usr/sbin/haproxy';
const PGBOUNCER = '/usr/sbin/pgbouncer';
const SERVER_PORT = 3000;
const REQUEST_TIMEOUT_MS = 10_000;
const LB = `http://${NET}.${HOSTS.lb}`;
const log = (message) => console.error(`[cluster drill ${new Date().toISOString().slice(11, 19)}] ${message}`);
const addr = (host) => `${NET}.${HOSTS[host]}`;
const ns = (host) => `${PREFIX}${host}`;

// ---------------------------------------------------------------------------------------------------------
// Processes, namespaces, clean-up

/** Runs a command to its end; throws with its output when it fails. */
function run(command, commandArgs, { allowFail = false, timeout = 120_000 } = {}) {
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout });
  if (result.status !== 0 && !allowFail) {
    throw new Error(
      `${command} ${commandArgs.join(' ')}: ${result.status ?? result.signal}\n${result.stderr}${result.stdout}`,
    );
  }
  return result;
}

/** A command in a host's namespace (ip netns exec execs it: the pid is the command's). */
const inHost = (host, command, commandArgs) => ['ip', ['netns', 'exec', ns(host), command, ...commandArgs]];
/** A command as the postgres OS user (setpriv execs it too). */
const asPostgres = (command, commandArgs) => [
  'setpriv',
  ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...commandArgs],
];
const runIn = (host, [command, commandArgs], options) => run(...inHost(host, command, commandArgs), options);
const pgTool = (name, commandArgs) => asPostgres(path.join(PG_BIN, name), commandArgs);

const children = new Set();
let cleaned = false;

/** Everything this drill makes, also what an earlier aborted run left: processes, namespaces, bridge, files. */
function cleanUp({ keepFiles = false } = {}) {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const dir of ['db1', 'db2', 'pitr']) {
    const data = path.join(WORK, 'pg', dir);
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
      run(...asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']), {
        allowFail: true,
        timeout: 20_000,
      });
    }
  }
  const namespaces = run('ip', ['netns', 'list'], { allowFail: true })
    .stdout.split('\n')
    .map((line) => line.split(' ')[0])
    .filter((name) => name?.startsWith(PREFIX));
  for (const name of namespaces) {
    for (const pid of run('ip', ['netns', 'pids', name], { allowFail: true }).stdout.split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
  for (const name of namespaces) {
    run('ip', ['netns', 'del', name], { allowFail: true });
    fs.rmSync(path.join('/etc/netns', name), { recursive: true, force: true });
  }
  // The veth pairs too: a namespace's own end goes with it, but the kernel may take its time.
  for (const host of Object.keys(HOSTS)) {
    if (fs.existsSync(`/sys/class/net/pd-${host}`)) run('ip', ['link', 'del', `pd-${host}`], { allowFail: true });
  }
  run('ip', ['link', 'del', BRIDGE], { allowFail: true });
  if (!keepFiles) fs.rmSync(WORK, { recursive: true, force: true });
}

function cleanUpOnce() {
  if (cleaned) return;
  cleaned = true;
  cleanUp({ keepFiles: args.includes('--keep') });
}

/** A long-running process; its output appended to WORK/logs/<name>.log. */
function start(name, [command, commandArgs], env) {
  const out = fs.openSync(path.join(WORK, 'logs', `${name}.log`), 'a');
  const child = spawn(command, commandArgs, { env: env ?? process.env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Polls `probe` until it answers a value (an error it throws ends the wait). */
async function until(what, probe, timeoutMs = 60_000, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The hosts

function makeNetwork() {
  run('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
  run('ip', ['addr', 'add', `${NET}.1/24`, 'dev', BRIDGE]);
  run('ip', ['link', 'set', BRIDGE, 'up']);
  for (const host of Object.keys(HOSTS)) {
    run('ip', ['netns', 'add', ns(host)]);
    run('ip', ['link', 'add', `pd-${host}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns(host)]);
    run('ip', ['link', 'set', `pd-${host}`, 'master', BRIDGE, 'up']);
    runIn(host, ['ip', ['link', 'set', 'lo', 'up']]);
    runIn(host, ['ip', ['addr', 'add', `${addr(host)}/24`, 'dev', 'eth0']]);
    runIn(host, ['ip', ['link', 'set', 'eth0', 'up']]);
  }
  for (const app of APPS) writeHosts(app, 'db1');
}

/** The database names in an app host's /etc/hosts (ip netns exec mounts /etc/netns/<ns>/hosts over it). */
function writeHosts(app, primary) {
  const dir = path.join('/etc/netns', ns(app));
  fs.mkdirSync(dir, { recursive: true });
  // Written in place: the file each process of the host sees is a bind mount of this inode.
  fs.writeFileSync(
    path.join(dir, 'hosts'),
    `127.0.0.1 localhost\n${addr(app)} ${app}\n${addr(primary)} pos-primary\n${addr('db2')} pos-replica\n`,
  );
}

const postgresIds = () => ({
  uid: Number(run('id', ['-u', 'postgres']).stdout.trim()),
  gid: Number(run('id', ['-g', 'postgres']).stdout.trim()),
});

function chownPostgres(dir) {
  const { uid, gid } = postgresIds();
  fs.chownSync(dir, uid, gid);
}

const pgDir = (name) => path.join(WORK, 'pg', name);
const pgCtl = (host, data, commandArgs, timeout) =>
  runIn(
    host,
    pgTool('pg_ctl', ['-D', data, '-l', path.join(pgDir(''), `${path.basename(data)}.log`), ...commandArgs]),
    {
      timeout,
    },
  );

async function superuser(host, database = 'postgres') {
  const client = new pg.Client({
    connectionString: `postgres://postgres@${addr(host)}:5432/${database}`,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  client.on('error', () => {});
  return client;
}

/** The primary in db1 with WAL archiving, the two roles and the database; a base backup; the replica in db2. */
async function makeDatabases() {
  for (const dir of ['', 'archive']) {
    fs.mkdirSync(pgDir(dir), { recursive: true });
    chownPostgres(pgDir(dir));
  }
  run(...pgTool('initdb', ['-D', pgDir('db1'), '-U', 'postgres', '--auth=trust', '--locale=C', '-E', 'UTF8']));
  fs.appendFileSync(
    path.join(pgDir('db1'), 'postgresql.conf'),
    [
      '',
      "listen_addresses = '*'",
      "unix_socket_directories = ''",
      'max_connections = 200',
      'wal_level = replica',
      'max_wal_senders = 5',
      "wal_keep_size = '512MB'",
      'hot_standby = on',
      'archive_mode = on',
      `archive_command = 'test ! -f ${pgDir('archive')}/%f && cp %p ${pgDir('archive')}/%f'`,
      "log_min_messages = 'warning'",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(pgDir('db1'), 'pg_hba.conf'),
    [`host all all ${NET}.0/24 trust`, `host replication all ${NET}.0/24 trust`, ''].join('\n'),
  );
  pgCtl('db1', pgDir('db1'), ['-w', 'start']);
  const admin = await superuser('db1');
  // The README's 'Two database roles' (PostgreSQL 15: nobody but the database's owner creates in public).
  await admin.query('create role pos_owner login');
  await admin.query('create role pos_app login');
  await admin.query('create database pos owner pos_owner');
  await admin.end();
  // The base backup the WAL archive starts from (backup and restore, checked after the load).
  runIn(
    'db2',
    pgTool('pg_basebackup', ['-h', addr('db1'), '-U', 'postgres', '-D', pgDir('base'), '-X', 'fetch', '-c', 'fast']),
  );
  runIn(
    'db2',
    pgTool('pg_basebackup', [
      '-h',
      addr('db1'),
      '-U',
      'postgres',
      '-D',
      pgDir('db2'),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]),
  );
  // Once promoted, the replica has no standby to wait for.
  fs.appendFileSync(path.join(pgDir('db2'), 'postgresql.auto.conf'), "synchronous_standby_names = ''\n");
  pgCtl('db2', pgDir('db2'), ['-w', 'start']);
  const replica = await superuser('db2');
  const { rows } = await replica.query('select pg_is_in_recovery() as standby');
  await replica.end();
  if (!rows[0].standby) throw new Error('db2 is not a standby');
  if (SYNCHRONOUS) {
    // Only now: a commit on a primary that waits for a standby it does not have yet never ends.
    const primary = await superuser('db1');
    await primary.query("alter system set synchronous_standby_names = '*'");
    await primary.query('select pg_reload_conf()');
    await until('the replica to be synchronous', async () => {
      const { rows: r } = await primary.query('select sync_state from pg_stat_replication');
      return r[0]?.sync_state === 'sync';
    });
    await primary.end();
  }
}

const pgbouncerIni = (app) => path.join(WORK, 'pgbouncer', app, 'pgbouncer.ini');

function writePgbouncerIni(app, primary) {
  const dir = path.dirname(pgbouncerIni(app));
  fs.writeFileSync(
    pgbouncerIni(app),
    [
      '[databases]',
      `pos = host=${addr(primary)} port=5432 dbname=pos`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      'listen_port = 6432',
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${dir}/userlist.txt`,
      'pool_mode = transaction',
      'max_client_conn = 400',
      'default_pool_size = 20',
      // A primary that refused a connection is tried again after 1 s (default 15 s).
      'server_login_retry = 1',
      'server_connect_timeout = 3',
      'query_wait_timeout = 15',
      `pidfile = ${dir}/pgbouncer.pid`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
}

function startPgbouncers() {
  const pgbouncers = {};
  for (const app of APPS) {
    const dir = path.dirname(pgbouncerIni(app));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'userlist.txt'), '"pos_app" ""\n');
    writePgbouncerIni(app, 'db1');
    chownPostgres(dir);
    pgbouncers[app] = start(`pgbouncer-${app}`, inHost(app, ...asPostgres(PGBOUNCER, [pgbouncerIni(app)])));
  }
  return pgbouncers;
}

const JWT_SECRET = randomBytes(48).toString('base64url');
const ADMIN_PASSWORD = randomBytes(12).toString('base64url');

function serverEnv() {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '0.0.0.0',
    PORT: String(SERVER_PORT),
    // One secret on every server: a session signed in through one is good on the others.
    JWT_SECRET,
    WEB_DIST: path.join(os.tmpdir(), 'pos-bench-no-web'),
    SEED_DEMO: 'never',
    ADMIN_USERNAME: 'drilladmin',
    ADMIN_PASSWORD,
    DATABASE_URL: 'postgres://pos_app@127.0.0.1:6432/pos',
    DATABASE_TRANSACTION_POOLER: 'true',
    DATABASE_MIGRATION_URL: 'postgres://pos_owner@pos-primary:5432/pos',
    DATABASE_READ_URL: 'postgres://pos_app@pos-replica:5432/pos',
    DATABASE_POOL_MAX: '10',
    // HAProxy says who the client is (X-Forwarded-For), as the guide sets it: only the LB is believed.
    TRUST_PROXY: addr('lb'),
    LOGIN_RATE_MAX_PER_IP: '10000',
  };
}

const healthy = (app) =>
  fetch(`http://${addr(app)}:${SERVER_PORT}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

/** The built server in the app host, with the environment the deployment guide gives it. */
const spawnServer = (app) =>
  start(app, inHost(app, process.execPath, [path.join(root, 'apps/server/dist/main.js')]), serverEnv());

async function startServer(app) {
  const child = spawnServer(app);
  await until(
    `${app}'s server`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${app}'s server exited: see ${WORK}/logs/${app}.log (--keep)`);
      return healthy(app).catch(() => false);
    },
    90_000,
  );
  return child;
}

/**
 * deploy/haproxy.cfg with this drill's servers and admin socket, in the foreground: no syslog, chroot, user
 * or daemon; everything else (timeouts, checks, retries) as shipped.
 */
function deployHaproxyConfig(dir) {
  const shipped = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8').split('\n');
  const out = [];
  for (const line of shipped) {
    if (/^\s*(log \/dev\/log|chroot|user |group |daemon)/.test(line)) continue;
    if (/^\s*server app\d/.test(line)) {
      if (!out.some((l) => l.includes(`${addr('app1')}:`))) {
        out.push(...APPS.map((app) => `    server ${app} ${addr(app)}:${SERVER_PORT}`));
      }
      continue;
    }
    out.push(line.replace(/stats socket \S+/, `stats socket ${dir}/admin.sock`));
  }
  if (!out.some((l) => l.includes(`${addr('app1')}:`))) throw new Error('deploy/haproxy.cfg: no server lines found');
  return out.join('\n');
}

function startHaproxy() {
  const dir = path.join(WORK, 'haproxy');
  fs.mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, deployHaproxyConfig(dir));
  run(HAPROXY, ['-c', '-f', config]);
  start('haproxy', inHost('lb', HAPROXY, ['-db', '-f', config]));
  return path.join(dir, 'admin.sock');
}

/** HAProxy's stats (`show stat`) as rows of name → value. */
function haproxyStats(socket) {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socket);
    let text = '';
    conn.setTimeout(2000, () => conn.destroy(new Error('stats timeout')));
    conn.on('data', (d) => {
      text += d;
    });
    conn.on('error', reject);
    conn.on('end', () => {
      const [header, ...lines] = text.trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      resolve(lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v]))));
    });
    conn.end('show stat\n');
  });
}

// ---------------------------------------------------------------------------------------------------------
// Set-up through the load balancer

function lbCall(method, route, { token, body } = {}) {
  return fetch(`${LB}/api${route}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  }).then(async (res) => {
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  });
}

async function setUpShop() {
  const tenant = await setUpTenant(lbCall, { adminUsername: 'drilladmin', adminPassword: ADMIN_PASSWORD });
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const price = 50 + (i % 400) + (i % 7) * 0.25;
    const created = await lbCall('POST', '/products', {
      token: tenant.adminToken,
      body: {
        name: `Drill Product ${i}`,
        sku: `DRILL-${i}`,
        cost: 10,
        price,
        stockQuantity: 10_000_000,
        branchId: tenant.branch.id,
      },
    });
    products.push({ id: created.data.id, price });
  }
  const registers = [{ token: tenant.cashierToken }];
  for (let i = 1; i < REGISTERS; i++) {
    const username = `drillcashier${String(i).padStart(2, '0')}`;
    registers.push({
      token: await addCashier(lbCall, tenant.adminToken, { ...tenant, username, name: `Drill Cashier ${i}` }),
    });
  }
  return { tenant, products, registers };
}

// ---------------------------------------------------------------------------------------------------------
// The load: registers that retry a sale with its key until it is answered

/**
 * One register's closed loop until `deadline`; a sale begun before it is finished (retried for at most
 * 5 minutes). Answers what it sent and saw.
 */
async function registerLoop(index, register, { branchId, products, send, t0, deadline }) {
  const at = () => (performance.now() - t0) / 1000;
  const mine = { index, sales: [], errors: [], attempts: 0 };
  while (performance.now() < deadline) {
    const key = randomUUID();
    const body = JSON.stringify(salePayload(branchId, products));
    const sale = { key, sentAt: at(), attempts: 0, outcome: 'pending' };
    mine.sales.push(sale);
    const giveUp = performance.now() + 300_000;
    for (;;) {
      sale.attempts++;
      mine.attempts++;
      const started = at();
      const res = await send(register.token, body, key);
      if (res.status === 201 || res.status === 200) {
        const answer = JSON.parse(res.text);
        Object.assign(sale, {
          outcome: 'answered',
          answeredAt: at(),
          startedAt: started,
          id: answer.data?.id,
          replayed: res.replayed,
        });
        break;
      }
      const kind = res.error ?? `http ${res.status}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        Object.assign(sale, { outcome: 'refused', status: res.status, body: res.text.slice(0, 300) });
        break;
      }
      mine.errors.push({ t: at(), kind, detail: res.text?.slice(0, 160) });
      if (performance.now() > giveUp) {
        sale.outcome = 'gave up';
        break;
      }
      await sleep(500 + Math.random() * 500);
    }
  }
  return mine;
}

// ---------------------------------------------------------------------------------------------------------
// Faults

async function failover(events, at, pgbouncers) {
  events.push({ t: at(), event: `stopping the primary (pg_ctl stop -m ${STOP_MODE})` });
  pgCtl('db1', pgDir('db1'), ['-m', STOP_MODE, '-w', 'stop'], 60_000);
  events.push({ t: at(), event: 'primary stopped; promoting the replica (pg_ctl promote)' });
  pgCtl('db2', pgDir('db2'), ['-w', 'promote'], 60_000);
  events.push({ t: at(), event: 'replica promoted; pointing the app hosts at it' });
  for (const app of APPS) {
    writeHosts(app, 'db2');
    writePgbouncerIni(app, 'db2');
    pgbouncers[app].kill('SIGHUP');
  }
  events.push({ t: at(), event: 'app hosts reconfigured (/etc/hosts, PgBouncer reloaded)' });
}

// ---------------------------------------------------------------------------------------------------------
// Backup and restore

const saleDigestSql = `select count(*)::int as sales, coalesce(sum(total), 0)::text as total,
  md5(coalesce(string_agg(id::text || ':' || total::text, ',' order by id), '')) as digest from sales`;

async function saleFigures(host, database) {
  const db = await superuser(host, database);
  try {
    return (await db.query(saleDigestSql)).rows[0];
  } finally {
    await db.end();
  }
}

async function backupAndRestore(primary) {
  const result = {};
  const live = await saleFigures(primary, 'pos');
  result.live = live;
  // pg_dump -Fc of the live database, restored into a new database of the same instance.
  const dump = path.join(WORK, 'pos.dump');
  let t = performance.now();
  run(path.join(PG_BIN, 'pg_dump'), ['-h', addr(primary), '-U', 'postgres', '-Fc', '-f', dump, 'pos']);
  const dumpSeconds = (performance.now() - t) / 1000;
  const admin = await superuser(primary);
  await admin.query('create database pos_restored owner pos_owner');
  await admin.end();
  t = performance.now();
  run(path.join(PG_BIN, 'pg_restore'), [
    '-h',
    addr(primary),
    '-U',
    'postgres',
    '-d',
    'pos_restored',
    '--exit-on-error',
    dump,
  ]);
  const restored = await saleFigures(primary, 'pos_restored');
  result.pgDump = {
    bytes: fs.statSync(dump).size,
    dumpSeconds: +dumpSeconds.toFixed(1),
    restoreSeconds: +((performance.now() - t) / 1000).toFixed(1),
    restored,
    matches: restored.sales === live.sales && restored.total === live.total && restored.digest === live.digest,
  };
  // The base backup taken before the load, recovered from the WAL archive: db1's timeline up to its
  // shutdown, then the promoted replica's (its last segment archived now), on a fresh instance in db1.
  const db = await superuser(primary);
  const { rows } = await db.query('select pg_walfile_name(pg_switch_wal()) as segment');
  await until('the last WAL segment to be archived', async () =>
    fs.existsSync(path.join(pgDir('archive'), rows[0].segment)),
  );
  await db.end();
  const archive = fs.readdirSync(pgDir('archive'));
  fs.cpSync(pgDir('base'), pgDir('pitr'), { recursive: true });
  const { uid, gid } = postgresIds();
  run('chown', ['-R', `${uid}:${gid}`, pgDir('pitr')]);
  fs.appendFileSync(
    path.join(pgDir('pitr'), 'postgresql.auto.conf'),
    [
      '',
      'archive_mode = off',
      "synchronous_standby_names = ''",
      `restore_command = 'cp ${pgDir('archive')}/%f %p'`,
      "recovery_target_timeline = 'latest'",
      "recovery_target_action = 'promote'",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(pgDir('pitr'), 'recovery.signal'), '');
  fs.chownSync(path.join(pgDir('pitr'), 'recovery.signal'), uid, gid);
  t = performance.now();
  pgCtl('db1', pgDir('pitr'), ['-w', '-t', '600', 'start'], 620_000);
  await until(
    'the point-in-time recovery to end',
    async () => {
      const c = await superuser('db1').catch(() => undefined);
      if (!c) return undefined;
      const { rows } = await c.query('select pg_is_in_recovery() as r');
      await c.end();
      return rows[0].r ? undefined : true;
    },
    600_000,
    500,
  );
  const recovered = await saleFigures('db1', 'pos');
  result.baseBackupAndWal = {
    archivedSegments: archive.filter((f) => /^[0-9A-F]{24}$/.test(f)).length,
    timelineHistories: archive.filter((f) => f.endsWith('.history')),
    partialSegments: archive.filter((f) => f.endsWith('.partial')).length,
    recoverySeconds: +((performance.now() - t) / 1000).toFixed(1),
    recovered,
    matches: recovered.sales === live.sales && recovered.total === live.total && recovered.digest === live.digest,
  };
  pgCtl('db1', pgDir('pitr'), ['-m', 'fast', '-w', 'stop'], 60_000);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Figures

const round = (n, digits = 1) => (n === undefined || n === null ? n : +n.toFixed(digits));

function countBy(list, key) {
  const counts = {};
  for (const item of list) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/**
 * Errors, recovery and HAProxy's view of one fault, from `from` (when it was made) to `to` (the next fault or
 * the end), in seconds of the load; `restoredAt`: when the fault was undone (server started, link up, hosts
 * reconfigured).
 */
function faultFigures(fault, { registers, states, from, to, restoredAt }) {
  const inWindow = (t) => t >= from && t < to;
  const errors = registers.flatMap((r) => r.errors.filter((e) => inWindow(e.t)));
  // Every register that failed in the window sold again: when (its first answer after its last error).
  let allSellingAgain = 0;
  for (const r of registers) {
    const last = r.errors.filter((e) => inWindow(e.t)).at(-1);
    if (!last) continue;
    const next = r.sales.find((s) => s.outcome === 'answered' && s.answeredAt > last.t);
    allSellingAgain = Math.max(allSellingAgain, next ? next.answeredAt : Number.POSITIVE_INFINITY);
  }
  const haproxy = {};
  for (const app of APPS) {
    const changes = states.filter((s) => s.server === app && inWindow(s.t));
    if (changes.length) haproxy[app] = changes.map((s) => `${s.status} at +${round(s.t - from)} s`);
  }
  const answered = registers.flatMap((r) => r.sales.filter((s) => s.outcome === 'answered' && inWindow(s.answeredAt)));
  const saleSeconds = answered.map((s) => s.answeredAt - s.sentAt).sort((a, b) => a - b);
  return {
    fault,
    atSecond: round(from),
    restoredAfterS: restoredAt === undefined ? null : round(restoredAt - from),
    windowS: round(to - from),
    errors: errors.length,
    errorsByKind: countBy(errors, (e) => e.kind),
    firstErrorAfterS: errors.length ? round(Math.min(...errors.map((e) => e.t)) - from) : null,
    lastErrorAfterS: errors.length ? round(Math.max(...errors.map((e) => e.t)) - from) : null,
    registersWithErrors: registers.filter((r) => r.errors.some((e) => inWindow(e.t))).length,
    allRegistersSellingAgainAfterS: errors.length ? round(allSellingAgain - from) : 0,
    salesAnswered: answered.length,
    answeredAsReplay: answered.filter((s) => s.replayed).length,
    // From the sale's first attempt to its answer, retries included.
    saleSeconds: {
      p50: round(pick(saleSeconds, 50), 3),
      p99: round(pick(saleSeconds, 99), 2),
      max: round(saleSeconds.at(-1), 2),
    },
    haproxy,
  };
}

const pick = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function lagSummary(samples) {
  const lags = samples
    .map((s) => s.replayLagMs)
    .filter((v) => v !== null && v !== undefined)
    .sort((a, b) => a - b);
  const bytes = samples
    .map((s) => s.lagBytes)
    .filter((v) => v !== null && v !== undefined)
    .sort((a, b) => a - b);
  return {
    samples: samples.length,
    replayLagMs: lags.length ? { p50: pick(lags, 50), p95: pick(lags, 95), max: lags.at(-1) } : null,
    lagBytes: bytes.length ? { p50: pick(bytes, 50), p95: pick(bytes, 95), max: bytes.at(-1) } : null,
    streaming: samples.filter((s) => s.state === 'streaming').length,
  };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  if (process.getuid?.() !== 0) {
    console.error(
      'bench/cluster.mjs makes network namespaces and runs PostgreSQL as the postgres user: run it as root.',
    );
    process.exit(1);
  }
  const missing = [HAPROXY, PGBOUNCER, path.join(PG_BIN, 'pg_basebackup'), '/usr/sbin/ip', '/usr/bin/setpriv'].filter(
    (file) => !fs.existsSync(file),
  );
  if (!['fast', 'immediate'].includes(STOP_MODE)) {
    console.error('--stop fast|immediate');
    process.exit(1);
  }
  if (missing.length) {
    console.error(
      `bench/cluster.mjs needs ${missing.join(', ')} (Debian: apt-get install haproxy pgbouncer postgresql iproute2)`,
    );
    process.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      cleanUpOnce();
      process.exit(130);
    });
  }
  process.once('exit', cleanUpOnce);
  // undici leaves its sockets unreferenced: without this, Node may exit while requests are still pending.
  const keepAlive = setInterval(() => {}, 1000);

  cleanUp();
  if (!args.includes('--no-build')) buildServer();
  fs.mkdirSync(path.join(WORK, 'logs'), { recursive: true });
  const result = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    registers: REGISTERS,
    haproxyConfig: 'deploy/haproxy.cfg',
    primaryStop: STOP_MODE,
    replication: SYNCHRONOUS ? 'synchronous (synchronous_standby_names)' : 'asynchronous (PostgreSQL default)',
    cores: os.cpus().length,
    loadBefore: loadAverage(),
    databaseUrl: 'PgBouncer (transaction mode) on each app host',
  };
  log('network namespaces and bridge');
  makeNetwork();
  log('PostgreSQL primary in db1, base backup, replica in db2');
  await makeDatabases();
  const pgbouncers = startPgbouncers();
  log('servers (DATABASE_URL through PgBouncer)');
  const servers = {};
  servers.app1 = await startServer('app1');
  [servers.app2, servers.app3] = await Promise.all([startServer('app2'), startServer('app3')]);
  const haproxySocket = startHaproxy();
  await until('HAProxy to see three servers up', async () => {
    const rows = await haproxyStats(haproxySocket).catch(() => []);
    return APPS.every((app) => rows.find((r) => r.svname === app)?.status === 'UP');
  });
  log(`set-up through the load balancer: ${PRODUCTS} products, ${REGISTERS} cashiers`);
  const shop = await setUpShop();

  // Samplers: HAProxy's server states, the replica's lag.
  const t0 = performance.now();
  const at = () => (performance.now() - t0) / 1000;
  const events = [];
  const states = [];
  const lagSamples = [];
  const lastState = {};
  let sampling = true;
  let primaryUp = true;
  const lagClient = await superuser('db1');
  const samplers = (async () => {
    while (sampling) {
      const tick = performance.now();
      const rows = await haproxyStats(haproxySocket).catch(() => []);
      for (const row of rows.filter((r) => APPS.includes(r.svname))) {
        const status = row.status.split(' ')[0];
        if (lastState[row.svname] !== status) {
          lastState[row.svname] = status;
          states.push({ t: at(), server: row.svname, status });
        }
      }
      if (primaryUp) {
        const sample = await lagClient
          .query(
            `select state, (extract(epoch from replay_lag) * 1000)::int as ms,
                    pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint as bytes from pg_stat_replication`,
          )
          .then(
            ({ rows: r }) => ({
              t: at(),
              state: r[0]?.state ?? 'none',
              replayLagMs: r[0]?.ms ?? null,
              lagBytes: Number(r[0]?.bytes ?? 0),
            }),
            () => undefined,
          );
        if (sample && primaryUp) lagSamples.push(sample);
      }
      await sleep(Math.max(0, 1000 - (performance.now() - tick)));
    }
  })();

  // The faults, on their schedule.
  const scale = SECONDS / 240;
  const schedule = { kill: 40 * scale, cut: 90 * scale, failover: 150 * scale };
  result.schedule = {
    killApp1AtS: round(schedule.kill),
    restartApp1AfterS: 10,
    cutApp2LinkAtS: round(schedule.cut),
    linkDownForS: 30,
    failoverAtS: round(schedule.failover),
  };
  const faults = (async () => {
    await sleep(schedule.kill * 1000 - (performance.now() - t0));
    events.push({ t: at(), event: 'SIGKILL app1 server' });
    servers.app1.kill('SIGKILL');
    await sleep(10_000);
    events.push({ t: at(), event: 'starting app1 server again' });
    servers.app1 = spawnServer('app1');
    await until("app1's server", () => healthy('app1'), 90_000);
    events.push({ t: at(), event: 'app1 server answers /api/health' });
    await sleep(schedule.cut * 1000 - (performance.now() - t0));
    events.push({ t: at(), event: "app2's link down" });
    run('ip', ['link', 'set', 'pd-app2', 'down']);
    await sleep(30_000);
    run('ip', ['link', 'set', 'pd-app2', 'up']);
    events.push({ t: at(), event: "app2's link up" });
    await sleep(schedule.failover * 1000 - (performance.now() - t0));
    primaryUp = false;
    await failover(events, at, pgbouncers);
  })();

  log(`${REGISTERS} registers selling for ${SECONDS} s; faults at ${JSON.stringify(result.schedule)}`);
  const sender = saleSender(LB, { sockets: REGISTERS * 2, timeoutMs: REQUEST_TIMEOUT_MS });
  const deadline = t0 + SECONDS * 1000;
  const registers = await Promise.all(
    shop.registers.map((register, i) =>
      registerLoop(i, register, {
        branchId: shop.tenant.branch.id,
        products: shop.products,
        send: sender.send,
        t0,
        deadline,
      }),
    ),
  );
  const loadSeconds = at();
  await faults;
  sampling = false;
  await samplers;
  sender.close();
  await lagClient.end().catch(() => {});
  result.loadAfter = loadAverage();
  result.loadSeconds = round(loadSeconds);
  result.events = events.map((e) => ({ ...e, t: round(e.t) }));
  result.haproxyStates = states.map((s) => ({ ...s, t: round(s.t) }));
  log('load over; checking the database');

  // What the registers sent against what the new primary has.
  const sales = registers.flatMap((r) => r.sales);
  const answered = sales.filter((s) => s.outcome === 'answered');
  const db = await superuser('db2', 'pos');
  const { rows: stored } = await db.query('select id, idempotency_key as key from sales');
  const { rows: duplicates } = await db.query(
    'select idempotency_key as key, count(*)::int as n from sales group by idempotency_key having count(*) > 1',
  );
  // Stock: each product's figure is its ledger's sum, and 10,000,000 less the units its sale lines took.
  const { rows: stock } = await db.query(
    `select count(*) filter (where p.stock_quantity <> coalesce(m.signed, 0))::int as ledger_off,
            count(*) filter (where p.stock_quantity <> 10000000 - coalesce(l.sold, 0))::int as sales_off,
            count(*)::int as products
     from products p
     left join (select product_id, sum(case when direction = 'in' then quantity else -quantity end) as signed
                from stock_movements group by product_id) m on m.product_id = p.id
     left join (select product_id, sum(quantity) as sold from sale_items group by product_id) l on l.product_id = p.id`,
  );
  result.stock = {
    products: stock[0].products,
    offTheirLedger: stock[0].ledger_off,
    offTheirSaleLines: stock[0].sales_off,
  };
  // The two roles as the server left them: pos_owner owns the tables, pos_app may not change the schema.
  const { rows: roles } = await db.query(
    `select (select tableowner from pg_tables where tablename = 'sales') as owner,
            (select rolsuper from pg_roles where rolname = 'pos_app') as app_superuser,
            has_schema_privilege('pos_app', 'public', 'CREATE') as app_can_create,
            has_table_privilege('pos_app', 'audit_logs', 'UPDATE') as app_can_update_audit_log`,
  );
  result.roles = roles[0];
  await db.end();
  const storedByKey = new Map(stored.map((row) => [row.key, row.id]));
  const sentKeys = new Set(sales.map((s) => s.key));
  const lost = answered.filter((s) => !storedByKey.has(s.key));
  const wrongId = answered.filter((s) => storedByKey.has(s.key) && storedByKey.get(s.key) !== s.id);
  const errors = registers.flatMap((r) => r.errors);
  result.sales = {
    sent: sales.length,
    answered: answered.length,
    answeredAsReplay: answered.filter((s) => s.replayed).length,
    refused: sales.filter((s) => s.outcome === 'refused').length,
    refusedSamples: sales
      .filter((s) => s.outcome === 'refused')
      .slice(0, 3)
      .map((s) => `${s.status} ${s.body}`),
    gaveUp: sales.filter((s) => s.outcome === 'gave up').length,
    inDatabase: stored.length,
    notSentByRegisters: stored.filter((row) => !sentKeys.has(row.key)).length,
    sentNotInDatabase: sales.filter((s) => !storedByKey.has(s.key)).length,
    lost: lost.length,
    lostKeys: lost.slice(0, 5).map((s) => s.key),
    duplicated: duplicates.length,
    answeredWithAnotherId: wrongId.length,
    attempts: registers.reduce((n, r) => n + r.attempts, 0),
    salesRetried: sales.filter((s) => s.attempts > 1).length,
    perSecond: round(answered.length / loadSeconds),
  };
  result.errors = { total: errors.length, byKind: countBy(errors, (e) => e.kind) };
  result.errorSamples = [...new Map(errors.filter((e) => e.detail).map((e) => [e.kind, e.detail])).entries()].slice(
    0,
    6,
  );
  const when = (prefix) => events.find((e) => e.event.startsWith(prefix))?.t;
  const marks = {
    kill: when('SIGKILL'),
    restarted: when('app1 server answers'),
    cut: when("app2's link down"),
    linkUp: when("app2's link up"),
    stop: when('stopping the primary'),
    stopped: when('primary stopped'),
    promoted: when('replica promoted'),
    reconfigured: when('app hosts reconfigured'),
  };
  const end = loadSeconds + 1;
  result.faults = [
    faultFigures('SIGKILL app1 server, started again after 10 s', {
      registers,
      states,
      from: marks.kill,
      to: marks.cut ?? end,
      restoredAt: marks.restarted,
    }),
    faultFigures("app2's link cut for 30 s", {
      registers,
      states,
      from: marks.cut,
      to: marks.stop ?? end,
      restoredAt: marks.linkUp,
    }),
    faultFigures('primary stopped, replica promoted, app hosts reconfigured', {
      registers,
      states,
      from: marks.stop,
      to: end,
      restoredAt: marks.reconfigured,
    }),
  ];
  const firstAfter = Math.min(...answered.filter((s) => s.startedAt >= marks.reconfigured).map((s) => s.answeredAt));
  result.faults[2].failoverSteps = {
    stoppedAfterS: round(marks.stopped - marks.stop),
    promotedAfterS: round(marks.promoted - marks.stop),
    reconfiguredAfterS: round(marks.reconfigured - marks.stop),
    firstSaleSentAfterReconfigurationAnsweredAfterS: round(firstAfter - marks.stop),
  };
  const saleSeconds = answered.map((s) => s.answeredAt - s.sentAt).sort((a, b) => a - b);
  result.sales.saleSeconds = {
    p50: round(pick(saleSeconds, 50), 3),
    p99: round(pick(saleSeconds, 99), 2),
    max: round(saleSeconds.at(-1), 2),
  };
  result.replicaLag = lagSummary(lagSamples);
  const buckets = [];
  for (const s of answered) {
    const b = Math.floor(s.answeredAt / 10);
    buckets[b] = (buckets[b] ?? 0) + 1;
  }
  result.salesPerSecondBy10s = Array.from(buckets, (n) => round((n ?? 0) / 10));
  const stats = await haproxyStats(haproxySocket).catch(() => []);
  const pool = stats.find((r) => r.svname === 'app1')?.pxname;
  const backend = stats.find((r) => r.pxname === pool && r.svname === 'BACKEND');
  result.haproxy = backend
    ? { retries: Number(backend.wretr), redispatches: Number(backend.wredis), http5xx: Number(backend.hrsp_5xx) }
    : null;

  // The read URL now names a primary: the server still answers reports and its health.
  // (Asked again for up to 20 s: with a short --seconds the failover may have just happened.)
  let failedReads = 0;
  const { health, report } = await until(
    'the health and a report after the failover',
    async () => {
      try {
        const answer = await fetch(`${LB}/api/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.json());
        const sales = await lbCall('GET', `/reports/sales-by-day?branchId=${shop.tenant.branch.id}`, {
          token: shop.tenant.adminToken,
        });
        return { health: answer, report: sales };
      } catch {
        failedReads++;
        return undefined;
      }
    },
    20_000,
    1000,
  );
  result.afterFailover = {
    failedReadsFirst: failedReads,
    health: { status: health.status, replica: health.replica },
    reportTransactions: report.data?.totals?.transactions,
    reportFreshness: report.meta?.freshness ?? null,
  };

  log('backup and restore: pg_dump -Fc, and the base backup with the WAL archive');
  for (const app of APPS) servers[app]?.kill('SIGTERM');
  result.backup = await backupAndRestore('db2');

  clearInterval(keepAlive);
  writeResult('cluster', result);
  console.log(JSON.stringify(result, null, 2));
  const ok =
    result.sales.lost === 0 &&
    result.sales.duplicated === 0 &&
    result.sales.answeredWithAnotherId === 0 &&
    result.stock.offTheirLedger === 0 &&
    result.stock.offTheirSaleLines === 0 &&
    result.backup.pgDump.matches &&
    result.backup.baseBackupAndWal.matches;
  log(ok ? 'every answered sale is in the database once; both restores match' : 'CHECK FAILED: see the figures');
  cleanUpOnce();
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  cleanUpOnce();
  process.exit(1);
});
