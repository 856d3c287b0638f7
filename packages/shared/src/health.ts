import { z } from 'zod';

const engine = z.enum(['pglite', 'postgresql']);

/** GET /health when the database answers. */
export const healthSchema = z.object({ success: z.literal(true), status: z.literal('ok'), database: engine });
export type Health = z.infer<typeof healthSchema>;

/** GET /health when the database does not answer (503). */
export const healthUnavailableSchema = z.object({
  success: z.literal(false),
  status: z.literal('unavailable'),
  database: engine,
  code: z.literal('DB_UNAVAILABLE'),
  message: z.string(),
});

export const healthResponses = { 200: healthSchema, 503: healthUnavailableSchema };
