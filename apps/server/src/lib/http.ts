import type { PageMeta } from '@pos/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { can } from './access';

/** The success envelope `{ success: true, data, message? }` (the routes' response schemas: `envelope(...)`). */
export const ok = <T>(data: T, extra?: { meta?: PageMeta; message?: string }) => ({
  success: true as const,
  data,
  ...extra,
});

/** A page in the envelope: `{ success: true, data: items, meta }` (response schema: `paged(...)`). */
export const okPage = <T>({ items, meta }: { items: T[]; meta: PageMeta }) => ({
  success: true as const,
  data: items,
  meta,
});

/**
 * Serializes this reply through `schema` instead of the route's response schema: the cashier variants
 * (no cost fields), so an answer to a user without view_cost cannot carry cost even if a service
 * forgot to leave it out (zod drops keys a schema does not name). Call it on the success path only,
 * after the service has answered: an error thrown later would be serialized through it too.
 */
export function serializeAs(reply: FastifyReply, schema: z.ZodType): void {
  // Compiled once per route and schema (Fastify caches it by the schema object).
  const serialize = reply.compileSerializationSchema(schema as never, String(reply.statusCode));
  reply.type('application/json; charset=utf-8').serializer(serialize);
}

/**
 * For a user without view_cost (a cashier), serializes the answer through `cashierSchema`, the variant
 * without cost fields. The service has already left cost out; this is the second, independent guard.
 */
export function hideCostUnlessAllowed(req: FastifyRequest, reply: FastifyReply, cashierSchema: z.ZodType): void {
  if (!can(req.actor, 'view_cost')) serializeAs(reply, cashierSchema);
}
