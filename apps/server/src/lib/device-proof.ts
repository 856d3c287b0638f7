import { createPublicKey, verify } from 'node:crypto';
import { saleSigningText } from '@pos/shared';

/**
 * Whether `signature` (base64, IEEE P1363 r || s as WebCrypto makes it) is the register's ECDSA P-256
 * SHA-256 signature of the sale as sent (saleSigningText). A malformed key or signature is simply not
 * a proof.
 */
export function isSignedByDevice({
  publicKey,
  sale,
  signature,
}: {
  /** SPKI (DER) in base64, as the register gave it at enrolment. */
  publicKey: string;
  sale: unknown;
  signature: string;
}): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return false;
    return verify(
      'sha256',
      Buffer.from(saleSigningText(sale)),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}
