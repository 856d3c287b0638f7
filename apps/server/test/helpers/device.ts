import { generateKeyPairSync, sign } from 'node:crypto';
import { cashMovementSigningText, saleSigningText } from '@pos/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { sales } from '../../src/db/schema';
import { bearer } from './factories';

/**
 * A register's key pair as the browser makes it (ECDSA P-256): the public key as enrolment sends it
 * (SPKI, base64) and `sign`, which signs a sale as the register's outbox does (saleSigningText, IEEE
 * P1363 signature in base64); `signMovement` a cash movement (cashMovementSigningText).
 */
export function makeDeviceKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signText = (text: string) =>
    sign('sha256', Buffer.from(text), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    sign: (sale: unknown) => signText(saleSigningText(sale)),
    signMovement: (movement: unknown) => signText(cashMovementSigningText(movement)),
  };
}
export type DeviceKey = ReturnType<typeof makeDeviceKey>;

/**
 * A device enrolled through the API with a new key, under `token` (the register records that user as
 * signed in on it); `trustedBy` (a Manager's or Super Admin's token) then signs in on it too, which
 * confirms the register.
 */
export async function enrolDevice(
  app: FastifyInstance,
  { token, branchId, trustedBy }: { token: string; branchId: string; trustedBy?: string },
) {
  const key = makeDeviceKey();
  const deviceId = `device-${Math.random().toString(36).slice(2)}`;
  const enrol = (as: string) =>
    app.inject({
      method: 'POST',
      url: '/api/registers',
      headers: bearer(as),
      payload: { branchId, deviceId, publicKey: key.publicKey },
    });
  const res = await enrol(token);
  if (res.statusCode >= 300) throw new Error(`enrol: ${res.statusCode} ${res.body}`);
  if (trustedBy) {
    const trusted = await enrol(trustedBy);
    if (trusted.statusCode >= 300) throw new Error(`enrol: ${trusted.statusCode} ${trusted.body}`);
  }
  const register = res.json().data as { id: string; code: string; branchId: string; trusted: boolean };
  return { register, key };
}

/** POST /transactions/batch of sales, each signed with `key` (unless `signature` says otherwise). */
export function uploadSigned(
  app: FastifyInstance,
  {
    token,
    branchId,
    key,
    sales: batch,
  }: {
    token: string;
    branchId: string;
    key: DeviceKey | null;
    sales: { sale: Record<string, unknown>; idempotencyKey?: string; signature?: string }[];
  },
) {
  return app.inject({
    method: 'POST',
    url: '/api/transactions/batch',
    headers: bearer(token),
    payload: {
      branchId,
      sales: batch.map(({ sale, idempotencyKey, signature }) => ({
        idempotency_key: idempotencyKey ?? String(sale.id),
        sale,
        ...((signature ?? key) && { signature: signature ?? key?.sign(sale) }),
      })),
    },
  });
}

/** POST /transactions/batch of offline cash movements, each signed with `key` (unless `signature` says otherwise). */
export function uploadMovements(
  app: FastifyInstance,
  {
    token,
    branchId,
    key,
    movements,
  }: {
    token: string;
    branchId: string;
    key: DeviceKey | null;
    movements: { movement: Record<string, unknown>; signature?: string }[];
  },
) {
  return app.inject({
    method: 'POST',
    url: '/api/transactions/batch',
    headers: bearer(token),
    payload: {
      branchId,
      cash_movements: movements.map(({ movement, signature }) => ({
        cash_movement: movement,
        ...((signature ?? key) && { signature: signature ?? key?.signMovement(movement) }),
      })),
    },
  });
}

/** Makes a recorded sale an exception (an offline sale with a review flag), for fixtures. */
export async function markException(db: Db, { companyId, saleId }: { companyId: string; saleId: string }) {
  await db
    .update(sales)
    .set({ offline: true, flags: sql`array['oversold']::text[]` })
    .where(and(eq(sales.companyId, companyId), eq(sales.id, saleId)));
}
