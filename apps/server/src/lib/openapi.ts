import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { errorEnvelopeSchema } from '@pos/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI description (/api/docs/json; `npm run test:openapi` lints it): derived from the routes in
 * one place, so that a route only states what its shape cannot tell (docs/architecture/requests.md, 'API
 * conventions'). Per operation:
 * - operationId: `schema.operationId`, else camelCase of method and path (`PATCH /api/brands/:id` ->
 *   `patchBrandsById`): stable, unique, readable;
 * - summary: `schema.summary`, one line, declared by every route (a test names the routes without one);
 * - security: the bearer token for every route behind the auth hook (lib/auth-hook.ts marks them),
 *   `schema.security` where a route states its own (the event stream's ticket), none otherwise;
 * - error answers, each in the ErrorEnvelope: the ones that follow from the route's shape (below,
 *   `derivedErrorStatuses`) and the ones that follow from what its service does, declared by the route
 *   as `schema.errors` (403 for a role that may not, 409 for a conflict, 401/422/429 of their own).
 */

export const ERROR_ANSWERS = {
  400: 'Bad request: the input breaks its schema or a rule (the message says which; `errors` names the fields)',
  401: 'Unauthorized: no valid credentials (a missing, expired or revoked token, a wrong password)',
  403: "Forbidden: the caller's role may not do this (whatever the ids), or an approval or device proof is refused",
  404: "Not found: an id in the path, query or body does not exist or is outside the caller's reach",
  409: 'Conflict: the request clashes with the current state (a duplicate, a status that has moved on, stock that changed)',
  413: "Payload too large: the body is over the route's limit (the message names it)",
  414: 'URI too long: a path parameter over 100 characters',
  415: 'Unsupported media type: the body is not of a type the route reads',
  422: 'Unprocessable: a repeated request that does not match the first one (an idempotency key reused for another body)',
  429: 'Too many requests: wait for the seconds in Retry-After',
} as const;
export type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** The security of a route behind the bearer-token hook. */
const BEARER = [{ bearer: [] }] as const;

/** Marks a route as behind the bearer-token hook (lib/auth-hook.ts calls it for every route of its scope). */
export function requireBearer(route: RouteOptions): void {
  route.schema = { ...route.schema, security: route.schema?.security ?? BEARER };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Whether a zod schema names an id (a uuid) anywhere: an id out of reach answers 404 wherever it sits. */
function namesAnId(schema: unknown): boolean {
  if (!(schema instanceof z.ZodType)) return false;
  return JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).includes('"format":"uuid"');
}

/**
 * The error answers that follow from a route's shape: a body (POST/PUT/PATCH: malformed JSON or a
 * broken schema 400, over the body limit 413, another content type 415), a query or path parameters
 * (400 when they break their schema; a path parameter over the router's 100 characters 414), the
 * bearer token or a ticket (401), an id anywhere (404).
 */
export function derivedErrorStatuses(method: string, url: string, schema: FastifySchema | undefined): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  if (BODY_METHODS.has(method)) for (const status of [400, 413, 415] as const) statuses.add(status);
  if (schema?.querystring || schema?.params) statuses.add(400);
  if (url.includes('/:')) statuses.add(414);
  if (schema?.security && schema.security.length > 0) statuses.add(401);
  if ([schema?.params, schema?.querystring, schema?.body].some(namesAnId)) statuses.add(404);
  return [...statuses];
}

/** Every error answer of a route: derived from its shape, plus the ones it declares. */
export function errorStatusesOf(method: string, url: string, schema: FastifySchema | undefined): ErrorStatus[] {
  const all = new Set([...derivedErrorStatuses(method, url, schema), ...(schema?.errors ?? [])]);
  return [...all].sort((x, y) => x - y);
}

/** `PATCH /api/brands/:id/usage` -> `patchBrandsByIdUsage` (the /api prefix is the server's). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const errorAnswer = (status: ErrorStatus) => ({
  description: ERROR_ANSWERS[status],
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Per route: operationId, security and error answers added, then zod turned into JSON Schema. */
function describeOperation(input: TransformInput) {
  const { route } = input as TransformInput & { route: RouteOptions };
  const schema = input.schema as FastifySchema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const method = [route.method].flat()[0] ?? 'GET';
  const { errors: _declared, ...rest } = schema;
  const response = { ...(schema.response as Record<string, unknown>) };
  for (const status of errorStatusesOf(method, route.url, schema)) response[status] ??= errorAnswer(status);
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...rest,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      security: schema.security ?? [],
      response,
    },
  });
}

const STATUS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 503: 'Service unavailable' };

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
  components: { schemas: Record<string, unknown> };
};

/**
 * The components of zod's registry added (ErrorEnvelope; zod also writes an input variant of each, kept
 * only where something refers to it), and 2xx answers described by their status.
 */
function describeDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as unknown as OpenApiDocument;
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response') answer.description = STATUS_TEXT[status] ?? 'Answer';
      }
    }
  }
  const text = JSON.stringify(document);
  for (const name of Object.keys(document.components.schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete document.components.schemas[name];
  }
  return document as unknown as ReturnType<typeof jsonSchemaTransformObject>;
}

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: 'Multi-branch POS API',
      version: '0.1.0',
      description:
        'Every answer is an envelope: `{ success: true, data, meta?, message? }`, or for a 4xx the ErrorEnvelope ' +
        '`{ success: false, message, code, errors? }`. Sign in with POST /auth/login, then send the token as ' +
        '`Authorization: Bearer <token>`.',
    },
    // Relative: the API is served under /api of whatever address the app is reached at.
    servers: [{ url: '/api', description: 'This server' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        // GET /events (EventSource sends no headers): a short-lived ticket from POST /events/ticket.
        eventTicket: { type: 'apiKey', in: 'query', name: 'ticket' },
      },
    },
  },
  transform: describeOperation as FastifyDynamicSwaggerOptions['transform'],
  transformObject: describeDocument as FastifyDynamicSwaggerOptions['transformObject'],
};
