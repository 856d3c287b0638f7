import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * PostgreSQL connections per server process by default (`DATABASE_POOL_MAX`). More backends than the database's
 * cores each running a sale make PostgreSQL spend its time in their contention on the same hot pages and the WAL:
 * with 32 registers on two cores, 20 connections cost it a fifth more CPU per sale than 8-12, and sold a tenth
 * less (bench/README.md, 'The pool's size'). A request past the pool waits in the process, which is cheaper.
 */
export const DEFAULT_POOL_MAX = 10;

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/24`, `fd00::/8`). */
function isAddressOrRange(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

// The only reader of process.env in the server.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** The role the server works as: with DATABASE_MIGRATION_URL, one without DDL rights (README, 'Two database roles'). */
  DATABASE_URL: z.string().url().optional(),
  /** The owner of the tables, who migrates; default DATABASE_URL (one role does both). */
  DATABASE_MIGRATION_URL: z.string().url().optional(),
  /**
   * A streaming replica of DATABASE_URL that reports, exports and the analytics pages read from
   * (docs/architecture/database.md, 'Reads from a replica'); unset, they read DATABASE_URL. Ignored on
   * the embedded database.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /**
   * 'true' when DATABASE_URL goes through a transaction-mode pooler (PgBouncer before 1.21): no statement is
   * prepared by name (docs/architecture/database.md, 'Pooling'). Needs DATABASE_MIGRATION_URL, straight to
   * PostgreSQL: migrations hold a session lock.
   */
  DATABASE_TRANSACTION_POOLER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** PostgreSQL connections per server process (DEFAULT_POOL_MAX). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_MAX),
  /** The embedded database (no autovacuum) is vacuumed and analyzed this often. */
  EMBEDDED_MAINTENANCE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(10),
  JWT_SECRET: z.string().min(32).optional(),
  POS_TIMEZONE: z.string().default('Asia/Karachi'),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOGIN_RATE_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_MAX_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * Whose X-Forwarded-For / X-Forwarded-Proto to believe: 'false' (nobody), 'true' (any peer: only when
   * nothing but the proxy can reach the server), or the proxies' addresses or CIDR ranges, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => v.trim())
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every((a) => isAddressOrRange(a.trim())), {
      message: "'true', 'false' or the proxies' addresses or CIDR ranges, comma-separated",
    })
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim()))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  /** FBR's fiscal endpoints (docs/architecture/fiscal.md); a branch set to the simulator names its own URL. */
  FBR_SANDBOX_URL: z.string().url().default('https://esp.fbr.gov.pk:8244/FBR/v1/api/Live/PostData'),
  FBR_PRODUCTION_URL: z.string().url().default('https://gw.fbr.gov.pk/imsp/v1/api/Live/PostData'),
  /** How long the fiscal outbox waits for the authority's answer before trying again later. */
  FISCAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema
    .refine((env) => !env.DATABASE_MIGRATION_URL || env.DATABASE_URL, {
      path: ['DATABASE_MIGRATION_URL'],
      message: 'needs DATABASE_URL (the role the server works as)',
    })
    .refine((env) => !env.DATABASE_TRANSACTION_POOLER || env.DATABASE_MIGRATION_URL, {
      path: ['DATABASE_TRANSACTION_POOLER'],
      message: 'needs DATABASE_MIGRATION_URL, a direct connection to PostgreSQL (migrations hold a session lock)',
    })
    .safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
