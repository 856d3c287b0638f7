import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normaliseVoucherCode, VOUCHER_DIGEST_ITERATIONS, voucherCodeDigest, voucherCodeSchema } from '../src';

const COMPANY = '0b9c8a6e-3f2d-4c1b-9a7e-5d4c3b2a1f00';
const CODE = 'GV7K2M9P4QXR';

/** The same digest by another implementation: Node's own PBKDF2 (OpenSSL), not WebCrypto. */
const byNode = (code: string, companyId: string) =>
  pbkdf2Sync(code, `pos-gift-voucher:${companyId}`, VOUCHER_DIGEST_ITERATIONS, 32, 'sha256').toString('hex');

describe('voucherCodeDigest', () => {
  it('is PBKDF2-SHA-256 of the code, salted with the company, 100,000 rounds, 32 bytes in lower-case hex', async () => {
    expect(VOUCHER_DIGEST_ITERATIONS).toBe(100_000);
    const digest = await voucherCodeDigest(CODE, COMPANY);
    expect(digest).toBe(byNode(CODE, COMPANY));
    // Pinned once from pbkdf2Sync: a change of salt, rounds or encoding breaks every register's table.
    expect(digest).toBe('3d7b0e38f302c3b029e9fd1f5bd55de6e20b0ad8bca74fef2eb905ff57814e81');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the code as the server does (spaces around it, any case); another company gets another digest', async () => {
    const digest = await voucherCodeDigest(CODE, COMPANY);
    expect(await voucherCodeDigest(`  ${CODE.toLowerCase()}\n`, COMPANY)).toBe(digest);
    expect(normaliseVoucherCode(' gv7k2m9p4qxr ')).toBe(voucherCodeSchema.parse(' gv7k2m9p4qxr '));
    expect(await voucherCodeDigest(CODE, 'another-company')).not.toBe(digest);
    expect(await voucherCodeDigest('GV7K2M9P4QXS', COMPANY)).not.toBe(digest);
  });
});
