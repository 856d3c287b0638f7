import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, LogController, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { startSalesRollup } from './domain/sales-rollup';
import type { Env } from './env';
import { approvalsRoutes } from './features/approvals/approvals.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { authPublicRoutes, authRoutes } from './features/auth/auth.routes';
import { brandsRoutes } from './features/brands/brands.routes';
import { categoriesRoutes } from './features/categories/categories.routes';
import { companiesRoutes } from './features/companies/companies.routes';
import { customersRoutes } from './features/customers/customers.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { eventStreamRoutes, eventTicketRoutes } from './features/events/events.routes';
import { exceptionsRoutes } from './features/exceptions/exceptions.routes';
import { fiscalRoutes } from './features/fiscal/fiscal.routes';
import { type FiscalConfig, startFiscalOutbox } from './features/fiscal/fiscal-outbox';
import { fiscalSecrets } from './features/fiscal/fiscal-secrets';
import { giftVouchersRoutes } from './features/gift-vouchers/gift-vouchers.routes';
import { healthRoutes } from './features/health/health.routes';
import { importRoutes } from './features/import/import.routes';
import { inventoryRoutes } from './features/inventory/inventory.routes';
import { inventoryFlagsRoutes } from './features/inventory/inventory-flags.routes';
import { itemsRoutes } from './features/items/items.routes';
import { productsRoutes } from './features/products/products.routes';
import { purchasingRoutes } from './features/purchasing/purchasing.routes';
import { registersRoutes } from './features/registers/registers.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { returnsRoutes } from './features/returns/returns.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { shiftsRoutes } from './features/shifts/shifts.routes';
import { syncRoutes } from './features/sync/sync.routes';
import { taxClassesRoutes } from './features/tax-classes/tax-classes.routes';
import { transactionsRoutes } from './features/transactions/transactions.routes';
import { transfersRoutes } from './features/transfers/transfers.routes';
import { usersRoutes } from './features/users/users.routes';
import { registerAuthHook } from './lib/auth-hook';
import { registerErrorHandler } from './lib/error-handler';
import { swaggerOptions } from './lib/openapi';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createTokenService } from './lib/tokens';
import './types';

export type AppOptions = {
  env: Env;
  database: Database;
  jwtSecret: string;
  logger?: boolean;
  /** Called for every route as it is registered (the test suites walk the API's operations with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Whether this process rolls new sales up into the kept totals (domain/sales-rollup.ts); on unless a test needs the queue to stay. */
  salesRollup?: boolean;
  /** Whether this process sends the fiscal outbox (features/fiscal); on unless a test sends it itself. */
  fiscalOutbox?: boolean;
};

export async function buildApp({
  env,
  database,
  jwtSecret,
  logger = true,
  onRoute,
  salesRollup = true,
  fiscalOutbox = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: env.LOG_LEVEL,
          // process.stdout writes synchronously to files and pipes, so log lines keep their order with
          // console.log's (pino's default writer is asynchronous: "Server listening" could come last).
          ...(env.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : { stream: process.stdout }),
          redact: ['req.headers.authorization'],
        }
      : false,
    bodyLimit: 1024 * 1024,
    // One line per request only at LOG_LEVEL=debug (or trace): at info the console keeps the address
    // and the demo users in view.
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace' }),
    // Only behind a known reverse proxy may X-Forwarded-For name the client (the login rate limit keys on it).
    trustProxy: env.TRUST_PROXY,
    // Addresses the router refuses (a path parameter over 100 characters, broken %-encoding) answer
    // in the error envelope too.
    frameworkErrors: (error, _req, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as unknown as FastifyReply).code(tooLong ? 414 : 400).send({
        success: false,
        message: tooLong ? 'The address is too long' : 'Malformed address',
        code: 'BAD_REQUEST',
      });
    },
    // Requests Node's HTTP parser refuses (headers over 16 KB, a 300 KB query string) likewise.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const message = { 431: 'The request headers are too large', 408: 'Request timeout', 400: 'Malformed request' }[
        status
      ];
      const body = JSON.stringify({ success: false, message, code: status === 408 ? 'TIMEOUT' : 'BAD_REQUEST' });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', createTokenService(jwtSecret));
  if (onRoute) app.addHook('onRoute', onRoute);
  if (salesRollup) {
    const rollup = startSalesRollup(database.db, (message) => app.log.warn(message));
    app.addHook('onClose', () => rollup.stop());
  }
  const fiscal: FiscalConfig = {
    secrets: fiscalSecrets(jwtSecret),
    sandboxUrl: env.FBR_SANDBOX_URL,
    productionUrl: env.FBR_PRODUCTION_URL,
    timeoutMs: env.FISCAL_TIMEOUT_MS,
    leaseMs: env.FISCAL_TIMEOUT_MS * 2 + 5_000,
  };
  app.decorate('fiscal', fiscal);
  if (fiscalOutbox) {
    const outbox = startFiscalOutbox(database.db, fiscal, (message) => app.log.warn(message));
    app.addHook('onClose', () => outbox.stop());
  }
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine writes its CSS variables into style tags; the receipt popup is an about:blank window.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // The register checks a manager's PIN offline with argon2id in WebAssembly (hash-wasm): compiling
        // WebAssembly is allowed, evaluating strings as code is not.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        // Added below, only for requests that came over TLS.
        'upgrade-insecure-requests': null,
      },
    },
    hsts: false,
  });
  addTlsOnlyHeaders(app);
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authPublicRoutes);
      // Live events authenticate by a ticket (EventSource sends no Authorization header).
      await api.register(eventStreamRoutes, { secret: jwtSecret });
      await api.register(async (protectedApi) => {
        registerAuthHook(protectedApi);
        await protectedApi.register(authRoutes);
        await protectedApi.register(companiesRoutes);
        await protectedApi.register(settingsRoutes);
        await protectedApi.register(fiscalRoutes);
        await protectedApi.register(approvalsRoutes);
        await protectedApi.register(auditRoutes);
        await protectedApi.register(categoriesRoutes);
        await protectedApi.register(brandsRoutes);
        await protectedApi.register(productsRoutes);
        await protectedApi.register(itemsRoutes);
        await protectedApi.register(taxClassesRoutes);
        await protectedApi.register(usersRoutes);
        await protectedApi.register(transactionsRoutes);
        await protectedApi.register(customersRoutes);
        await protectedApi.register(giftVouchersRoutes);
        await protectedApi.register(returnsRoutes);
        await protectedApi.register(dashboardRoutes);
        await protectedApi.register(reportsRoutes);
        await protectedApi.register(inventoryRoutes);
        await protectedApi.register(transfersRoutes);
        await protectedApi.register(purchasingRoutes);
        await protectedApi.register(registersRoutes);
        await protectedApi.register(exceptionsRoutes);
        await protectedApi.register(syncRoutes);
        await protectedApi.register(eventTicketRoutes, { secret: jwtSecret });
        await protectedApi.register(inventoryFlagsRoutes);
        await protectedApi.register(importRoutes);
        await protectedApi.register(shiftsRoutes);
      });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, env);
  return app;
}

/**
 * HSTS and the CSP's upgrade-insecure-requests only for a request that came over TLS (req.protocol:
 * the socket, or X-Forwarded-Proto behind TRUST_PROXY). Over plain HTTP (a second register opening
 * http://<shop LAN address>:3000) they would make the browser fetch every script over https: a blank page.
 */
function addTlsOnlyHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol !== 'https') return;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
}

/** The built web app at /, with index.html for client-side routes; unknown /api paths stay JSON 404s. */
async function serveWebApp(app: FastifyInstance, env: Env) {
  const webDist = env.WEB_DIST ?? findWebDist();
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // preCompressed: the build writes .br and .gz copies of every asset (apps/web/scripts/compress-dist.mjs).
    // One route per built file (wildcard: false), not GET /*: a catch-all would also take /api paths the
    // router refuses, such as a path parameter over 100 characters (414), and answer them 404.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: 'index.html', preCompressed: true });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (!isApi && hasWeb && req.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, message: 'Route not found', code: 'NOT_FOUND' });
  });
}

function findWebDist(): string | undefined {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}
