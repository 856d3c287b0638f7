import { z } from 'zod';
import { envelope, idSchema, instantSchema, paged, pageQuerySchema } from './common';

/**
 * Registers (DESIGN.md section 10): a device that opens the register is enrolled to a
 * branch once and gets a short code unique in the branch (R1, R2, ...). Offline receipt numbers are
 * `<code>-<6-digit register sequence>`.
 */

/** The device id a register keeps in IndexedDB: any opaque text of 1 to 100 characters. */
export const deviceIdSchema = z
  .string({ error: 'Device id is required' })
  .trim()
  .min(1, 'Device id is required')
  .max(100, 'Device id must be at most 100 characters');

/** A register's public key: SPKI (DER) in base64, as WebCrypto exports an ECDSA P-256 key. */
export const devicePublicKeySchema = z
  .string()
  .trim()
  .min(40, 'Invalid public key')
  .max(400, 'Invalid public key')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Invalid public key');

export const enrolRegisterSchema = z.object({
  branchId: idSchema,
  deviceId: deviceIdSchema,
  /** The device's key (made at enrolment, kept on the device): what it signs offline is checked with it. */
  publicKey: devicePublicKeySchema.optional(),
});
export type EnrolRegisterInput = z.infer<typeof enrolRegisterSchema>;

export const registerListQuerySchema = pageQuerySchema.extend({ branchId: idSchema });

export const registerIdParamsSchema = z.object({ id: idSchema });
export const registerApproversQuerySchema = z.object({ branchId: idSchema });

// The register code and offline receipt number patterns are in receipt-numbers.ts (no zod: the register's outbox takes them).

export const registerSchema = z.object({
  id: z.string(),
  branchId: z.string(),
  code: z.string(),
  /** A manager (or Super Admin) has signed in on the device with this key: its offline claims count. */
  trusted: z.boolean(),
});
export type Register = z.infer<typeof registerSchema>;

export const registerListItemSchema = registerSchema.extend({
  deviceId: z.string(),
  createdAt: instantSchema,
  lastSeenAt: instantSchema,
});
export type RegisterListItem = z.infer<typeof registerListItemSchema>;

/**
 * Who may approve at this register while it is offline: the branch's approvers with a PIN, and the
 * PIN's argon2id hash (PHC string) the register checks a PIN against without the server.
 */
export const registerApproverSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  pinHash: z.string(),
});
export type RegisterApprover = z.infer<typeof registerApproverSchema>;

export const registerResponses = {
  enrol: envelope(registerSchema),
  list: paged(registerListItemSchema),
  approvers: envelope(z.object({ items: z.array(registerApproverSchema) })),
};
