import { z } from 'zod';
import { hasQuantityDecimals, QUANTITY_MSG } from './units';

export const idSchema = z.string().uuid('Invalid id');

/** The longest name of a brand, category or product (characters, after trimming). */
export const NAME_MAX = 200;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

const count = z.number().int().min(0);

/** `totalCapped`: `total` is a lower bound (the product search counts to a cap: docs/architecture/catalogue.md). */
export const pageMetaSchema = z.object({
  total: count,
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  totalCapped: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function pageMeta({ total, page, limit }: { total: number; page: number; limit: number }): PageMeta {
  return { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/*
 * Response contracts. Every route declares the schema of its 2xx answer (docs/architecture/requests.md,
 * 'Response contracts'); the server serializes through it and the web app types its calls by it.
 * Response schemas have no transforms or defaults, so what they describe is what the wire carries.
 */

/** An amount in the currency: a JSON number with at most 2 decimals (integer minor units on the server). */
export const moneySchema = z.number();
/** A count of things: a whole number, 0 or more. */
export const countSchema = count;
/**
 * Units on hand (a product's stock, a movement's before and after): a number with up to 3 decimals that may be below 0, since a
 * sale made offline is recorded even when the stock has meanwhile gone short (flagged for the manager).
 */
export const stockLevelSchema = z.number();
/** An instant: ISO 8601 in UTC, as Date.prototype.toISOString writes it. */
export const instantSchema = z.iso.datetime();
/** A reference to another record with its display name. */
export const namedRefSchema = z.object({ id: z.string(), name: z.string() });

/** The success envelope `{ success: true, data, message? }` around one answer. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

/** A page: `{ success: true, data: [...], meta: { total, page, limit, totalPages, totalCapped? }, message? }`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: pageMetaSchema, message: z.string().optional() });

/**
 * A replica's lag past which an answer read from it says its figures are stale, and the screens say how
 * old they are (docs/architecture/database.md, 'Reads from a replica').
 */
export const REPLICA_STALE_SECONDS = 5;

/** How fresh an answer read from a replica is: `lagSeconds` behind the primary when it was read. */
export const freshnessSchema = z.object({
  source: z.literal('replica'),
  lagSeconds: z.number().min(0),
  stale: z.boolean(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

/**
 * The success envelope of a route that reads a replica when there is one (reports, the analytics):
 * `meta.freshness` when its data was read there.
 */
export const replicaEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    data,
    meta: z.object({ freshness: freshnessSchema }).optional(),
    message: z.string().optional(),
  });

/** The success envelope's type (what `envelope(schema)` describes). */
export type Envelope<T> = { success: true; data: T; message?: string };
/** A page's type (what `paged(schema)` describes). */
export type Paged<T> = { success: true; data: T[]; meta: PageMeta; message?: string };

export type ApiSuccess<T> = { success: true; data: T; meta?: PageMeta; message?: string };

/**
 * The error envelope of every 4xx: `{ success: false, message, code, errors? }` (`errors`: a message per
 * field, keyed by its path). Named `ErrorEnvelope` in the OpenAPI description, where every operation's
 * error answers refer to it (docs/architecture/requests.md, 'API conventions').
 */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    message: z.string().min(1),
    code: z.string().min(1),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .meta({ id: 'ErrorEnvelope' });
export type ApiError = z.infer<typeof errorEnvelopeSchema>;

// Quantities (units.ts): the schemas here, so units.ts imports no zod and the register's first load takes it.

/** A request's quantity: a number above 0 with at most 3 decimals, up to `max`. */
export const quantityInput = ({
  invalid,
  tooLarge,
  max,
  min = 'positive',
}: {
  invalid: string;
  tooLarge: string;
  max: number;
  min?: 'positive' | 'zero';
}) =>
  z
    .number({ error: invalid })
    .refine((q) => (min === 'zero' ? q >= 0 : q > 0), { message: invalid })
    .refine(hasQuantityDecimals, { message: QUANTITY_MSG.decimals })
    .max(max, tooLarge);

/** A quantity in an answer: at most 3 decimals, 0 or more. */
export const quantitySchema = z.number().min(0);
