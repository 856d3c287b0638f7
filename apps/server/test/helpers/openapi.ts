import { randomUUID } from 'node:crypto';
import { errorEnvelopeSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The parts of the OpenAPI description (/api/docs/json) the tests read. */
export type OpenApiOperation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
};
export type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

export async function readOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json: ${res.statusCode}`);
  return res.json();
}

/** The description of 'METHOD /api/...' (route pattern as registered), under the document's server URL. */
export function describedOperation(doc: OpenApiDocument, operation: string): OpenApiOperation | undefined {
  const [method = '', url = ''] = operation.split(' ');
  const base = doc.servers?.[0]?.url ?? '';
  if (!url.startsWith(base)) return undefined;
  const path = url.slice(base.length).replace(/:(\w+)/g, '{$1}');
  return doc.paths[path]?.[method.toLowerCase()];
}

/** The statuses the description documents for an operation (2xx and errors). */
export function documentedStatuses(doc: OpenApiDocument, operation: string): number[] {
  return Object.keys(describedOperation(doc, operation)?.responses ?? {}).map(Number);
}

/** Why a 4xx body is not the ErrorEnvelope, or undefined when it is. */
export function envelopeProblem(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 160)}`;
  }
  const result = errorEnvelopeSchema.safeParse(parsed);
  return result.success ? undefined : `not the ErrorEnvelope: ${body.slice(0, 160)}`;
}

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: unknown): Shape => (schema instanceof z.ZodObject ? (schema.shape as Shape) : ({} as Shape));

/** Values for a route's path parameters that pass their schema (an unknown id for an id). */
export function validParams(schema: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(shapeOf(schema))) {
    const options = (field as { options?: unknown[] }).options ?? [];
    const candidates = [randomUUID(), ...options.map(String), '03001234567', 'x'];
    values[name] = candidates.find((c) => field.safeParse(c).success) ?? 'x';
  }
  return values;
}

const BREAKERS = ['not-valid', '-1', ''];

/**
 * Path parameters and a query that break the route's schemas (so it must answer 400), or undefined
 * when no such input is found: one parameter or query field at a time given a value its schema
 * refuses, or the query without its required fields.
 */
export function brokenInput(
  schema: { params?: unknown; querystring?: unknown } | undefined,
): { params: Record<string, string>; query: Record<string, string> } | undefined {
  const params = validParams(schema?.params);
  for (const [name, field] of Object.entries(shapeOf(schema?.params))) {
    const bad = BREAKERS.find((b) => b !== '' && !field.safeParse(b).success);
    if (bad !== undefined) return { params: { ...params, [name]: bad }, query: {} };
  }
  const query = schema?.querystring;
  if (!(query instanceof z.ZodType)) return undefined;
  if (!query.safeParse({}).success) return { params, query: {} };
  for (const name of Object.keys(shapeOf(query))) {
    const bad = BREAKERS.find((b) => !query.safeParse({ [name]: b }).success);
    if (bad !== undefined) return { params, query: { [name]: bad } };
  }
  return undefined;
}

/** A route pattern with its parameters filled in ('/api/brands/:id' -> '/api/brands/<uuid>'), and a query. */
export function urlOf(pattern: string, params: Record<string, string>, query: Record<string, string> = {}): string {
  const path = pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
