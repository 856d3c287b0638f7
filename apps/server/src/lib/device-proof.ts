import { createPublicKey, verify } from 'node:crypto';
/**
 * Whether `signature` (base64, IEEE P1363 r || s as WebCrypto makes it) is the register's ECDSA P-256
 * SHA-256 signature of `text`: what it sent, as signed (saleSigningText of a sale,
 * cashMovementSigningText of a cash movement). A malformed key or signature is simply not a proof.
 */
export function isSignedByDevice({
  publicKey,
  text,
  signature,
}: {
  /** SPKI (DER) in base64, as the register gave it at enrolment. */
  publicKey: string;
  text: string;
  signature: string;
}): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return false;
    return verify('sha256', Buffer.from(text), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
