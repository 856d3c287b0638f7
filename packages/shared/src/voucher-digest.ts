/**
 * A gift voucher's code as the registers may keep it (docs/architecture/decisions.md, 'Gift vouchers offline:
 * a digest, never the code'). The code is a bearer's secret: whoever has it spends the voucher, so it is never
 * copied to the registers. They keep this digest instead, slow to reverse, and find a typed or scanned code's
 * voucher by computing its digest. No zod here: the register takes it (docs/architecture/web.md, 'First load').
 */

/** A voucher's code: GV and 10 letters and digits (no I, L, O, U), printed as its Code 128 barcode. */
export const VOUCHER_CODE_PATTERN = /^GV[0-9A-HJKMNP-TV-Z]{10}$/;

export const VOUCHER_CODE_INVALID = 'Enter the code printed on the voucher (GV and 10 letters or digits)';

/**
 * PBKDF2-SHA-256 rounds of a digest: one takes ~20 ms in Node 20 on the two-core machine of bench/README.md
 * (a register computes one per voucher scanned; the server one per voucher sold). A code has 50 bits of its
 * own, so trying every code of a company against a copied register's table costs 2^50 digests.
 */
export const VOUCHER_DIGEST_ITERATIONS = 100_000;

/** The code as typed or scanned, as the server reads it: without surrounding spaces, upper case. */
export const normaliseVoucherCode = (code: string): string => code.trim().toUpperCase();

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The digest of a voucher's code in its company: PBKDF2-SHA-256 of the normalised code, salt
 * `pos-gift-voucher:<companyId>`, VOUCHER_DIGEST_ITERATIONS rounds, 32 bytes as lower-case hex. WebCrypto
 * (`globalThis.crypto.subtle`): Node 20 and the browser's secure context, which the offline register needs anyway.
 */
export async function voucherCodeDigest(code: string, companyId: string): Promise<string> {
  const encoder = new TextEncoder();
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', encoder.encode(normaliseVoucherCode(code)), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: encoder.encode(`pos-gift-voucher:${companyId}`),
      iterations: VOUCHER_DIGEST_ITERATIONS,
    },
    key,
    256,
  );
  return hex(bits);
}
