import { z } from 'zod';

const engine = z.enum(['pglite', 'postgresql']);

/**
 * GET /health with DATABASE_READ_URL set: whether the replica answers and how far behind the primary it
 * is (null when it does not answer, or names no replica). It does not change the status: the server
 * serves without it (its reads go to the primary).
 */
export const healthReplicaSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  lagSeconds: z.number().min(0).nullable(),
});

/** GET /health when the database answers. */
export const healthSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: engine,
  replica: healthReplicaSchema.optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /health when the database does not answer (503). */
export const healthUnavailableSchema = z.object({
  success: z.literal(false),
  status: z.literal('unavailable'),
  database: engine,
  code: z.literal('DB_UNAVAILABLE'),
  message: z.string(),
  replica: healthReplicaSchema.optional(),
});

export const healthResponses = { 200: healthSchema, 503: healthUnavailableSchema };
