import { REFUSALS, type Refusal } from '../db/refusals';

/** What the drivers (pg, PGlite) put on a PostgreSQL error; Drizzle wraps it as `cause`. */
export type PgError = { code: string; constraint?: string; detail?: string; hint?: string };

/**
 * The PostgreSQL error (one with a five-character SQLSTATE `code`) in the error or its cause chain:
 * the one walk every caller uses (the error handler, the services that map a unique violation).
 */
export function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** A unique violation (23505), of the named constraint when one is given and the driver names it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  if (pg?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || pg.constraint === undefined || pg.constraint === constraint;
}

const refusals: ReadonlySet<string> = new Set(Object.values(REFUSALS));

/** The database's refusal (its hint, one of REFUSALS in db/refusals.ts) in the error or its cause chain. */
export function refusalOf(error: unknown): Refusal | undefined {
  const hint = pgErrorOf(error)?.hint ?? (error as { hint?: unknown } | undefined)?.hint;
  return typeof hint === 'string' && refusals.has(hint) ? (hint as Refusal) : undefined;
}

/**
 * The database was not there to answer: no connection (refused, reset, timed out, closed under the query),
 * a server shutting down (57P01-57P03) or a connection exception (class 08), or a standby cancelling the
 * query for replay (40001 'conflict with recovery' from a hot standby). A read that met one may be read again
 * elsewhere; a query error (bad input, a refusal) may not.
 */
export function isUnavailable(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  if (code) return code.startsWith('08') || ['57P01', '57P02', '57P03', '40001'].includes(code);
  for (let current: unknown = error, i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const { code: nodeCode, message } = current as { code?: unknown; message?: unknown };
    if (typeof nodeCode === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(nodeCode))
      return true;
    if (typeof message === 'string' && /Connection terminated|connection timeout|No answer within/i.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
