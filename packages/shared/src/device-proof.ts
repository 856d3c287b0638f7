import canonicalize from 'canonicalize';

// What an enrolled register proves about a sale it made on its own (docs/architecture/register-trust.md). No zod in
// this module: the register's outbox takes it on the first load.

/** The key pair a register makes at enrolment (WebCrypto, non-extractable private key). */
export const DEVICE_KEY_PARAMS = { name: 'ECDSA', namedCurve: 'P-256' } as const;
/** How a register signs (an IEEE P1363 signature, r || s, as WebCrypto gives it). */
export const DEVICE_SIGN_PARAMS = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * The text a register signs for one queued sale, and the server verifies: the sale exactly as sent in
 * the batch, in RFC 8785 canonical JSON (keys sorted, numbers in their shortest form), so the same
 * object gives the same bytes on both sides whatever order its keys were written in.
 */
export function saleSigningText(sale: unknown): string {
  const text = canonicalize(sale);
  if (text === undefined) throw new Error('A sale must be a JSON object');
  return text;
}

/**
 * The text a register signs for one queued cash movement (paid in / out): the movement as sent, inside
 * `{ "cash_movement": ... }`, so no signed movement reads as a signed sale or the reverse.
 */
export function cashMovementSigningText(movement: unknown): string {
  return saleSigningText({ cash_movement: movement });
}

/** Refusal codes of a device claim (403). */
export const DEVICE_PROOF_REQUIRED = 'DEVICE_PROOF_REQUIRED';
export const DEVICE_PROOF_INVALID = 'DEVICE_PROOF_INVALID';
export const REGISTER_NOT_TRUSTED = 'REGISTER_NOT_TRUSTED';

export const DEVICE_MSG = {
  proofRequired:
    'An offline sale, its sale time, receipt number, cashier or approval are accepted only from the register that made it, signed by it',
  proofInvalid: "The register's signature does not match this sale",
  movementProofRequired:
    'A cash movement recorded offline is accepted only from the register that made it, signed by it',
  movementProofInvalid: "The register's signature does not match this cash movement",
  notTrusted: 'This register is not confirmed yet: a manager must sign in on it once while it is online',
  keyTaken: 'This register already has another key: a manager must enrol the device again',
} as const;
