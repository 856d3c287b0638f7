import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, bodyTooLarge } from './errors';
import { isUnavailable, pgErrorOf, UNIQUE_VIOLATION } from './pg-errors';

/** The error envelope of a 4xx. */
export type ClientError = {
  statusCode: number;
  body: { success: false; message: string; code: string; errors?: Record<string, string> };
};

/**
 * The 4xx a service's error answers (an AppError, a unique violation, a serialization failure, a bad
 * value PostgreSQL refused), or null for an unexpected error (a 500). The error handler answers with it,
 * and the sale batch answers each sale's error with it (features/transactions).
 */
export function clientErrorOf(error: unknown): ClientError | null {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: { success: false, message: error.message, code: error.code, ...(error.errors && { errors: error.errors }) },
    };
  }
  const pgError = pgErrorOf(error);
  if (pgError?.code === UNIQUE_VIOLATION) {
    return {
      statusCode: 409,
      body: { success: false, message: 'A record with these details already exists', code: 'DUPLICATE' },
    };
  }
  if (pgError?.code === '40001' || pgError?.code === '40P01') {
    return {
      statusCode: 409,
      body: { success: false, message: 'Please retry: a concurrent change got there first', code: 'RETRY' },
    };
  }
  if (pgError?.code?.startsWith('22')) {
    return { statusCode: 400, body: { success: false, message: 'Invalid value in request', code: 'BAD_REQUEST' } };
  }
  return null;
}

/** Turns every error into the API's envelope; nothing above 499 carries details, and no stack leaves. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || issue.params?.missingProperty;
        const key = String(field || '_');
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      const message = Object.values(errors)[0] ?? 'Invalid request';
      return reply.code(400).send({ success: false, message, code: 'VALIDATION_ERROR', errors });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify's own text names no limit; the route's limit is what the client needs to know.
      const { statusCode, code, message } = bodyTooLarge(
        req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0,
      );
      return reply.code(statusCode).send({ success: false, message, code });
    }
    const clientError = clientErrorOf(error);
    if (clientError) return reply.code(clientError.statusCode).send(clientError.body);
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const message = error.message || 'Too many requests. Please try again later.';
      return reply.code(429).send({ success: false, message, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    if (isUnavailable(error)) {
      // The database went away under the request (a failover, a restart, the pooler): not a bug, and worth
      // sending again (a sale with its Idempotency-Key); the same answer as /api/health's.
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .send({ success: false, message: 'The database is not reachable. Please try again.', code: 'DB_UNAVAILABLE' });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, message: 'Internal server error', code: 'INTERNAL' });
  });
}
