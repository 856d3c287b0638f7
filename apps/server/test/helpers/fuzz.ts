import { Readable } from 'node:stream';
import fc from 'fast-check';

/**
 * Malformed requests generated from each operation's schema, shared
 * by apps/server/test/api/fuzz.test.ts (zod schemas of the registered routes, a few thousand requests
 * through app.inject) and bench/fuzz.mjs (the OpenAPI description of a started server, 10,000+ over
 * HTTP). Both describe an operation's parts as JSON Schema: the test converts the route's zod schemas
 * with z.toJSONSchema, the OpenAPI document is made from the same zod schemas.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type FuzzOperation = {
  method: string;
  /** Route pattern, ':name' for path parameters ('/api/products/:id'). */
  url: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
};

export type FuzzRequest = {
  operation: string;
  /** What was broken ('body field price: huge number', 'content-type text/plain', ...). */
  kind: string;
  method: string;
  url: string;
  auth: 'admin' | 'cashier' | 'none' | 'forged';
  headers: Record<string, string>;
  /** The raw body text, when one is sent. */
  body?: string;
};

/** Real ids of the fixtures, so that generated requests reach past the 404s into the services. */
export type FuzzIds = string[];

const HUGE_STRING = 'x'.repeat(300_000);
const BAD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.005,
  2.675,
  -0.01,
  1e21,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'text',
  '12abc',
  '1e400',
  HUGE_STRING,
  '💥\u0000\u202e',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0001-01-01',
  '2024-02-30',
  '2024-13-01',
  '9999-12-31T99:99:99Z',
  '99999-01-01',
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
];

const badValue = () =>
  fc.oneof(fc.constantFrom(...BAD_VALUES), fc.string({ maxLength: 40 }), fc.double(), fc.integer());

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

const isDateLike = (s: JsonSchema) =>
  s.format === 'date' || (s.pattern ?? '').includes('\\d{4}') || (s.pattern ?? '').includes('[0-9]{4}');

/** A value that fits the schema well enough to get past validation most of the time. */
export function validish(schema: JsonSchema | undefined, ids: FuzzIds, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(undefined);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validish(v, ids, depth + 1)));
  if (schema.allOf?.length) return validish(schema.allOf[0], ids, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const [type] = typesOf(schema);
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'email' || (schema.pattern ?? '').includes('@')) return fc.constant('fuzz@example.com');
      if (isDateLike(schema)) return fc.constantFrom('2024-01-15', '2025-06-30', '');
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 24, 24));
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -5, -1_000_000);
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1000, 1000)) });
    }
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, -1_000_000);
      const max = Math.max(min, Math.min(schema.maximum ?? 10_000, 10_000));
      return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(validish(schema.items, ids, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object':
      return objectOf(schema, ids, depth);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer());
  }
}

function objectOf(schema: JsonSchema, ids: FuzzIds, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(props)) record[key] = validish(value, ids, depth + 1);
  const requiredKeys = (schema.required ?? []).filter((k) => k in props);
  return fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A valid-ish object with one thing broken: a field's value or type, a missing or an extra field, a nested field. */
export function brokenObject(schema: JsonSchema, ids: FuzzIds): fc.Arbitrary<{ value: unknown; kind: string }> {
  const base = validish(schema, ids) as fc.Arbitrary<Record<string, unknown> | undefined>;
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const options: fc.Arbitrary<{ value: unknown; kind: string }>[] = [
    base.map((value) => ({ value, kind: 'valid-ish' })),
    fc
      .tuple(base, fc.constantFrom('__proto__', 'constructor', 'extra', 'isSuperUser', 'companyId', 'cost'), badValue())
      .map(([value, key, bad]) => ({ value: { ...(value ?? {}), [key]: bad }, kind: `extra field ${key}` })),
    badValue().map((value) => ({ value, kind: 'whole value of a wrong type' })),
  ];
  if (keys.length > 0) {
    options.push(
      fc
        .tuple(base, fc.constantFrom(...keys), badValue())
        .map(([value, key, bad]) => ({ value: { ...(value ?? {}), [key]: bad }, kind: `field ${key}: bad value` })),
    );
  }
  if (required.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...(value ?? {}) };
        delete copy[key];
        return { value: copy, kind: `missing ${key}` };
      }),
    );
  }
  // One level down: a broken field inside an array of objects (sale lines, return items).
  for (const key of keys) {
    const items = schema.properties?.[key]?.items;
    if (items?.properties && Object.keys(items.properties).length > 0) {
      const itemKeys = Object.keys(items.properties);
      options.push(
        fc
          .tuple(base, validish(items, ids), fc.constantFrom(...itemKeys), badValue())
          .map(([value, item, itemKey, bad]) => ({
            value: { ...(value ?? {}), [key]: [{ ...(item as object), [itemKey]: bad }] },
            kind: `${key}[0].${itemKey}: bad value`,
          })),
      );
    }
  }
  return fc.oneof(...options);
}

function toQuery(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `q=${encodeURIComponent(String(value))}`;
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) params.append(key, String(item));
    else params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

const RAW_QUERIES = ['branchId[]=1', 'page=-1&limit=1000000', '%zz=%E0%A4%A', 'branchId=', '&&&=', 'a'.repeat(5000)];
const BROKEN_JSON = ['{"a":', '{', 'nul', '[1,2', '\u0000', '{"a":1}garbage', '"just a string"', '{"items":[{]}', ''];
const CONTENT_TYPES: [string, (json: string) => string][] = [
  ['text/plain', (json) => json],
  ['application/x-www-form-urlencoded', () => 'name=x&branchId=1'],
  ['multipart/form-data; boundary=zz', () => '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--'],
  ['application/xml', () => '<a>1</a>'],
  ['application/json; charset=utf-16', (json) => json],
  ['application/json', () => '{"a":1,"a":2}'],
];

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** One generated request for an operation: its path, query and body mostly well-formed, one part broken. */
export function requestFor(op: FuzzOperation, ids: FuzzIds): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...op.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const paramValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: badValue().map((v) => (typeof v === 'string' ? v.slice(0, 300) : (JSON.stringify(v) ?? 'x'))),
    },
  );
  const path = fc.tuple(...paramNames.map(() => paramValue)).map((values) => {
    let url = op.url;
    paramNames.forEach((name, i) => {
      url = url.replace(`:${name}`, encodeURIComponent(String(values[i] ?? '')));
    });
    return url;
  });
  const query = op.querystring
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: brokenObject(op.querystring, ids).map(({ value, kind }) => ({
            text: toQuery(value),
            kind: `query ${kind}`,
          })),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((text) => ({ text, kind: 'raw query' })) },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant({ text: '', kind: 'no query' }) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((text) => ({ text, kind: 'unexpected query' })) },
      );
  const json = op.body ? brokenObject(op.body, ids) : badValue().map((value) => ({ value, kind: 'unexpected body' }));
  const body = hasBody(op.method)
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: json.map(({ value, kind }) => ({
            text: value === undefined ? undefined : JSON.stringify(value),
            contentType: 'application/json',
            kind: `body ${kind}`,
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...BROKEN_JSON)
            .map((text) => ({ text, contentType: 'application/json', kind: 'broken JSON' })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(json, fc.constantFrom(...CONTENT_TYPES)).map(([{ value }, [type, make]]) => ({
            text: make(JSON.stringify(value ?? {})),
            contentType: type,
            kind: `content-type ${type}`,
          })),
        },
      )
    : fc.constant({ text: undefined as string | undefined, contentType: '', kind: '' });
  const auth = fc.constantFrom<FuzzRequest['auth']>(
    'admin',
    'admin',
    'admin',
    'admin',
    'cashier',
    'cashier',
    'none',
    'forged',
  );
  return fc.tuple(path, query, body, auth).map(([url, q, b, who]) => ({
    operation: `${op.method} ${op.url}`,
    kind: [q.kind, b.kind].filter(Boolean).join('; '),
    method: op.method,
    url: q.text ? `${url}?${q.text}` : url,
    auth: who,
    headers: (b.text !== undefined && b.contentType ? { 'content-type': b.contentType } : {}) as Record<string, string>,
    ...(b.text !== undefined && { body: b.text }),
  }));
}

/**
 * OVERSIZED BODIES: one byte and more over the operation's body limit, sent with a Content-Length (refused
 * unread) and streamed without one (chunked: refused once the limit is passed). A JSON body
 * for JSON operations; a CSV file for upload operations (those with a bodyLimit of their own), with
 * rows of a column the import ignores, so the size is all that is tested. Path parameters get the
 * first value of their enum or a real id, and `branchId` a real branch, so a streamed upload reaches
 * the reading of its body. Each must answer 413 in the error envelope.
 */
export type OversizedRequest = {
  kind: string;
  url: string;
  headers: Record<string, string>;
  /** A new payload per call (a stream is read once). */
  payload: () => Buffer | Readable;
};

export function oversizedRequests(
  op: FuzzOperation,
  { limit, upload, branchId, id }: { limit: number; upload: boolean; branchId: string; id: string },
): OversizedRequest[] {
  let url = op.url;
  for (const [, name = ''] of op.url.matchAll(/:([A-Za-z]+)/g)) {
    const value = op.params?.properties?.[name]?.enum?.[0] ?? id;
    url = url.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  url = `${url}?branchId=${branchId}`;
  const head = Buffer.from(upload ? 'Name,SKU,Price,Comment\n' : '{"name":"');
  const filler = Buffer.from(upload ? `,,,${'y'.repeat(1020)}\n` : 'x'.repeat(1024));
  const times = Math.ceil((limit + 1 - head.length) / filler.length);
  const tail = Buffer.from(upload ? '' : '"}');
  const contentType = upload ? 'text/csv' : 'application/json';
  const whole = () => Buffer.concat([head, ...Array.from({ length: times }, () => filler), tail]);
  const chunks = function* () {
    yield head;
    for (let i = 0; i < times; i++) yield filler;
    yield tail;
  };
  return [
    { kind: 'oversized body with Content-Length', url, headers: { 'content-type': contentType }, payload: whole },
    {
      kind: 'oversized body streamed (chunked)',
      url,
      headers: { 'content-type': contentType },
      payload: () => Readable.from(chunks()),
    },
  ];
}

/**
 * What every answer must be: no 5xx; a 4xx is JSON in the error envelope { success: false, message,
 * code }. Returns the problem, or undefined.
 */
export function checkAnswer(status: number, body: string): string | undefined {
  if (status >= 500) return `status ${status}: ${body.slice(0, 200)}`;
  if (status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `status ${status} without a JSON body: ${body.slice(0, 200)}`;
  }
  const e = parsed as { success?: unknown; message?: unknown; code?: unknown };
  if (e.success !== false || typeof e.message !== 'string' || e.message === '' || typeof e.code !== 'string') {
    return `status ${status} outside the error envelope: ${body.slice(0, 200)}`;
  }
  return undefined;
}

/**
 * The operations of an OpenAPI 3 document (bench/fuzz.mjs reads /api/docs/json of a started server),
 * their paths under the document's (relative) server URL: '/api'.
 */
export function operationsFromOpenApi(doc: {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  const base = (doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  for (const [relative, methods] of Object.entries(doc.paths)) {
    const path = base + relative;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, spec] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const part = (where: string): JsonSchema | undefined => {
        const list = (spec.parameters ?? []).filter((p) => p.in === where);
        if (list.length === 0) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
          required: list.filter((p) => p.required).map((p) => p.name),
        };
      };
      ops.push({
        method: method.toUpperCase(),
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        params: part('path'),
        querystring: part('query'),
        body: spec.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
