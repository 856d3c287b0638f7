import { z } from 'zod';

export const idSchema = z.string().uuid('Invalid id');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** `totalCapped`: `total` is a lower bound (the product search counts up to a cap; see ARCHITECTURE.md). */
export type PageMeta = { total: number; page: number; limit: number; totalPages: number; totalCapped?: boolean };

export function pageMeta({ total, page, limit }: { total: number; page: number; limit: number }): PageMeta {
  return { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export type ApiSuccess<T> = { success: true; data: T; meta?: PageMeta; message?: string };
export type ApiError = { success: false; message: string; code: string; errors?: Record<string, string> };
