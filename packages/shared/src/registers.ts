import { z } from 'zod';
import { envelope, idSchema, instantSchema, paged, pageQuerySchema } from './common';

/**
 * Registers (issue 14, DESIGN.md section 10): a device that opens the register is enrolled to a
 * branch once and gets a short code unique in the branch (R1, R2, ...). Offline receipt numbers are
 * `<code>-<6-digit register sequence>`.
 */

/** The device id a register keeps in IndexedDB: any opaque text of 1 to 100 characters. */
export const deviceIdSchema = z
  .string({ error: 'Device id is required' })
  .trim()
  .min(1, 'Device id is required')
  .max(100, 'Device id must be at most 100 characters');

export const enrolRegisterSchema = z.object({
  branchId: idSchema,
  deviceId: deviceIdSchema,
});
export type EnrolRegisterInput = z.infer<typeof enrolRegisterSchema>;

export const registerListQuerySchema = pageQuerySchema.extend({ branchId: idSchema });

// The register code and offline receipt number patterns are in receipt-numbers.ts (no zod: the register's outbox takes them).

export const registerSchema = z.object({ id: z.string(), branchId: z.string(), code: z.string() });
export type Register = z.infer<typeof registerSchema>;

export const registerListItemSchema = registerSchema.extend({
  deviceId: z.string(),
  createdAt: instantSchema,
  lastSeenAt: instantSchema,
});
export type RegisterListItem = z.infer<typeof registerListItemSchema>;

export const registerResponses = {
  enrol: envelope(registerSchema),
  list: paged(registerListItemSchema),
};
